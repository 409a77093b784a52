import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button, Dialog, FormField, Input, Textarea, type DialogProps } from '@charity/ui';
import { componentDocs } from './support/docs';

/** Controlled as the site uses it: a trigger sets open, the dialog reports onOpenChange. */
function WithTrigger(props: DialogProps & { triggerLabel?: string }) {
  const { triggerLabel = 'Add Event', ...dialogProps } = props;
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{triggerLabel}</Button>
      <Dialog
        {...dialogProps}
        open={open}
        onOpenChange={(next) => {
          props.onOpenChange(next);
          setOpen(next);
        }}
      />
    </>
  );
}

const eventForm = (
  <div style={{ display: 'grid', gap: '1rem' }}>
    <FormField label="Event Title" required>
      <Input name="title" />
    </FormField>
    <FormField label="Description" required>
      <Textarea name="description" />
    </FormField>
  </div>
);

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  parameters: {
    docs: componentDocs({
      summary: 'The modal dialog used by every form and confirmation, built on Radix Dialog.',
      usage: `<Dialog open={open} onOpenChange={setOpen} title="Add New Event" size="2xl"
  footer={<Button onClick={save}>Create Event</Button>}>
  …
</Dialog>`,
      a11y: [
        'Focus is trapped while open and returned to the trigger on close; Escape and the labelled close button close it.',
        'The title labels the dialog; an optional description is linked with `aria-describedby`.',
      ],
    }),
  },
  args: {
    open: false,
    onOpenChange: fn(),
    title: 'Add New Event',
    size: '2xl',
    children: eventForm,
    footer: (
      <>
        <Button variant="ghost">Cancel</Button>
        <Button disabled>Create Event</Button>
      </>
    ),
  },
  render: (args) => <WithTrigger {...args} />,
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/** Opens from its trigger and keeps focus inside while Tab goes round it. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Add Event' });
    await userEvent.click(trigger);
    const dialog = await body.findByRole('dialog', { name: 'Add New Event' });
    // Focus starts on the first field and never leaves the dialog while tabbing round it.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Event Title' })).toHaveFocus());
    for (let i = 0; i < 6; i += 1) {
      await userEvent.tab();
      await expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.tab({ shift: true });
    await expect(dialog.contains(document.activeElement)).toBe(true);
  },
};

/** Escape closes it and hands focus back to the trigger. */
export const DefaultThenEscape: Story = {
  name: 'Default → Escape',
  tags: ['!visual'], // Ends with the dialog closed, only its trigger left: Default shows it open.
  play: async (context) => {
    await Default.play?.(context);
    const { canvas, args } = context;
    const trigger = canvas.getByRole('button', { name: 'Add Event', hidden: true });
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** A dialog opened from inside another, whose act disables its own trigger: focus goes back to the outer dialog. */
function NestedWithDisablingAct(props: DialogProps) {
  const [inner, setInner] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <Dialog open onOpenChange={props.onOpenChange} title="Donation #1042">
      <p>{done ? 'Refunded in full.' : 'Nothing refunded yet.'}</p>
      <Button onClick={() => setInner(true)} disabled={done}>
        Refund
      </Button>
      <Dialog
        open={inner}
        onOpenChange={setInner}
        title="Refund donation #1042"
        size="md"
        footer={
          <Button
            onClick={() => {
              setDone(true);
              setInner(false);
            }}
          >
            Refund ₹1,000
          </Button>
        }
      />
    </Dialog>
  );
}

export const TriggerDisabledByTheAct: Story = {
  render: (args) => <NestedWithDisablingAct {...args} />,
  play: async () => {
    const outer = await body.findByRole('dialog', { name: 'Donation #1042' });
    await userEvent.click(within(outer).getByRole('button', { name: 'Refund' }));
    const inner = await body.findByRole('dialog', { name: 'Refund donation #1042' });
    await userEvent.click(within(inner).getByRole('button', { name: 'Refund ₹1,000' }));
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Refund donation #1042' })).toBeNull());
    await expect(within(outer).getByRole('button', { name: 'Refund' })).toBeDisabled();
    // Not lost to the page: the outer dialog holds focus, so Tab and Escape still work inside it.
    await waitFor(() => expect(outer).toHaveFocus());
    await userEvent.tab();
    await expect(outer.contains(document.activeElement)).toBe(true);
  },
};

export const Open: Story = {
  args: { open: true, description: 'Fields marked * are required.' },
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Add New Event' });
    await expect(dialog).toHaveAccessibleDescription('Fields marked * are required.');
    await expect(within(dialog).getByRole('button', { name: 'Create Event' })).toBeDisabled();
    await expect(dialog).toHaveClass('cs-dialog--2xl');
  },
};

export const CloseButton: Story = {
  args: { open: true },
  play: async ({ args }) => {
    const dialog = await body.findByRole('dialog', { name: 'Add New Event' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

export const Small: Story = {
  args: {
    open: true,
    size: 'sm',
    title: 'Delete event?',
    description: 'Are you sure you want to delete this event? This will also delete all associated images.',
    children: undefined,
    footer: (
      <>
        <Button variant="ghost">Cancel</Button>
        <Button variant="danger">Delete</Button>
      </>
    ),
  },
  play: async () => {
    const dialog = await body.findByRole('dialog', { name: 'Delete event?' });
    await expect(dialog).toHaveClass('cs-dialog--sm');
    await expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete this event? This will also delete all associated images.',
    );
  },
};

export const Medium: Story = {
  args: { open: true, size: 'md', title: 'Edit Event' },
  play: async () => {
    await expect(await body.findByRole('dialog', { name: 'Edit Event' })).toHaveClass('cs-dialog--md');
  },
};

export const Large: Story = {
  args: { open: true, size: 'lg', title: 'Edit Event' },
  play: async () => {
    await expect(await body.findByRole('dialog', { name: 'Edit Event' })).toHaveClass('cs-dialog--lg');
  },
};
