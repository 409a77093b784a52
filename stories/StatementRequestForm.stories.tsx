import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { STATEMENT_REQUEST_MESSAGES } from '@charity/domain';
import { StatementRequestForm } from '@charity/ui';
import { componentDocs } from './support/docs';
import { pickOption } from './support/pick-option';

const meta = {
  title: 'Donation/Annual statement/StatementRequestForm',
  component: StatementRequestForm,
  parameters: {
    docs: componentDocs({
      summary:
        'Where a donor asks for their annual statement of donations (/annual-statement): their email and a financial year. A signed link comes by email; the answer is the same whether or not the address gave that year. For Indian donors it says where the Form 10BE certificate comes from.',
      usage: `<StatementRequestForm years={financialYearsUpTo(new Date(), '2019-20')} defaultYear={lastYear} status={status}
  sentMessage={message} error={error} fieldErrors={fieldErrors} onSubmit={requestStatement} />`,
      a11y: [
        'One h1; a labelled email field and a labelled financial-year select. A problem is tied to its field (`aria-invalid`, `aria-describedby`) and focus returns to the email field.',
        "'Sent' is announced from a `role=\"status\"` region that is always present; a refusal (too many requests) or a failure to send is a `role=\"alert\"`.",
      ],
    }),
  },
  args: {
    years: ['2026-27', '2025-26', '2024-25'],
    defaultYear: '2025-26',
    status: 'idle',
    sentMessage: null,
    error: null,
    onSubmit: fn(),
  },
} satisfies Meta<typeof StatementRequestForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const LEAD =
  'Enter the email address you donated with and choose a financial year (April to March). We will email you a link to a statement of your donations in that year, net of any refunds.';
const TAX =
  'For donors in India: the statement lists the year’s gifts and their receipts. Your certificate of donation under section 80G, Form 10BE, comes from the income-tax portal: we email it to you once we have filed Form 10BD for the year, which is due by 31 May after the year ends.';

/** The form as it opens. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Annual statement of donations' })).toBeVisible();
    await expect(canvas.getByText(LEAD)).toBeVisible();
    await expect(canvas.getByText(TAX)).toBeVisible();
    const email = canvas.getByRole('textbox', { name: 'Your email address' });
    await expect(email).toHaveAttribute('autocomplete', 'email');
    const year = canvas.getByRole('combobox', { name: 'Financial year' });
    await expect(year).toHaveTextContent('2025-26 (April 2025 – March 2026)');
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A valid request is sent with the email trimmed and the year chosen. */
export const EmptyThenSend: Story = {
  name: 'Empty → Send',
  tags: ['!visual'], // Ends on the filled form just sent: Empty shows the form as it opens, Sending and Sent what follows.
  play: async (context) => {
    await Empty.play?.(context);
    const { canvas, args } = context;
    const email = canvas.getByRole('textbox', { name: 'Your email address' });
    const year = canvas.getByRole('combobox', { name: 'Financial year' });
    await userEvent.type(email, '  asha.rao@example.org ');
    await pickOption(year, '2024-25 (April 2024 – March 2025)');
    await userEvent.click(canvas.getByRole('button', { name: 'Email me the statement' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'asha.rao@example.org', financial_year: '2024-25' });
  },
};

/** No address: 'Please enter the email address you donated with', focus on the field, nothing sent. */
export const EmailMissing: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Email me the statement' }));
    const email = canvas.getByRole('textbox', { name: 'Your email address' });
    await expect(email).toHaveAccessibleDescription('Please enter the email address you donated with');
    await expect(email).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvas, args }) => {
    const email = canvas.getByRole('textbox', { name: 'Your email address' });
    await userEvent.type(email, 'asha@example{Enter}');
    await expect(canvas.getByText('Please enter a valid email address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(email).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The server refused the year (a 400 with field messages): shown under the select. */
export const YearRefused: Story = {
  args: { fieldErrors: { financial_year: STATEMENT_REQUEST_MESSAGES.yearInvalid } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Financial year' })).toHaveAccessibleDescription('Choose a financial year such as 2026-27.');
  },
};

/** The request runs: 'Sending...' on a busy button; the field is read-only and the select locked. */
export const Sending: Story = {
  args: { status: 'sending' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Sending...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('textbox', { name: 'Your email address' })).toHaveAttribute('readonly');
    await expect(canvas.getByRole('combobox', { name: 'Financial year' })).toBeDisabled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Answered: the server's sentence, the same whatever the address. */
export const Sent: Story = {
  args: { status: 'sent', sentMessage: STATEMENT_REQUEST_MESSAGES.sent('asha.rao@example.org') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'If asha.rao@example.org donated in that financial year, a link to the annual statement is on its way to it. The link works for 7 days.',
    );
    await expect(canvas.getByRole('button', { name: 'Email me the statement' })).toBeEnabled();
  },
};

/** Too many requests (429): the sentence in an alert; the form stays usable. */
export const TooManyRequests: Story = {
  args: { error: STATEMENT_REQUEST_MESSAGES.tooMany },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Too many requests. Please try again in an hour.');
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    await expect(canvas.getByRole('button', { name: 'Email me the statement' })).toBeEnabled();
  },
};
