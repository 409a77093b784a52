import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pickOption } from './support/pick-option';
import { ContactForm, type ContactErrors, type ContactFormProps, type ContactPayload } from '@charity/ui';
import { componentDocs } from './support/docs';

const body = within(document.body);
type Canvas = ReturnType<typeof within>;

const field = {
  name: (c: Canvas) => c.getByRole('textbox', { name: 'Name' }),
  email: (c: Canvas) => c.getByRole('textbox', { name: 'Email' }),
  phone: (c: Canvas) => c.getByRole('textbox', { name: 'Phone (optional)' }),
  subject: (c: Canvas) => c.getByRole('combobox', { name: 'Subject' }),
  message: (c: Canvas) => c.getByRole('textbox', { name: 'Message' }),
  submit: (c: Canvas) => c.getByRole('button', { name: /Send Message|Sending\.\.\./ }),
};

function chooseSubject(canvas: Canvas, label: string) {
  return pickOption(field.subject(canvas), label);
}

/** A message that passes every rule. */
async function fillValid(canvas: Canvas) {
  await userEvent.type(field.name(canvas), '  Asha Rao ');
  await userEvent.type(field.email(canvas), 'Asha.Rao@Example.org');
  await userEvent.type(field.phone(canvas), '+91 98450 12345');
  await chooseSubject(canvas, 'Volunteer Opportunities');
  await userEvent.type(field.message(canvas), 'I would like to volunteer on weekends.');
}

const SENT: ContactPayload = {
  name: 'Asha Rao',
  email: 'asha.rao@example.org',
  phone: '+91 98450 12345',
  subject: 'volunteer',
  message: 'I would like to volunteer on weekends.',
};

/** As the site uses it: a successful send bumps resetKey, a 400 hands back field errors. */
function SiteLikeForm(props: ContactFormProps & { outcome: 'success' | 'failure' | 'field-errors' }) {
  const { outcome, onSubmit, ...rest } = props;
  const [resetKey, setResetKey] = useState(0);
  const [serverErrors, setServerErrors] = useState<ContactErrors | undefined>();
  return (
    <ContactForm
      {...rest}
      resetKey={resetKey}
      serverErrors={serverErrors}
      onSubmit={async (payload) => {
        await onSubmit(payload);
        if (outcome === 'success') setResetKey((k) => k + 1);
        else if (outcome === 'field-errors') setServerErrors({ email: 'Please enter a valid email' });
        else throw new Error('Failed to send message. Please try again.');
      }}
    />
  );
}

const meta = {
  title: 'Contact/ContactForm',
  component: ContactForm,
  parameters: {
    docs: componentDocs({
      summary: 'The Contact page form with client-side validation and sending/sent/failed states.',
      usage: `<ContactForm onSubmit={async (message) => api.sendMessage(message)} />`,
      a11y: [
        'Every input has a visible label; errors are linked with `aria-describedby` and `aria-invalid`, and focus moves to the first invalid field.',
        'The form is `aria-busy` while sending; success and failure are announced.',
      ],
    }),
  },
  args: { onSubmit: fn(async () => {}) },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '44rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ContactForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    for (const name of ['Name', 'Email', 'Message']) {
      const input = canvas.getByRole('textbox', { name });
      await expect(input).toHaveValue('');
      await expect(input).toHaveAttribute('aria-required', 'true');
      await expect(input).not.toHaveAttribute('aria-invalid');
    }
    await expect(field.phone(canvas)).not.toHaveAttribute('aria-required');
    await expect(field.email(canvas)).toHaveAttribute('type', 'email');
    await expect(field.phone(canvas)).toHaveAttribute('type', 'tel');
    await expect(field.subject(canvas)).toHaveTextContent('Select a subject');
    await expect(field.submit(canvas)).toHaveTextContent('Send Message');
    await expect(field.submit(canvas)).toBeEnabled();

    await userEvent.click(field.subject(canvas));
    const listbox = await body.findByRole('listbox');
    await expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Donation Inquiry',
      'Volunteer Opportunities',
      'General Inquiry',
      'Other',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
  },
};

