import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { buildDonationPayload } from '@charity/domain';
import {
  DonationWizard,
  INITIAL_DONATION_WIZARD_VALUE,
  PaymentPanel,
  createDonationController,
  createSandboxStripe,
  useDonationPayment,
  useDonationWizard,
  type DonationController,
  type DonationShare,
  type DonationTransport,
  type DonationWizardProps,
  type DonationWizardValue,
  type LastDonation,
  type SandboxPaymentIntent,
} from '@charity/ui';
import { componentDocs } from './support/docs';
import { pickOption } from './support/pick-option';

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
const body = within(document.body);

/** The server's sandbox in memory: 4242… succeeds, everything else is declined. */
const intent = (paymentMethod: string): SandboxPaymentIntent =>
  paymentMethod === 'pm_card_visa'
    ? { id: 'pi_sandbox_7', status: 'succeeded', amount: 50000, currency: 'inr', last_payment_error: null }
    : {
        id: 'pi_sandbox_7',
        status: 'requires_payment_method',
        amount: 50000,
        currency: 'inr',
        last_payment_error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
      };

const calls = { createIntent: fn(), save: fn(), invoice: fn() };

/** As the site uses it: the value in a store (here state), step 4 a payment panel on the sandbox. */
function SiteLikeWizard(props: Omit<DonationWizardProps, 'value' | 'onChange' | 'renderPayment'> & { onChange: DonationWizardProps['onChange'] }) {
  const [value, setValue] = useState(INITIAL_DONATION_WIZARD_VALUE);
  const [paymentState, setPaymentState] = useState<DonationWizardProps['paymentState']>('input');
  const [stripe] = useState(() =>
    createSandboxStripe({
      transport: {
        confirm: async ({ payment_method_id }) => intent(payment_method_id),
        authenticate: async () => intent('pm_card_visa'),
      },
    }),
  );
  return (
    <DonationWizard
      {...props}
      value={value}
      paymentState={paymentState}
      onChange={(next) => {
        props.onChange(next);
        setValue(next);
      }}
      renderPayment={(payload, { onBack }) => (
        <PaymentPanel
          stripe={stripe}
          payload={payload}
          onBack={onBack}
          onStateChange={setPaymentState}
          onCreateIntent={async (data, paymentMethodId) => {
            calls.createIntent(data, paymentMethodId);
            return { clientSecret: 'pi_sandbox_7_secret', paymentIntentId: 'pi_sandbox_7' };
          }}
          onSave={async (input) => {
            calls.save(input);
            return { donationId: 7 };
          }}
          onInvoice={async (input) => {
            calls.invoice(input);
          }}
        />
      )}
    />
  );
}

const ui = {
  heading: (c: Canvas) => c.getByRole('heading', { level: 3 }),
  current: (c: Canvas) =>
    within(c.getByRole('navigation', { name: 'Donation steps' }))
      .getAllByRole('listitem')
      .find((li) => li.getAttribute('aria-current') === 'step'),
  field: (c: Canvas, name: string) => c.getByRole('textbox', { name }),
};

/** Types into the focused field, then moves on with Tab. */
async function typeAndTab(text: string) {
  await userEvent.keyboard(text);
  await userEvent.tab();
}

