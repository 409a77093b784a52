import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { EventFormModal } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Events/EventFormModal',
  component: EventFormModal,
  parameters: {
    docs: componentDocs({
      summary: 'The admin\'s add/edit event dialog.',
      usage: `<EventFormModal open mode="add" onSubmit={save} onOpenChange={setOpen} />`,
      a11y: [
        'A modal dialog (focus trapped, Escape closes); a save error is an alert and the form is `aria-busy` while saving.',
      ],
    }),
  },
  // A fixed 'today', so the past-date warning does not move with the calendar.
  args: { open: true, mode: 'add', onSubmit: fn(), onOpenChange: fn(), today: '2026-11-22' },
} satisfies Meta<typeof EventFormModal>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
async function dialog(name: string) {
  const found = await body.findByRole('dialog', { name });
  await waitFor(() => expect(found).toBeVisible());
  return within(found);
}

/** 'Add New Event': the six fields, status Upcoming, 'Create Event' disabled until title and description. */
export const Add: Story = {
  play: async ({ args }) => {
    const modal = await dialog('Add New Event');
    const title = modal.getByRole('textbox', { name: 'Event Title' });
    const description = modal.getByRole('textbox', { name: 'Description' });
    await expect(title).toHaveAttribute('aria-required', 'true');
    await expect(modal.getByText('Event Title', { selector: 'label' })).toHaveTextContent('Event Title *');
    await expect(modal.getByText('Description', { selector: 'label' })).toHaveTextContent('Description *');
    await expect(modal.getByLabelText('Event Date')).toHaveAttribute('type', 'date');
    await expect(modal.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Upcoming');
    await expect(modal.getByRole('textbox', { name: 'Location' })).toBeVisible();
    await expect(modal.getByRole('textbox', { name: 'Impact' })).toBeVisible();
    const create = modal.getByRole('button', { name: 'Create Event' });
    await expect(create).toBeDisabled();
    await userEvent.type(title, '  Health Camp ');
    await expect(create).toBeDisabled();
    await userEvent.type(description, 'Free checkups');
    await expect(create).toBeEnabled();
    await userEvent.type(modal.getByLabelText('Event Date'), '2026-03-15');
    await userEvent.click(modal.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await body.findByRole('option', { name: 'Ongoing' }));
    await userEvent.click(create);
    // Formatted by the domain: trimmed, blank location and impact as null.
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({
      title: 'Health Camp',
      description: 'Free checkups',
      date: '2026-03-15',
      location: null,
      impact: null,
      status: 'ongoing',
    });
  },
};

/**
 * The date picked is said in words under the field (the browser's control shows its own locale's order); an
 * 'Upcoming' event dated before today gets a warning, which goes once the status or the date says otherwise.
 */
export const PastDateWarning: Story = {
  play: async () => {
    const modal = await dialog('Add New Event');
    const date = modal.getByLabelText('Event Date');
    await userEvent.type(date, '2026-11-01');
    const warning = 'This date has passed. Visitors will see the event as Upcoming until you change its status.';
    await expect(date).toHaveAccessibleDescription(`1 November 2026 ${warning}`);
    await userEvent.clear(date);
    await userEvent.type(date, '2026-12-24');
    await expect(date).toHaveAccessibleDescription('24 December 2026');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-01');
    await userEvent.click(modal.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await body.findByRole('option', { name: 'Completed' }));
    await expect(date).toHaveAccessibleDescription('1 November 2026');
    await expect(modal.queryByText(warning)).toBeNull();
  },
};

/** 'Edit Event' starts from the event's values and says 'Update Event'. */
export const Edit: Story = {
  args: {
    mode: 'edit',
    initialValues: {
      title: 'Book Fair',
      description: 'Books for every child',
      date: '2025-12-20',
      location: 'Pune',
      impact: '500 books given',
      status: 'completed',
    },
  },
  play: async ({ args }) => {
    const modal = await dialog('Edit Event');
    await expect(modal.getByRole('textbox', { name: 'Event Title' })).toHaveValue('Book Fair');
    await expect(modal.getByLabelText('Event Date')).toHaveValue('2025-12-20');
    await expect(modal.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Completed');
    await expect(modal.getByRole('textbox', { name: 'Impact' })).toHaveValue('500 books given');
    const update = modal.getByRole('button', { name: 'Update Event' });
    await expect(update).toBeEnabled();
    await userEvent.clear(modal.getByRole('textbox', { name: 'Location' }));
    await userEvent.click(update);
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({
      title: 'Book Fair',
      description: 'Books for every child',
      date: '2025-12-20',
      location: null,
      impact: '500 books given',
      status: 'completed',
    });
  },
};

/** Only spaces in the description: still disabled, and Enter does not submit. */
export const Invalid: Story = {
  args: { mode: 'edit', initialValues: { title: 'Book Fair', description: '   ' } },
  play: async ({ args }) => {
    const modal = await dialog('Edit Event');
    await expect(modal.getByRole('button', { name: 'Update Event' })).toBeDisabled();
    await userEvent.click(modal.getByRole('textbox', { name: 'Event Title' }));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Saving: 'Saving...' on a disabled button; Escape and Cancel cannot close it mid-save. */
export const Saving: Story = {
  args: { mode: 'add', saving: true, initialValues: { title: 'Health Camp', description: 'Free checkups' } },
  play: async ({ args }) => {
    const modal = await dialog('Add New Event');
    const saving = modal.getByRole('button', { name: 'Saving...' });
    await expect(saving).toBeDisabled();
    await expect(saving).toHaveAttribute('aria-busy', 'true');
    await expect(modal.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(modal.getByRole('textbox', { name: 'Event Title' })).toHaveAttribute('readonly');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** A failed save: the reason at the top of the form. */
export const SaveFailed: Story = {
  args: { mode: 'add', error: 'Title is required', initialValues: { title: 'x', description: 'y' } },
  play: async () => {
    const modal = await dialog('Add New Event');
    await expect(modal.getByRole('alert')).toHaveTextContent('Title is required');
  },
};

export const CancelCloses: Story = {
  play: async ({ args }) => {
    const modal = await dialog('Add New Event');
    await userEvent.click(modal.getByRole('button', { name: 'Cancel' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** The modal is about 2xl wide (spec section 9). */
export const Width: Story = {
  play: async () => {
    const modal = await body.findByRole('dialog', { name: 'Add New Event' });
    await expect(modal).toHaveClass('cs-dialog--2xl');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async () => {
    const modal = await dialog('Add New Event');
    await expect(modal.getByRole('button', { name: 'Create Event' })).toBeVisible();
  },
};
