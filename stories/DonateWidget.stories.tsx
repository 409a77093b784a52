import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FORM_RESET_MS } from '@charity/domain';
import { DonateWidget } from '@charity/ui';
import { pickOption } from './support/pick-option';
import { componentDocs } from './support/docs';

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const API = 'https://charity.example/api';
/** A server that never answers: the widget's own error state. Another base, so the cached provider of API is not reused. */
const DOWN_API = 'https://down.example/api';

type Call = { method: string; path: string; body: unknown };
const requests: Call[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const intent = (status: string, error: unknown = null) => ({
  id: 'pi_sandbox_12',
  status,
  amount: 100000,
  currency: 'inr',
  last_payment_error: error,
});

/**
 * The charity's API in sandbox mode, as the wire contract (docs/decisions/021-wire-contract-and-openapi.md) describes
 * it, behind a stubbed fetch: the test cards decide the outcome (4242… succeeds, everything else is declined). Other
 * URLs go to the real fetch.
 */
function fakeCharityApi(realFetch: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.startsWith(DOWN_API)) throw new TypeError('Failed to fetch');
    if (!url.startsWith(API)) return realFetch(input, init);
    const path = url.slice(API.length + 1);
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : null;
    requests.push({ method: init?.method ?? 'GET', path, body });
    const request = (body ?? {}) as Record<string, unknown>;
    switch (path) {
      case 'payments/config':
        return json(200, { success: true, data: { mode: 'sandbox', publishable_key: null } });
      case 'payments/create-intent':
        return json(200, { success: true, data: { client_secret: 'pi_sandbox_12_secret_x', payment_intent_id: 'pi_sandbox_12' } });
      case 'payments/sandbox/confirm':
        return json(200, {
          success: true,
          data: {
            payment_intent:
              request.payment_method_id === 'pm_card_visa'
                ? intent('succeeded')
                : intent('requires_payment_method', {
                    code: 'card_declined',
                    decline_code: 'generic_decline',
                    message: 'Your card was declined.',
                  }),
          },
        });
      case 'donations/save-after-payment':
        return json(201, { success: true, data: { donation: { id: 12 } } });
      case 'invoices/generate-and-send':
        return json(200, { success: true, data: { invoice: { number: 'INV-12', download_url: '/api/invoices/12.pdf' } } });
      default:
        return json(404, { success: false, message: 'Resource not found' });
    }
  };
}

/** Types a whole value at once (a paste): typing key by key made the story slower than its time limit on a busy CI. */
async function fill(canvas: Canvas, name: string, text: string) {
  await userEvent.click(canvas.getByRole('textbox', { name }));
  await userEvent.paste(text);
}

/** Amount (₹1,000 by default) → details of an Indian donor → review → payment. */
async function fillToPayment(canvas: Canvas) {
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(canvas.getByRole('heading', { level: 3 })).toHaveTextContent('Step 2 of 4: Your Details'));
  await fill(canvas, 'Full Name', 'Asha Rao');
  await fill(canvas, 'Email Address', 'asha.rao@example.org');
  await fill(canvas, 'Mobile Number', '9845012345');
  await fill(canvas, 'Address', '12 Indiranagar 100 Feet Road');
  await pickOption(canvas.getByRole('combobox', { name: 'State' }), 'Karnataka');
  await fill(canvas, 'City', 'Bengaluru');
  await fill(canvas, 'PIN Code', '560038');
  await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(canvas.getByRole('heading', { level: 3 })).toHaveTextContent('Step 3 of 4: Review Your Donation'));
  await userEvent.click(canvas.getByRole('button', { name: 'Proceed to Payment' }));
  await waitFor(() => expect(canvas.getByRole('heading', { level: 3 })).toHaveTextContent('Step 4 of 4: Payment'));
}

async function payWith(canvas: Canvas, cardNumber: string) {
  await canvas.findByRole('textbox', { name: 'Card number' });
  await fill(canvas, 'Card number', cardNumber);
  await fill(canvas, 'Expiration date', '1234');
  await fill(canvas, 'CVC', '123');
  await userEvent.click(canvas.getByRole('checkbox', { name: /I agree to the terms/ }));
  await userEvent.click(canvas.getByRole('button', { name: 'Donate ₹1,000' }));
}

const paths = () => requests.map((r) => `${r.method} ${r.path}`);