/** Step 1 → 3 with the keyboard alone: ₹500, an Indian donor, the state picked by typing its name. */
async function keyboardToReview(canvas: Canvas) {
  // Step 1: Tab to the quick amounts, arrow to ₹500, Tab past the custom amount and frequency, Enter on Continue.
  await userEvent.tab(); // country
  await userEvent.tab(); // quick amounts (one tab stop)
  await expect(canvas.getByRole('radio', { name: '₹1,000' })).toHaveFocus();
  await userEvent.keyboard('{ArrowLeft}');
  await expect(canvas.getByRole('radio', { name: '₹500' })).toBeChecked();
  await userEvent.tab(); // custom amount
  await userEvent.tab(); // frequency
  await userEvent.tab(); // Continue
  await expect(canvas.getByRole('button', { name: 'Continue' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');

  // Step 2: the heading has focus; Tab goes into the form.
  await waitFor(() => expect(ui.heading(canvas)).toHaveFocus());
  await expect(ui.heading(canvas)).toHaveTextContent('Step 2 of 4: Your Details');
  await userEvent.tab();
  await expect(ui.field(canvas, 'Full Name')).toHaveFocus();
  await typeAndTab('Asha Rao');
  await typeAndTab('asha.rao@example.org');
  await typeAndTab('9845012345');
  await typeAndTab('12 Indiranagar 100 Feet Road');
  // The state list opens with Enter, finds 'Karnataka' by typing, and closes on Enter.
  await expect(canvas.getByRole('combobox', { name: 'State' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await body.findByRole('listbox');
  await userEvent.keyboard('Karn');
  await waitFor(() => expect(body.getByRole('option', { name: 'Karnataka' })).toHaveFocus());
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
  await expect(canvas.getByRole('combobox', { name: 'State' })).toHaveTextContent('Karnataka');
  await userEvent.tab();
  await typeAndTab('Bengaluru');
  await userEvent.keyboard('560038{Enter}');

  // Step 3.
  await waitFor(() => expect(ui.heading(canvas)).toHaveFocus());
  await expect(ui.heading(canvas)).toHaveTextContent('Step 3 of 4: Review Your Donation');
}

const meta = {
  title: 'Donation/DonationWizard',
  component: DonationWizard,
  parameters: {
    docs: componentDocs({
      summary: 'The four-step donation flow (amount, details, review, payment) with its step indicator.',
      usage: `<DonationWizard value={value} onChange={setValue} campaign={campaign}
  renderPayment={(props) => <PaymentPanel {...props} stripe={stripe} />} />`,
      a11y: [
        'On every step change focus moves to the new step\'s heading (\'Step 2 of 4: Your Details\'), so keyboard users continue from there and screen readers announce it.',
        'The reset 10 s after a success keeps the receipt as a note above step 1 until dismissed (WCAG 2.2.1); the note takes focus only when focus was on the thank-you it replaced, otherwise focus stays where the donor put it.',
      ],
    }),
  },
  args: {
    value: INITIAL_DONATION_WIZARD_VALUE,
    onChange: fn(),
    campaign: null,
    renderPayment: () => null,
  },
  render: ({ campaign, onChange }) => <SiteLikeWizard campaign={campaign} onChange={onChange} />,
  beforeEach: () => {
    calls.createIntent.mockClear();
    calls.save.mockClear();
    calls.invoice.mockClear();
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '44rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DonationWizard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first step, and no focus taken on arrival. */
export const Start: Story = {
  play: async ({ canvas }) => {
    await expect(ui.heading(canvas)).toHaveTextContent('Step 1 of 4: Choose Amount');
    await expect(ui.heading(canvas)).not.toHaveFocus();
    await expect(ui.current(canvas)).toHaveTextContent('Amount');
    await expect(canvas.getByRole('radio', { name: '₹1,000' })).toBeChecked();
    await expect(canvas.queryByRole('button', { name: 'Back' })).toBeNull();
  },
};

/** Amount → Details → Review with the keyboard alone; each step change focuses and announces the new heading. */
export const KeyboardToReview: Story = {
  play: async ({ canvas }) => {
    await keyboardToReview(canvas);
    await expect(ui.current(canvas)).toHaveTextContent('Review');
    const rows = Object.fromEntries(canvas.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    await expect(rows).toMatchObject({ Amount: '₹500', 'Full Name': 'Asha Rao', State: 'Karnataka', 'PIN Code': '560038' });
  },
};

/** From the review, Back (by keyboard) goes one step down, keeping what was typed. */
export const KeyboardToReviewThenBack: Story = {
  name: 'Keyboard To Review → Back',
  tags: ['!visual'], // Ends on step 2 as typed: KeyboardToReview shows the review; this play function checks the way back.
  play: async (context) => {
    await KeyboardToReview.play?.(context);
    const { canvas } = context;
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Back' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(ui.heading(canvas)).toHaveTextContent('Step 2 of 4: Your Details'));
    await expect(ui.heading(canvas)).toHaveFocus();
    await expect(ui.field(canvas, 'Full Name')).toHaveValue('Asha Rao');
  },
};

/** A step that fails stays put and says so: 'Please fill all required fields correctly'. */
export const StepFails: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(ui.heading(canvas)).toHaveTextContent('Step 2 of 4: Your Details'));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please fill all required fields correctly');
    await expect(ui.heading(canvas)).toHaveTextContent('Step 2 of 4: Your Details');
    await expect(ui.field(canvas, 'Full Name')).toHaveFocus();
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ step: 2 }));
  },
};

/** Choosing the United States in step 1 gives step 2 the US fields. */
export const CountryCarriesToDetails: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Country' }));
    await userEvent.click(within(await body.findByRole('listbox')).getByRole('option', { name: 'United States (USD)' }));
    await waitFor(() => expect(canvas.getByRole('radio', { name: '$5' })).toBeChecked());
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(ui.heading(canvas)).toHaveTextContent('Step 2 of 4: Your Details'));
    await expect(canvas.getByText('Donating from').parentElement).toHaveTextContent('Donating from United States');
    await expect(ui.field(canvas, 'State')).toBeVisible();
    await expect(ui.field(canvas, 'ZIP Code')).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: /PAN/ })).toBeNull();
  },
};

