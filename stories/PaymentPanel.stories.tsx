import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  PaymentPanel,
  createHttpSandboxTransport,
  createSandboxStripe,
  type PaymentPanelProps,
  type SandboxPaymentIntent,
  type SandboxTransport,
} from '@charity/ui';
import { componentDocs } from './support/docs';

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
const body = within(document.body);

const PAYLOAD: PaymentPanelProps['payload'] = {
  donor: {
    full_name: 'Asha Rao',
    email: 'asha.rao@example.org',
    mobile: '9845012345',
    pan_number: null,
    country: 'India',
    country_code: 'IN',
    state: 'Karnataka',
    city: 'Bengaluru',
    address: '12 Indiranagar 100 Feet Road',
    pincode: '560038',
    is_anonymous: false,
  },
  amount: 1000,
  currency: 'INR',
  donation_type: 'one_time',
  campaign_id: null,
  source: 'website',
};

const DECLINED = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
const AUTH_FAILED = {
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/**
 * The server's sandbox as the wire contract (docs/decisions/021-wire-contract-and-openapi.md) describes it, in memory:
 * the test cards decide the outcome.
 */
function fakeServerSandbox(options: { status?: string } = {}) {
  const intent = (status: string, error: SandboxPaymentIntent['last_payment_error'] = null): SandboxPaymentIntent => ({
    id: 'pi_sandbox_1',
    status,
    amount: 100000,
    currency: 'inr',
    last_payment_error: error,
  });
  const transport: SandboxTransport = {
    confirm: fn(async ({ payment_method_id }) => {
      if (options.status) return intent(options.status);
      if (payment_method_id === 'pm_card_visa') return intent('succeeded');
      if (payment_method_id === 'pm_card_authenticationRequired') return intent('requires_action');
      return intent('requires_payment_method', DECLINED);
    }),
    authenticate: fn(async ({ outcome }) =>
      outcome === 'complete' ? intent('succeeded') : intent('requires_payment_method', AUTH_FAILED),
    ),
  };
  return transport;
}

/** The same answers through the real HTTP transport, with fetch replaced: checks the request and reply shapes too. */
function httpServerSandbox() {
  const calls: { url: string; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = String(input);
    const request = JSON.parse(String(init?.body)) as { payment_method_id?: string };
    calls.push({ url, body: request });
    const status = request.payment_method_id === 'pm_card_visa' ? 'succeeded' : 'requires_payment_method';
    return new Response(
      JSON.stringify({
        success: true,
        data: { payment_intent: { id: 'pi_sandbox_1', status, amount: 100000, currency: 'inr', last_payment_error: null } },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  };
  return { transport: createHttpSandboxTransport('/api', fetchImpl), calls };
}

/** The Success story's server, kept so its play function can read the requests. */
let successServer: ReturnType<typeof httpServerSandbox> | null = null;

/** A panel on its own sandbox, made once per story (Elements must keep the same Stripe object). */
function Sandboxed({ transport, ...props }: PaymentPanelProps & { transport: SandboxTransport }) {
  const [stripe] = useState(() => createSandboxStripe({ transport }));
  return <PaymentPanel {...props} stripe={stripe} />;
}

const ui = {
  number: (c: Canvas) => c.getByRole('textbox', { name: 'Card number' }),
  expiry: (c: Canvas) => c.getByRole('textbox', { name: 'Expiration date' }),
  cvc: (c: Canvas) => c.getByRole('textbox', { name: 'CVC' }),
  terms: (c: Canvas) => c.getByRole('checkbox', { name: /I agree to the terms and conditions/ }),
  pay: (c: Canvas) => c.getByRole('button', { name: /Donate ₹1,000|Processing\.\.\./ }),
};

async function fillCard(canvas: Canvas, number: string, expiry = '12 / 34', cvc = '123') {
  await userEvent.type(await canvas.findByRole('textbox', { name: 'Card number' }), number);
  await userEvent.type(ui.expiry(canvas), expiry);
  if (cvc) await userEvent.type(ui.cvc(canvas), cvc);
}

async function payWith(canvas: Canvas, number: string) {
  await fillCard(canvas, number);
  await userEvent.click(ui.terms(canvas));
  await waitFor(() => expect(ui.pay(canvas)).toBeEnabled());
  await userEvent.click(ui.pay(canvas));
}

const meta = {
  title: 'Donation/PaymentPanel',
  component: PaymentPanel,
  parameters: {
    docs: componentDocs({
      summary: 'Step 4 of the wizard: the card form (Stripe Elements or the offline sandbox), paying, saving and the result.',
      usage: `<PaymentPanel stripe={stripe} payload={payload} onCreateIntent={createIntent} onSave={save}
  onInvoice={invoice} onStateChange={setState} onSucceeded={done} onFailed={failed} onBack={back} />`,
      a11y: [
        'Paying sets `aria-busy`; progress is announced politely and a failure is an alert describing what to do next.',
        'Card fields stay in Stripe\'s iframe, which provides their labels.',
      ],
    }),
  },
  args: {
    stripe: null,
    payload: PAYLOAD,
    onCreateIntent: fn(async () => ({ clientSecret: 'pi_sandbox_1_secret_abc', paymentIntentId: 'pi_sandbox_1' })),
    onSave: fn(async () => ({ donationId: 42 })),
    onInvoice: fn<PaymentPanelProps['onInvoice']>(async () => undefined),
    onStateChange: fn(),
    onSucceeded: fn(),
    onFailed: fn(),
    onBack: fn(),
  },
  render: (args) => <Sandboxed {...args} transport={fakeServerSandbox()} />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '36rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PaymentPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Ready for a card: the three separate fields, the terms box, the test-card note, and a disabled button. */
export const Input: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/Donation:/)).toHaveTextContent('Donation: ₹1,000 (One-time)');
    await expect(canvas.getByText('Test mode:').parentElement).toHaveTextContent(
      'Test mode: no real payment is made. Use card 4242 4242 4242 4242 with any future expiry date and any CVC.',
    );
    await expect(await canvas.findByRole('textbox', { name: 'Card number' })).toHaveAttribute('autocomplete', 'cc-number');
    await expect(ui.expiry(canvas)).toHaveAttribute('placeholder', 'MM / YY');
    await expect(ui.cvc(canvas)).toHaveAttribute('autocomplete', 'cc-csc');
    await expect(ui.terms(canvas)).not.toBeChecked();
    await expect(ui.pay(canvas)).toBeDisabled();
    await expect(ui.pay(canvas)).toHaveAccessibleDescription('Please complete all required fields');

    // The visible label focuses its card field, as Stripe's do.
    await userEvent.click(canvas.getByText('Expiration date'));
    await expect(ui.expiry(canvas)).toHaveFocus();

    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
    await expect(args.onCreateIntent).not.toHaveBeenCalled();
  },
};

/** The button stays disabled until all three fields are complete without error AND the terms box is ticked. */
export const Incomplete: Story = {
  play: async ({ canvas }) => {
    await fillCard(canvas, '4242424242424242', '1234', '');
    await expect(ui.number(canvas)).toHaveValue('4242 4242 4242 4242');
    await expect(ui.expiry(canvas)).toHaveValue('12 / 34');
    await userEvent.click(ui.terms(canvas));
    await expect(ui.pay(canvas)).toBeDisabled();
    await expect(canvas.getByText('Please complete all required fields')).toBeVisible();

    // Leaving a half-typed field says so.
    await userEvent.type(ui.cvc(canvas), '12');
    await userEvent.tab();
    await expect(await canvas.findByText("Your card's security code is incomplete.")).toBeVisible();
    await userEvent.type(ui.cvc(canvas), '3');
    await expect(canvas.queryByText("Your card's security code is incomplete.")).toBeNull();
    await waitFor(() => expect(ui.pay(canvas)).toBeEnabled());
    await expect(canvas.queryByText('Please complete all required fields')).toBeNull();

    // A wrong number or a past date is an error at once, and disables the button again.
    await userEvent.clear(ui.number(canvas));
    await userEvent.type(ui.number(canvas), '4242424242424241');
    await expect(await canvas.findByText('Your card number is invalid.')).toBeVisible();
    await expect(ui.number(canvas)).toHaveAttribute('aria-invalid', 'true');
    await expect(ui.pay(canvas)).toBeDisabled();
    await userEvent.clear(ui.number(canvas));
    await userEvent.type(ui.number(canvas), '4242424242424242');
    await userEvent.clear(ui.expiry(canvas));
    await userEvent.type(ui.expiry(canvas), '0120');
    await expect(await canvas.findByText("Your card's expiration date is in the past.")).toBeVisible();
    await expect(ui.pay(canvas)).toBeDisabled();
    await userEvent.clear(ui.expiry(canvas));
    await userEvent.type(ui.expiry(canvas), '1234');
    await waitFor(() => expect(ui.pay(canvas)).toBeEnabled());

    // Unticking the terms disables it once more.
    await userEvent.click(ui.terms(canvas));
    await expect(ui.pay(canvas)).toBeDisabled();
  },
};

/** While the payment runs: 'Processing...', busy, every field and Back disabled. */
export const Processing: Story = {
  args: { onCreateIntent: fn(() => new Promise<never>(() => {})) },
  play: async ({ canvas, args }) => {
    await payWith(canvas, '4242 4242 4242 4242');
    await expect(ui.pay(canvas)).toHaveTextContent('Processing...');
    await expect(ui.pay(canvas)).toHaveAttribute('aria-busy', 'true');
    await expect(ui.pay(canvas)).toBeDisabled();
    await expect(ui.number(canvas)).toBeDisabled();
    await expect(ui.expiry(canvas)).toBeDisabled();
    await expect(ui.cvc(canvas)).toBeDisabled();
    await expect(ui.terms(canvas)).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expect(args.onStateChange).toHaveBeenLastCalledWith('processing');
    await expect(args.onCreateIntent).toHaveBeenCalledWith(PAYLOAD, 'pm_card_visa');
  },
};

/** A monthly gift paid: the thank-you also says how the gift goes on and where to change or stop it. */
export const SuccessMonthly: Story = {
  args: { payload: { ...PAYLOAD, donation_type: 'monthly' } },
  render: (args) => {
    successServer = httpServerSandbox();
    return <Sandboxed {...args} transport={successServer.transport} />;
  },
  play: async ({ canvas, args }) => {
    await payWith(canvas, '4242 4242 4242 4242');
    await expect(await canvas.findByText('Thank you! Your donation has been completed and saved successfully.')).toHaveFocus();
    await expect(
      canvas.getByText(
        'Your gift of ₹1,000 will be given again each month, on this day of the month. The receipt we email you has a link to see, change, pause or cancel it at any time.',
      ),
    ).toBeVisible();
    await expect(args.onSucceeded).toHaveBeenCalledWith({ donationId: 42, paymentIntentId: 'pi_sandbox_1' });
  },
};

/** 4242…: intent, confirmation, then the save, then the receipt; the thank-you message takes focus. */
export const Success: Story = {
  render: (args) => {
    successServer = httpServerSandbox();
    return <Sandboxed {...args} transport={successServer.transport} />;
  },
  play: async ({ canvas, args }) => {
    await payWith(canvas, '4242 4242 4242 4242');
    const thanks = await canvas.findByText('Thank you! Your donation has been completed and saved successfully.');
    await expect(thanks).toHaveFocus();
    await expect(canvas.getByText('Payment ID: pi_sandbox_1')).toBeVisible();
    // A one-time gift says nothing of months.
    await expect(canvas.queryByText(/each month/)).toBeNull();
    await expect(canvas.queryByRole('textbox', { name: 'Card number' })).toBeNull();

    await expect(successServer?.calls).toEqual([
      { url: '/api/payments/sandbox/confirm', body: { client_secret: 'pi_sandbox_1_secret_abc', payment_method_id: 'pm_card_visa' } },
    ]);
    await expect(args.onCreateIntent).toHaveBeenCalledWith(PAYLOAD, 'pm_card_visa');
    await expect(args.onSave).toHaveBeenCalledWith({ payload: PAYLOAD, paymentIntentId: 'pi_sandbox_1', paymentMethodId: 'pm_card_visa' });
    await waitFor(() => expect(args.onInvoice).toHaveBeenCalledWith({ donationId: 42, paymentIntentId: 'pi_sandbox_1' }));
    const order = [args.onCreateIntent, args.onSave, args.onInvoice].map((spy) => (spy as ReturnType<typeof fn>).mock.invocationCallOrder[0]);
    await expect([...order].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(order);
    await expect(args.onSucceeded).toHaveBeenCalledWith({ donationId: 42, paymentIntentId: 'pi_sandbox_1' });
    await expect(args.onStateChange).toHaveBeenLastCalledWith('success');
    await expect(args.onFailed).not.toHaveBeenCalled();
  },
};

const RECEIPT_NUMBER = 'BBF/2026-27/000001';
const INVOICE = { number: RECEIPT_NUMBER, downloadUrl: '/api/invoices/BBF%2F2026-27%2F000001/download?token=tok_abc' };

/**
 * The thank-you with the receipt: its number (from the save), the PDF link once the receipt request answered, and
 * where it was mailed. The link's text says what it is (Lighthouse's link-text audit).
 */
export const SuccessWithReceipt: Story = {
  args: {
    onSave: fn(async () => ({ donationId: 42, receiptNumber: RECEIPT_NUMBER })),
    onInvoice: fn<PaymentPanelProps['onInvoice']>(async () => INVOICE),
  },
  play: async ({ canvas }) => {
    await payWith(canvas, '4242 4242 4242 4242');
    await expect(await canvas.findByText('Thank you! Your donation has been completed and saved successfully.')).toHaveFocus();
    await expect(canvas.getByText('Payment ID: pi_sandbox_1')).toBeVisible();
    const link = await canvas.findByRole('link', { name: 'Download your receipt (PDF)' });
    await expect(link).toHaveAttribute('href', INVOICE.downloadUrl);
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent(`Receipt number: ${RECEIPT_NUMBER}`);
    await expect(status).toHaveTextContent('Receipt sent to asha.rao@example.org');
    await expect(canvas.queryByText('Preparing your receipt…')).toBeNull();
    // A general donation: nothing to share.
    await expect(canvas.queryByRole('region', { name: 'Share this campaign' })).toBeNull();
  },
};

/** The receipt is still being prepared: said plainly, and no link until there is a PDF to open. */
export const ReceiptPending: Story = {
  args: { onInvoice: fn<PaymentPanelProps['onInvoice']>(() => new Promise<never>(() => {})) },
  play: async ({ canvas }) => {
    await payWith(canvas, '4242 4242 4242 4242');
    await canvas.findByText('Thank you! Your donation has been completed and saved successfully.');
    await expect(canvas.getByRole('status')).toHaveTextContent('Preparing your receipt…');
    await expect(canvas.queryByRole('link')).toBeNull();
    await expect(canvas.queryByText(/Receipt number/)).toBeNull();
  },
};

/** The receipt request failed: no broken link; the donor is told it follows by email (the server's sweep issues it). */
export const ReceiptFailed: Story = {
  args: {
    onSave: fn(async () => ({ donationId: 42, receiptNumber: null })),
    onInvoice: fn<PaymentPanelProps['onInvoice']>(async () => Promise.reject(new Error('The receipt was not generated'))),
  },
  play: async ({ canvas, args }) => {
    await payWith(canvas, '4242 4242 4242 4242');
    await canvas.findByText('Thank you! Your donation has been completed and saved successfully.');
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent(
        'Your receipt is not ready yet. We will email it to asha.rao@example.org within a few minutes; there is nothing more you need to do.',
      ),
    );
    await expect(canvas.queryByRole('link')).toBeNull();
    await expect(canvas.queryByText('Preparing your receipt…')).toBeNull();
    // Still a success: the donation is paid and saved.
    await expect(args.onSucceeded).toHaveBeenCalledWith({ donationId: 42, paymentIntentId: 'pi_sandbox_1' });
    await expect(args.onFailed).not.toHaveBeenCalled();
  },
};

const SHARED = { url: 'https://charity.example/campaigns/clean-water-for-barmer', title: 'Clean water for Barmer' };
const copied = fn(async (_text: string) => {});

/** A campaign gift: the thank-you offers the campaign's page to pass on; 'Copy link' copies its address. */
export const SuccessWithShare: Story = {
  args: {
    payload: { ...PAYLOAD, campaign_id: 4 },
    share: SHARED,
    onInvoice: fn<PaymentPanelProps['onInvoice']>(async () => INVOICE),
  },
  beforeEach: () => {
    copied.mockClear();
    const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: copied } });
    return () => {
      if (own) Object.defineProperty(navigator, 'clipboard', own);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    };
  },
  play: async ({ canvas }) => {
    await payWith(canvas, '4242 4242 4242 4242');
    await canvas.findByText('Thank you! Your donation has been completed and saved successfully.');
    const share = canvas.getByRole('region', { name: 'Share this campaign' });
    await expect(within(share).getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`I just gave to this campaign. You can help too: ${SHARED.title} ${SHARED.url}`)}`,
    );
    await expect(within(share).getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(SHARED.url)}`,
    );
    await userEvent.click(within(share).getByRole('button', { name: 'Copy link' }));
    await expect(copied).toHaveBeenCalledWith(SHARED.url);
    await expect(await within(share).findByText('Link copied')).toBeVisible();
  },
};