/** Submitting nothing: the four required messages, no phone message (it is optional), focus on Name. */
export const RequiredFieldErrors: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(field.submit(canvas));
    await expect(field.name(canvas)).toHaveAccessibleDescription('Name is required');
    await expect(field.email(canvas)).toHaveAccessibleDescription('Email is required');
    await expect(field.subject(canvas)).toHaveAccessibleDescription('Please select a subject');
    await expect(field.message(canvas)).toHaveAccessibleDescription('Message is required');
    await expect(field.phone(canvas)).not.toHaveAttribute('aria-invalid');
    for (const input of [field.name(canvas), field.email(canvas), field.subject(canvas), field.message(canvas)]) {
      await expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(field.name(canvas)).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const NameTooShort: Story = {
  play: async ({ canvas, args }) => {
    await fillValid(canvas);
    await userEvent.clear(field.name(canvas));
    await userEvent.type(field.name(canvas), ' A ');
    await userEvent.click(field.submit(canvas));
    await expect(field.name(canvas)).toHaveAccessibleDescription('Name must be at least 2 characters');
    await expect(canvas.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(field.name(canvas)).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvas, args }) => {
    await fillValid(canvas);
    await userEvent.clear(field.email(canvas));
    await userEvent.type(field.email(canvas), 'asha@example');
    await userEvent.click(field.submit(canvas));
    await expect(field.email(canvas)).toHaveAccessibleDescription('Please enter a valid email');
    await expect(field.email(canvas)).toHaveFocus();
    await expect(field.name(canvas)).not.toHaveAttribute('aria-invalid');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const InvalidPhone: Story = {
  play: async ({ canvas, args }) => {
    await fillValid(canvas);
    await userEvent.clear(field.phone(canvas));
    await userEvent.type(field.phone(canvas), '12345');
    await userEvent.click(field.submit(canvas));
    await expect(field.phone(canvas)).toHaveAccessibleDescription('Please enter a valid mobile number');
    await expect(canvas.getByText('Please enter a valid mobile number')).toBeVisible();
    await expect(field.phone(canvas)).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Only the subject is missing: focus lands on the Subject list's button. */
export const SubjectMissing: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(field.name(canvas), 'Asha Rao');
    await userEvent.type(field.email(canvas), 'asha@example.org');
    await userEvent.type(field.message(canvas), 'A question about receipts.');
    await userEvent.click(field.submit(canvas));
    await expect(field.subject(canvas)).toHaveAccessibleDescription('Please select a subject');
    await expect(field.subject(canvas)).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A 9-character message is one short of the minimum. */
export const MessageTooShort: Story = {
  play: async ({ canvas, args }) => {
    await fillValid(canvas);
    await userEvent.clear(field.message(canvas));
    await userEvent.type(field.message(canvas), '123456789');
    await userEvent.click(field.submit(canvas));
    await expect(field.message(canvas)).toHaveAccessibleDescription('Message must be at least 10 characters');
    await expect(field.message(canvas)).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Editing a field clears that field's error only; choosing a subject clears the subject's. */
export const ErrorClearsOnEdit: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(field.submit(canvas));
    await expect(canvas.getByText('Name is required')).toBeVisible();
    await userEvent.type(field.name(canvas), 'A');
    await expect(canvas.queryByText('Name is required')).toBeNull();
    await expect(field.name(canvas)).not.toHaveAttribute('aria-invalid');
    // The others stay until their own field is edited.
    await expect(canvas.getByText('Email is required')).toBeVisible();
    await expect(canvas.getByText('Message is required')).toBeVisible();

    await chooseSubject(canvas, 'General Inquiry');
    await expect(canvas.queryByText('Please select a subject')).toBeNull();
    await expect(field.subject(canvas)).toHaveTextContent('General Inquiry');

    await userEvent.type(field.message(canvas), 'x');
    await expect(canvas.queryByText('Message is required')).toBeNull();
    await expect(canvas.getByText('Email is required')).toBeVisible();
  },
};

/** While the message is being sent: 'Sending...', button disabled and busy; a second submit is ignored. */
export const Submitting: Story = {
  args: { onSubmit: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, args }) => {
    await fillValid(canvas);
    await userEvent.click(field.submit(canvas));
    const button = canvas.getByRole('button', { name: 'Sending...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('textbox', { name: 'Name' }).closest('form')).toHaveAttribute('aria-busy', 'true');
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).toHaveBeenCalledWith(SENT);
    // Enter in a field does not send it twice.
    await userEvent.type(field.name(canvas), '{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** After a successful send the caller changes resetKey: every field is empty again. */
export const Success: Story = {
  render: (args) => <SiteLikeForm {...args} outcome="success" />,
  play: async ({ canvas, args }) => {
    await fillValid(canvas);
    await userEvent.click(field.submit(canvas));
    await waitFor(() => expect(field.name(canvas)).toHaveValue(''));
    await expect(args.onSubmit).toHaveBeenCalledWith(SENT);
    await expect(field.email(canvas)).toHaveValue('');
    await expect(field.phone(canvas)).toHaveValue('');
    await expect(field.subject(canvas)).toHaveTextContent('Select a subject');
    await expect(field.message(canvas)).toHaveValue('');
    await expect(field.submit(canvas)).toHaveTextContent('Send Message');
    await expect(field.submit(canvas)).toBeEnabled();
    await expect(field.submit(canvas)).toHaveFocus();
    await expect(field.name(canvas)).not.toHaveAttribute('aria-invalid');
  },
};

/** The send failed (the site shows the toast): the form keeps every value so the visitor can try again. */
export const ServerError: Story = {
  render: (args) => <SiteLikeForm {...args} outcome="failure" />,
  play: async ({ canvas, args }) => {
    await fillValid(canvas);
    await userEvent.click(field.submit(canvas));
    await waitFor(() => expect(field.submit(canvas)).toHaveTextContent('Send Message'));
    await expect(field.submit(canvas)).toBeEnabled();
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(field.name(canvas)).toHaveValue('  Asha Rao ');
    await expect(field.email(canvas)).toHaveValue('Asha.Rao@Example.org');
    await expect(field.phone(canvas)).toHaveValue('+91 98450 12345');
    await expect(field.subject(canvas)).toHaveTextContent('Volunteer Opportunities');
    await expect(field.message(canvas)).toHaveValue('I would like to volunteer on weekends.');
  },
};

/** A 400 with `errors`: the server's message appears under its field, which receives focus. */
export const ServerFieldErrors: Story = {
  render: (args) => <SiteLikeForm {...args} outcome="field-errors" />,
  play: async ({ canvas }) => {
    await fillValid(canvas);
    await userEvent.click(field.submit(canvas));
    await waitFor(() => expect(field.email(canvas)).toHaveAccessibleDescription('Please enter a valid email'));
    await expect(field.email(canvas)).toHaveFocus();
    await expect(field.email(canvas)).toHaveValue('Asha.Rao@Example.org');
  },
};

/** Editing the field clears the server's message. */
export const ServerFieldErrorsThenEdited: Story = {
  ...ServerFieldErrors,
  name: 'Server Field Errors → Edited',
  tags: ['!visual'], // Ends with the message gone: ServerFieldErrors shows it.
  play: async (context) => {
    await ServerFieldErrors.play?.(context);
    const { canvas } = context;
    await userEvent.type(field.email(canvas), 'x');
    await expect(canvas.queryByText('Please enter a valid email')).toBeNull();
  },
};

/** One column below 768px; the same rules apply. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    const name = field.name(canvas);
    const email = field.email(canvas);
    await expect(Math.abs(name.getBoundingClientRect().left - email.getBoundingClientRect().left)).toBeLessThan(1);
    await expect(email.getBoundingClientRect().top).toBeGreaterThan(name.getBoundingClientRect().bottom);
    await userEvent.click(field.submit(canvas));
    await expect(field.name(canvas)).toHaveFocus();
  },
};