/** Review → 'Form validated!…' → pay with 4242… on the sandbox → the thank-you message. */
export const ThroughPayment: Story = {
  args: { campaign: { id: 3, title: 'School Kits for 500 Children' } },
  play: async ({ canvas }) => {
    await keyboardToReview(canvas);
    await expect(canvas.getByText('School Kits for 500 Children')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(ui.heading(canvas)).toHaveTextContent('Step 4 of 4: Payment'));
    await expect(ui.heading(canvas)).toHaveFocus();
    await expect(canvas.getByRole('status')).toHaveTextContent('Form validated! Now complete payment to save your donation.');

    await userEvent.type(await canvas.findByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await userEvent.type(ui.field(canvas, 'Expiration date'), '1234');
    await userEvent.type(ui.field(canvas, 'CVC'), '123');
    await userEvent.click(canvas.getByRole('checkbox', { name: /I agree to the terms/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Donate ₹500' }));
    await expect(await canvas.findByText('Thank you! Your donation has been completed and saved successfully.')).toHaveFocus();
    // The 'Form validated!' notice belongs to the payment still to be made, not to its result.
    await expect(canvas.queryByText(/Form validated!/)).toBeNull();
    await expect(calls.createIntent).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 500, currency: 'INR', campaign_id: 3 }),
      'pm_card_visa',
    );
    await expect(calls.save).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(calls.invoice).toHaveBeenCalledWith({ donationId: 7, paymentIntentId: 'pi_sandbox_7' }));
  },
};

/** Back from the payment step returns to the review. */
export const BackFromPayment: Story = {
  play: async ({ canvas }) => {
    await keyboardToReview(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(ui.heading(canvas)).toHaveTextContent('Step 4 of 4: Payment'));
    await userEvent.click(await canvas.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(ui.heading(canvas)).toHaveTextContent('Step 3 of 4: Review Your Donation'));
    await expect(ui.heading(canvas)).toHaveFocus();
  },
};

