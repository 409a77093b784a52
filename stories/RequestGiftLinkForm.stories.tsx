import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { RECURRING_MESSAGES } from '@charity/domain';
import { RequestGiftLinkForm } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Donation/Monthly gift/RequestGiftLinkForm',
  component: RequestGiftLinkForm,
  parameters: {
    docs: componentDocs({
      summary:
        'Where a donor without a working link asks for one by email. The answer is the same whether or not the address has a gift.',
      usage: `<RequestGiftLinkForm status={status} error={error} intro={RECURRING_MESSAGES.linkExpired} onSubmit={requestLink} />`,
      a11y: [
        "One h1 and one labelled email field; an invalid address is tied to the field (`aria-invalid`, `aria-describedby`) and focus returns to it.",
        "'Sent' is announced from a `role=\"status\"` region that is always present; a failure to send is a `role=\"alert\"`.",
      ],
    }),
  },
  args: { status: 'idle', error: null, intro: null, onSubmit: fn() },
} satisfies Meta<typeof RequestGiftLinkForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const LEAD =
  'Enter the email address you gave with your monthly gift. We will email you a link to see, change, pause or cancel it.';

export const Idle: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Manage my monthly gift' })).toBeVisible();
    await expect(canvas.getByText(LEAD)).toBeVisible();
    const field = canvas.getByRole('textbox', { name: 'Your email address' });
    await expect(field).toHaveAttribute('type', 'email');
    await expect(field).toHaveAttribute('autocomplete', 'email');
    await expect(canvas.getByRole('button', { name: 'Email me a link' })).toBeEnabled();
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A valid address is sent trimmed; Enter submits. */
export const Submit: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Your email address' }), '  asha.rao@example.org {Enter}');
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith('asha.rao@example.org');
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvas, args }) => {
    const field = canvas.getByRole('textbox', { name: 'Your email address' });
    await userEvent.type(field, 'asha@example');
    await userEvent.click(canvas.getByRole('button', { name: 'Email me a link' }));
    await expect(canvas.getByText('Please enter a valid email address')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(field).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The request runs: 'Sending...' on a busy button; the field is read-only. */
export const Sending: Story = {
  args: { status: 'sending' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Sending...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('textbox', { name: 'Your email address' })).toHaveAttribute('readonly');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Answered: the same sentence whatever the address. */
export const Sent: Story = {
  args: { status: 'sent' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'If that email address has a monthly gift with us, we have sent a link to manage it. Please check your inbox.',
    );
    await expect(canvas.getByRole('button', { name: 'Email me a link' })).toBeEnabled();
  },
};

/** Opened from an expired link: why the donor is here, above the form. */
export const ExpiredIntro: Story = {
  args: { intro: RECURRING_MESSAGES.linkExpired },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This link has expired. Ask for a new one below.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Your email address' })).toBeVisible();
  },
};

/** After 'Stop all links to this gift'. */
export const RevokedIntro: Story = {
  args: { intro: RECURRING_MESSAGES.linksRevoked },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Every link to this gift has stopped working. Ask for a new one whenever you need it.'),
    ).toBeVisible();
  },
};

/** The request could not be sent: the site's sentence in an alert; the form stays usable. */
export const ServerError: Story = {
  args: { error: 'Could not connect to the server. Please check your connection and try again.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Could not connect to the server. Please check your connection and try again.',
    );
    await expect(canvas.getByRole('button', { name: 'Email me a link' })).toBeEnabled();
  },
};
