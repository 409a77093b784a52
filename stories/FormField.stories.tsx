import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button, FormField, Input, Textarea } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Components/FormField',
  component: FormField,
  parameters: {
    docs: componentDocs({
      summary: 'A label, control, hint and error wired together; `Input` and `Textarea` are the matching controls.',
      usage: `<FormField label="Email" hint="We send your receipt here." error={errors.email} required>
  <Input type="email" name="email" autoComplete="email" />
</FormField>`,
      a11y: [
        'The label is a real `<label for>`; hint and error are linked with `aria-describedby`, the control gets `aria-invalid` and `aria-required`.',
        'The error text is in a polite live region so it is announced when it appears.',
      ],
    }),
  },
  args: { label: 'Name', children: <Input name="name" autoComplete="name" /> },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '24rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FormField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Name' });
    await expect(input).not.toHaveAttribute('aria-invalid');
    await expect(input).not.toHaveAttribute('aria-describedby');
    await userEvent.type(input, 'Asha');
    await expect(input).toHaveValue('Asha');
  },
};

export const WithHint: Story = {
  args: {
    label: 'PAN',
    hint: 'Optional, for an 80G receipt. Format ABCDE1234F.',
    children: <Input name="pan" />,
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'PAN' });
    await expect(input).toHaveAccessibleDescription('Optional, for an 80G receipt. Format ABCDE1234F.');
  },
};

export const Required: Story = {
  args: { label: 'Event Title', required: true, children: <Input name="title" /> },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Event Title' });
    await expect(input).toHaveAttribute('aria-required', 'true');
    await expect(canvas.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const Invalid: Story = {
  args: { label: 'Name', error: 'Name is required', required: true, children: <Input name="name" /> },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Name' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    const error = canvas.getByText('Name is required');
    await expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    await expect(input).toHaveAccessibleDescription('Name is required');
    await expect(error.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  },
};

export const HintAndError: Story = {
  args: {
    label: 'Mobile',
    hint: '10 digits',
    error: 'Please enter a valid 10-digit mobile number starting with 6, 7, 8, or 9',
    children: <Input type="tel" name="mobile" defaultValue="12345" aria-describedby="extra-note" />,
  },
  render: (args) => (
    <>
      <FormField {...args} />
      <p id="extra-note">We never share your number.</p>
    </>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Mobile' });
    // The child's own aria-describedby is kept, then the hint, then the error.
    await expect(input).toHaveAccessibleDescription(
      'We never share your number. 10 digits Please enter a valid 10-digit mobile number starting with 6, 7, 8, or 9',
    );
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

export const TextareaField: Story = {
  args: {
    label: 'Message',
    required: true,
    hint: 'At least 10 characters',
    children: <Textarea name="message" />,
  },
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Message' });
    await expect(textarea.tagName).toBe('TEXTAREA');
    await expect(textarea).toHaveAccessibleDescription('At least 10 characters');
  },
};

export const Disabled: Story = {
  args: { label: 'Email', children: <Input type="email" name="email" disabled defaultValue="asha@example.org" /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  },
};

/** A render-prop child receives id and aria props to place where it needs them. */
export const RenderProp: Story = {
  args: {
    label: 'Amount',
    error: 'Minimum donation amount is ₹50',
    children: (control) => (
      <div style={{ display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
        <span aria-hidden="true">₹</span>
        <Input type="number" min={50} step={1} defaultValue={20} {...control} />
      </div>
    ),
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('spinbutton', { name: 'Amount' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Minimum donation amount is ₹50');
  },
};

function ValidatedName() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(value.trim() ? undefined : 'Name is required');
      }}
    >
      <FormField label="Name" error={error} required>
        <Input
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined); // a field's error clears when the user edits it
          }}
        />
      </FormField>
      <Button type="submit" style={{ marginTop: '1rem' }}>
        Send Message
      </Button>
    </form>
  );
}

/** The error appears in the live region on submit and clears when the user edits the field. */
export const ErrorAppearsAndClears: Story = {
  render: () => <ValidatedName />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Name' });
    const region = canvasElement.querySelector('[aria-live="polite"]') as HTMLElement;
    await expect(region).toBeEmptyDOMElement();
    await userEvent.click(canvas.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(region).toHaveTextContent('Name is required'));
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, 'A');
    await expect(input).not.toHaveAttribute('aria-invalid');
    await expect(region).toBeEmptyDOMElement();
  },
};