/** An amount with paise (₹100.50, as step 1 accepts): shown and charged as typed, never rounded to ₹101. */
export const AmountWithDecimals: Story = {
  args: { payload: { ...PAYLOAD, amount: 100.5 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Donation:/)).toHaveTextContent('Donation: ₹100.50 (One-time)');
    await expect(await canvas.findByRole('button', { name: 'Donate ₹100.50' })).toBeDisabled();
  },
};

/** 4000 0000 0000 0002: declined. Nothing saved; the wizard's failure banner, the card's message, 'Try Again' (focused). */
export const Declined: Story = {
  play: async ({ canvas, args }) => {
    await payWith(canvas, '4000 0000 0000 0002');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Payment Failed - Your donation was not saved. Please try again.');
    await expect(alert).toHaveTextContent('Your card was declined.');
    await expect(args.onCreateIntent).toHaveBeenCalledWith(PAYLOAD, 'pm_card_chargeDeclined');
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(args.onInvoice).not.toHaveBeenCalled();
    await expect(args.onFailed).toHaveBeenCalledWith('Your card was declined.');
    await expect(args.onStateChange).toHaveBeenLastCalledWith('error');
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toHaveFocus();
  },
};

/** Declined, then 'Try Again' (Enter on the focused button): the card form again, empty, focus in the card number. */
export const DeclinedThenTryAgain: Story = {
  name: 'Declined → Try Again',
  tags: ['!visual'], // Ends on Input's empty form: Declined shows the failure; this play function checks the way back.
  play: async (context) => {
    await Declined.play?.(context);
    const { canvas, args } = context;
    await userEvent.keyboard('{Enter}');
    await expect(args.onStateChange).toHaveBeenLastCalledWith('input');
    const number = await canvas.findByRole('textbox', { name: 'Card number' });
    await expect(number).toHaveValue('');
    await waitFor(() => expect(number).toHaveFocus());
    await expect(ui.terms(canvas)).not.toBeChecked();
    await expect(ui.pay(canvas)).toBeDisabled();
  },
};