/** ₹6,00,000 is refused in step 1 with the server's own message: Continue does not advance to the details. */
export const OverLimitStaysOnAmount: Story = {
  play: async ({ canvas, args }) => {
    const custom = canvas.getByRole('spinbutton', { name: /Custom amount/ });
    await userEvent.type(custom, '600000');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(custom).toHaveAccessibleDescription(
      'The largest donation we can accept online is ₹5,00,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.',
    );
    await expect(ui.heading(canvas)).toHaveTextContent('Step 1 of 4: Choose Amount');
    await expect(ui.current(canvas)).toHaveTextContent('Amount');
    await expect(args.onChange).not.toHaveBeenCalledWith(expect.objectContaining({ step: 2 }));
  },
};

/**
 * A campaign gift whose donor ticks "Show my first name and amount…": the review says so and the payment's
 * donation_data carries show_first_name, which the campaign page's supporters list reads.
 */
export const CampaignSupporterOptIn: Story = {
  args: { campaign: { id: 3, title: 'School Kits for 500 Children' } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(ui.heading(canvas)).toHaveTextContent('Step 2 of 4: Your Details'));
    await userEvent.type(ui.field(canvas, 'Full Name'), 'Asha Rao');
    await userEvent.type(ui.field(canvas, 'Email Address'), 'asha.rao@example.org');
    await userEvent.type(ui.field(canvas, 'Mobile Number'), '9845012345');
    await userEvent.type(ui.field(canvas, 'Address'), '12 Indiranagar 100 Feet Road');
    await pickOption(canvas.getByRole('combobox', { name: 'State' }), 'Karnataka');
    await userEvent.type(ui.field(canvas, 'City'), 'Bengaluru');
    await userEvent.type(ui.field(canvas, 'PIN Code'), '560038');
    const optIn = canvas.getByRole('checkbox', { name: "Show my first name and amount among this campaign's supporters" });
    await expect(optIn).not.toBeChecked();
    await userEvent.click(optIn);
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(ui.heading(canvas)).toHaveTextContent('Step 3 of 4: Review Your Donation'));
    const rows = Object.fromEntries(canvas.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    await expect(rows).toMatchObject({ Campaign: 'School Kits for 500 Children', 'Among supporters': 'Your first name and amount are shown' });
    await userEvent.click(canvas.getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(ui.heading(canvas)).toHaveTextContent('Step 4 of 4: Payment'));

    await userEvent.type(await canvas.findByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await userEvent.type(ui.field(canvas, 'Expiration date'), '1234');
    await userEvent.type(ui.field(canvas, 'CVC'), '123');
    await userEvent.click(canvas.getByRole('checkbox', { name: /I agree to the terms/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Donate ₹1,000' }));
    await canvas.findByText('Thank you! Your donation has been completed and saved successfully.');
    await expect(calls.createIntent).toHaveBeenCalledWith(
      expect.objectContaining({ campaign_id: 3, donor: expect.objectContaining({ full_name: 'Asha Rao', show_first_name: true }) }),
      'pm_card_visa',
    );
  },
};

// ---- The reset after a success, on the real donation controller (its resetAfterMs instead of the spec's 10 s) ----

/** Stands in for FORM_RESET_MS, so a story does not wait 10 s. */
const RESET_MS = 400;
const RECEIPT = 'BBF/2026-27/000123';
const RECEIPT_URL = `/api/invoices/${encodeURIComponent(RECEIPT)}/download?token=abc`;
const SCHOOL_KITS = { id: 3, title: 'School Kits for 500 Children' };
const SCHOOL_KITS_SHARE: DonationShare = { url: 'https://brightbeginnings.org.in/campaigns/school-kits', title: SCHOOL_KITS.title };

const sandboxStripe = createSandboxStripe({
  transport: { confirm: async ({ payment_method_id }) => intent(payment_method_id), authenticate: async () => intent('pm_card_visa') },
});

/** The charity's API as the payment hook sees it: sandbox mode, saved with the receipt's number, the PDF's address. */
const storyTransport: DonationTransport = {
  apiBase: '/story-api',
  paymentsConfig: async () => ({ mode: 'sandbox', publishableKey: null }),
  setupErrorMessage: () => 'Network error. Please check your internet connection.',
  createIntent: async () => ({ clientSecret: 'pi_sandbox_7_secret', paymentIntentId: 'pi_sandbox_7' }),
  saveAfterPayment: async () => ({ donationId: 7, receiptNumber: RECEIPT }),
  requestReceipt: async () => ({ number: RECEIPT, downloadUrl: RECEIPT_URL }),
};

const INDIAN_DONOR = {
  full_name: 'Asha Rao',
  email: 'asha.rao@example.org',
  mobile: '9845012345',
  pan_number: '',
  country_code: 'IN',
  state: 'Karnataka',
  city: 'Bengaluru',
  address: '12 Indiranagar 100 Feet Road',
  pincode: '560038',
};

/** The payment step for a ₹1,000 gift to School Kits, reviewed and ready to pay. */
const ON_PAYMENT_STEP: DonationWizardValue = {
  ...INITIAL_DONATION_WIZARD_VALUE,
  step: 4,
  details: INDIAN_DONOR,
  payload: buildDonationPayload({ details: INDIAN_DONOR, amount: 1000, donationType: 'one_time', campaignId: SCHOOL_KITS.id }),
};

function ControllerPayment({ controller, payload, onBack }: { controller: DonationController; payload: DonationWizardValue['payload'] & object; onBack: () => void }) {
  const panel = useDonationPayment({
    controller,
    transport: storyTransport,
    payload,
    onBack,
    share: payload.campaign_id === SCHOOL_KITS.id ? SCHOOL_KITS_SHARE : null,
  });
  return <PaymentPanel {...panel} stripe={sandboxStripe} testMode />;
}

/**
 * As the site and DonateWidget run it: the headless controller (useDonationWizard, useDonationPayment) around the
 * presentational wizard, starting from `initial`; a button after it stands for the rest of the page.
 */
function ControllerWizard({ initial, campaign }: { initial: DonationWizardValue; campaign: DonationWizardProps['campaign'] }) {
  const [controller] = useState(() => {
    const created = createDonationController({ resetAfterMs: RESET_MS });
    created.getState().setValue(initial);
    return created;
  });
  useEffect(() => () => controller.dispose(), [controller]);
  const wizard = useDonationWizard(controller, campaign?.id ?? null);
  return (
    <>
      <DonationWizard
        value={wizard.value}
        onChange={wizard.onChange}
        paymentState={wizard.paymentState}
        campaign={campaign}
        renderPayment={(payload, { onBack }) => <ControllerPayment controller={controller} payload={payload} onBack={onBack} />}
      />
      <p>
        <button type="button">Elsewhere on the page</button>
      </p>
    </>
  );
}

async function payOnSandbox(canvas: Canvas) {
  for (const [name, text] of [['Card number', '4242424242424242'], ['Expiration date', '1234'], ['CVC', '123']] as const) {
    await userEvent.click(await canvas.findByRole('textbox', { name }));
    await userEvent.paste(text);
  }
  await userEvent.click(canvas.getByRole('checkbox', { name: /I agree to the terms/ }));
  await userEvent.click(canvas.getByRole('button', { name: 'Donate ₹1,000' }));
}

const note = (c: Canvas) => c.getByRole('region', { name: 'Your last donation' });

/**
 * The spec's reset 10 s after a success (here 0.4 s) brings step 1 back with ₹1,000, and keeps the gift's receipt
 * above it: its number, the PDF, where it was mailed, and the campaign to pass on. Focus was on the thank-you, so it
 * moves to the note rather than to the top of the page.
 */
export const ReceiptNoteAfterReset: Story = {
  args: { campaign: SCHOOL_KITS },
  render: ({ campaign }) => <ControllerWizard initial={ON_PAYMENT_STEP} campaign={campaign} />,
  play: async ({ canvas }) => {
    await payOnSandbox(canvas);
    await expect(await canvas.findByText('Thank you! Your donation has been completed and saved successfully.')).toHaveFocus();
    await waitFor(() => expect(ui.heading(canvas)).toHaveTextContent('Step 1 of 4: Choose Amount'));
    await expect(canvas.queryByText(/Thank you!/)).toBeNull();
    await expect(canvas.getByRole('radio', { name: '₹1,000' })).toBeChecked();
    await expect(canvas.getByRole('spinbutton', { name: /Custom amount/ })).toHaveValue(null);

    const region = within(note(canvas));
    await expect(region.getByText('Your donation of ₹1,000 is complete.')).toHaveFocus();
    await expect(region.getByText(`Receipt number: ${RECEIPT}`)).toBeVisible();
    await expect(region.getByText('Receipt sent to asha.rao@example.org')).toBeVisible();
    await expect(region.getByRole('link', { name: 'Download your receipt (PDF)' })).toHaveAttribute('href', RECEIPT_URL);
    await expect(region.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(region.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('href', expect.stringContaining(encodeURIComponent(SCHOOL_KITS_SHARE.url)));
    await expect(region.getByRole('button', { name: 'Dismiss' })).toBeVisible();
    // The note comes before the amount, in reading and tab order.
    await expect(note(canvas).compareDocumentPosition(canvas.getByRole('combobox', { name: 'Country' }))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  },
};

/** The donor had moved on (focus elsewhere on the page) when the reset came: the note appears, focus stays put. */
export const ResetLeavesFocusElsewhere: Story = {
  args: { campaign: SCHOOL_KITS },
  render: ({ campaign }) => <ControllerWizard initial={ON_PAYMENT_STEP} campaign={campaign} />,
  play: async ({ canvas }) => {
    await payOnSandbox(canvas);
    await canvas.findByText('Thank you! Your donation has been completed and saved successfully.');
    const elsewhere = canvas.getByRole('button', { name: 'Elsewhere on the page' });
    elsewhere.focus();
    await waitFor(() => expect(ui.heading(canvas)).toHaveTextContent('Step 1 of 4: Choose Amount'));
    await expect(within(note(canvas)).getByText('Your donation of ₹1,000 is complete.')).toBeVisible();
    await expect(elsewhere).toHaveFocus();
    await expect(ui.heading(canvas)).not.toHaveFocus();
  },
};

const LAST_MONTHLY: LastDonation = {
  paymentIntentId: 'pi_sandbox_6',
  amount: 500,
  currency: 'INR',
  donationType: 'monthly',
  email: 'asha.rao@example.org',
  receiptNumber: null,
  receipt: { state: 'pending' },
  share: null,
};

/**
 * After the reset, a monthly general donation whose receipt was still being prepared: the thank-you's words, no share
 * row. Dismiss removes the note for good and leaves focus on the step's heading, not on the page.
 */
export const ReceiptNoteDismissed: Story = {
  render: () => <ControllerWizard initial={{ ...INITIAL_DONATION_WIZARD_VALUE, lastDonation: LAST_MONTHLY }} campaign={null} />,
  play: async ({ canvas }) => {
    const region = within(note(canvas));
    await expect(region.getByText('Your monthly donation of ₹500 is complete.')).toBeVisible();
    await expect(region.getByRole('status')).toHaveTextContent('Preparing your receipt…');
    await expect(region.queryByRole('link', { name: 'Download your receipt (PDF)' })).toBeNull();
    await expect(region.queryByRole('button', { name: 'Copy link' })).toBeNull();
    // Arriving on step 1 with the note does not take focus.
    await expect(ui.heading(canvas)).not.toHaveFocus();

    await userEvent.click(region.getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('region', { name: 'Your last donation' })).toBeNull();
    await expect(ui.heading(canvas)).toHaveFocus();
    await expect(ui.heading(canvas)).toHaveTextContent('Step 1 of 4: Choose Amount');
  },
};