const meta = {
  title: 'Partner/DonateWidget',
  component: DonateWidget,
  parameters: {
    docs: componentDocs({
      summary:
        "The donation wizard for partner sites built with React: the same four steps as the charity's /donate, talking to the charity's API with fetch (Stripe.js in stripe mode, the charity's sandbox otherwise). The API must list the partner's origin in PARTNER_ORIGINS.",
      usage: `import { DonateWidget } from '@charity/ui';
import '@charity/ui/styles.css';

<DonateWidget
  apiBase="https://charity.example/api"
  campaign={{ id: 12, title: 'Clean Water for Village Schools' }}
  onCompleted={(result) => analytics.track('donation', result)}
  onFailed={(message) => console.warn(message)}
/>`,
      a11y: [
        "Each step's heading takes focus when the step changes, so keyboard and screen-reader users continue from there; set headingLevel to fit the host page's outline.",
        'Card fields are labelled inputs (Stripe Elements in stripe mode); errors are announced through alerts tied to their fields.',
        'Colours follow the --cs-* custom properties: keep 4.5:1 text contrast when re-theming.',
      ],
    }),
  },
  args: {
    apiBase: API,
    campaign: { id: 12, title: 'Clean Water for Village Schools' },
    onCompleted: fn(),
    onFailed: fn(),
  },
  // The widget calls the charity's API with fetch: each story runs against the fake API above.
  beforeEach: () => {
    requests.length = 0;
    const realFetch = globalThis.fetch;
    globalThis.fetch = fakeCharityApi(realFetch);
    return () => {
      globalThis.fetch = realFetch;
    };
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '44rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DonateWidget>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The four steps against the API, a sandbox payment with 4242…, the thank-you, and onCompleted. */
export const CompletesSandboxPayment: Story = {
  play: async ({ canvas, args }) => {
    await fillToPayment(canvas);
    await expect(canvas.getByText(/Test mode:/)).toBeVisible();
    await payWith(canvas, '4242424242424242');
    await expect(await canvas.findByText('Thank you! Your donation has been completed and saved successfully.')).toHaveFocus();
    await expect(canvas.getByText('Payment ID: pi_sandbox_12')).toBeVisible();
    await expect(args.onCompleted).toHaveBeenCalledWith({
      donationId: 12,
      paymentIntentId: 'pi_sandbox_12',
      amount: 1000,
      currency: 'INR',
      campaignId: 12,
    });
    await expect(args.onFailed).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(paths()).toEqual([
        'GET payments/config',
        'POST payments/create-intent',
        'POST payments/sandbox/confirm',
        'POST donations/save-after-payment',
        'POST invoices/generate-and-send',
      ]),
    );
    const save = requests.find((r) => r.path === 'donations/save-after-payment');
    await expect(save?.body).toMatchObject({
      donation_data: { amount: 1000, currency: 'INR', campaign_id: 12, donor: { full_name: 'Asha Rao' } },
      payment_intent_id: 'pi_sandbox_12',
      payment_method_id: 'pm_card_visa',
      payment_status: 'completed',
    });
  },
};

/** A declined card: the failure banner with the card's message, 'Try Again', onFailed, and nothing saved. */
export const PaymentDeclined: Story = {
  play: async ({ canvas, args }) => {
    await fillToPayment(canvas);
    await payWith(canvas, '4000000000000002');
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Payment Failed - Your donation was not saved. Please try again.');
    await expect(alert).toHaveTextContent('Your card was declined.');
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toHaveFocus();
    await expect(args.onFailed).toHaveBeenCalledWith('Your card was declined.');
    await expect(args.onCompleted).not.toHaveBeenCalled();
    await expect(paths()).not.toContain('POST donations/save-after-payment');
  },
};

/** The charity's server cannot be reached: the payment step says so and offers Back and 'Try Again'. */
export const ServerUnreachable: Story = {
  args: { apiBase: DOWN_API },
  play: async ({ canvas }) => {
    await fillToPayment(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Network error. Please check your internet connection.');
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeVisible();
  },
};

/**
 * The widget runs the site's controller, so it keeps the receipt past the reset too: 10 s after the thank-you (a fake
 * timer here shortens the spec's FORM_RESET_MS to 0.4 s) step 1 is back with the receipt's note above it, holding
 * focus because the thank-you held it. The PDF's address is on the charity's origin, not the partner's.
 */
export const ReceiptKeptAfterReset: Story = {
  beforeEach: () => {
    const realSetTimeout = window.setTimeout;
    const shortened = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) =>
      realSetTimeout(handler, ms === FORM_RESET_MS ? 400 : ms, ...rest)) as typeof window.setTimeout;
    window.setTimeout = shortened;
    return () => {
      window.setTimeout = realSetTimeout;
    };
  },
  play: async ({ canvas }) => {
    await fillToPayment(canvas);
    await payWith(canvas, '4242424242424242');
    await expect(await canvas.findByText('Thank you! Your donation has been completed and saved successfully.')).toHaveFocus();
    await waitFor(() => expect(canvas.getByRole('heading', { level: 3 })).toHaveTextContent('Step 1 of 4: Choose Amount'));
    const note = within(canvas.getByRole('region', { name: 'Your last donation' }));
    await expect(note.getByText('Your donation of ₹1,000 is complete.')).toHaveFocus();
    await expect(note.getByText('Receipt number: INV-12')).toBeVisible();
    await expect(note.getByText('Receipt sent to asha.rao@example.org')).toBeVisible();
    await expect(note.getByRole('link', { name: 'Download your receipt (PDF)' })).toHaveAttribute('href', 'https://charity.example/api/invoices/12.pdf');
    await expect(canvas.getByRole('radio', { name: '₹1,000' })).toBeChecked();
  },
};