/** 4000 0025 0000 3155: the sandbox's authentication dialog; completing it pays. */
export const AuthenticationRequired: Story = {
  play: async ({ canvas, args }) => {
    await payWith(canvas, '4000 0025 0000 3155');
    const dialog = await body.findByRole('dialog', { name: 'Authenticate this test payment?' });
    await expect(within(dialog).getByRole('button', { name: 'Complete authentication' })).toHaveFocus();
    await expect(within(dialog).getByRole('button', { name: 'Fail authentication' })).toBeVisible();
    // Behind the modal dialog the page is out of the accessibility tree (aria-hidden, as the native <dialog>'s inert
    // page was; Testing Library models the one, not the other), so the pay button is looked up among hidden elements.
    await expect(canvas.getByRole('button', { name: /Donate ₹1,000|Processing\.\.\./, hidden: true })).toHaveTextContent('Processing...');
    await expect(canvas.queryByRole('button', { name: 'Processing...' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByText('Thank you! Your donation has been completed and saved successfully.')).toBeVisible();
    await expect(args.onCreateIntent).toHaveBeenCalledWith(PAYLOAD, 'pm_card_authenticationRequired');
    await expect(args.onSave).toHaveBeenCalledTimes(1);
  },
};

/** Failing the authentication: the bank's refusal, nothing saved. */
export const AuthenticationFailed: Story = {
  play: async ({ canvas, args }) => {
    await payWith(canvas, '4000 0025 0000 3155');
    const dialog = await body.findByRole('dialog', { name: 'Authenticate this test payment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fail authentication' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Payment Failed - Your donation was not saved. Please try again.');
    await expect(alert).toHaveTextContent(AUTH_FAILED.message);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** Dismissing the dialog: a click beside it answers nothing; Escape (or its close button) fails the check. */
export const AuthenticationDismissed: Story = {
  // Its last frame is AuthenticationFailed's (the bank's refusal), so the visual test has nothing new to compare.
  tags: ['!visual'],
  play: async ({ canvas, args }) => {
    await payWith(canvas, '4000 0025 0000 3155');
    const dialog = await body.findByRole('dialog', { name: 'Authenticate this test payment?' });
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
    const overlay = document.querySelector<HTMLElement>('.cs-dialog__overlay');
    await expect(overlay).not.toBeNull();
    if (overlay) await userEvent.click(overlay);
    await expect(body.getByRole('dialog', { name: 'Authenticate this test payment?' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByRole('alert')).toHaveTextContent(AUTH_FAILED.message);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** Paid but not saved: the payment id to quote, no 'Try Again' (paying again would charge twice), no failure toast. */
export const SaveFailedAfterPayment: Story = {
  args: { onSave: fn(async () => Promise.reject(new Error('Internal server error. Please try again later.'))) },
  play: async ({ canvas, args }) => {
    await payWith(canvas, '4242 4242 4242 4242');
    const message = await canvas.findByText(
      'Payment completed but donation save failed. Please contact support with Payment ID: pi_sandbox_1',
    );
    await expect(message).toHaveFocus();
    await expect(canvas.queryByRole('button', { name: 'Try Again' })).toBeNull();
    await expect(canvas.queryByText(/Payment Failed/)).toBeNull();
    await expect(args.onFailed).not.toHaveBeenCalled();
    await expect(args.onSucceeded).not.toHaveBeenCalled();
    await expect(args.onInvoice).not.toHaveBeenCalled();
  },
};

/** The server refuses the intent (here the card-testing limit): its message under the failure banner. */
export const CreateIntentRefused: Story = {
  args: {
    onCreateIntent: fn(async () =>
      Promise.reject(new Error('Too many failed payment attempts from this address. Please try again later.')),
    ),
  },
  play: async ({ canvas, args }) => {
    await payWith(canvas, '4242 4242 4242 4242');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Payment Failed - Your donation was not saved. Please try again.');
    await expect(alert).toHaveTextContent('Too many failed payment attempts from this address. Please try again later.');
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** A status other than succeeded: 'Payment status: {status}', nothing saved. */
export const OtherPaymentStatus: Story = {
  render: (args) => <Sandboxed {...args} transport={fakeServerSandbox({ status: 'processing' })} />,
  play: async ({ canvas, args }) => {
    await payWith(canvas, '4242 4242 4242 4242');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Payment status: processing');
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** Before the app knows the payment provider. */
export const Loading: Story = {
  render: (args) => <PaymentPanel {...args} stripe={null} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading payment form...');
  },
};

/** The payment form could not be prepared (payments configuration or Stripe.js unreachable): the message, Back and 'Try Again'. */
export const SetupFailed: Story = {
  args: { setupError: 'Network error. Please check your internet connection.', onRetrySetup: fn() },
  render: (args) => <PaymentPanel {...args} stripe={null} />,
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Network error. Please check your internet connection.');
    await expect(canvas.queryByRole('status')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetrySetup).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Back' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

/** On a phone: expiry and CVC side by side, the button reachable. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2' } },
  play: async ({ canvas }) => {
    const expiry = (await canvas.findByRole('textbox', { name: 'Expiration date' })).getBoundingClientRect();
    const cvc = ui.cvc(canvas).getBoundingClientRect();
    await expect(Math.round(cvc.top)).toBe(Math.round(expiry.top));
    await expect(ui.pay(canvas)).toBeVisible();
  },
};
