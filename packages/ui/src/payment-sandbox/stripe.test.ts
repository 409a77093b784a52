import type { StripeCardNumberElement } from '@stripe/stripe-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECURRING_MESSAGES, TEST_CARDS } from '@charity/domain';
import { createSandboxStripe } from './stripe';
import { readSetupIntent } from './setup';
import { createHttpSandboxTransport } from './transport';

// The browser sandbox's confirmCardSetup (a monthly gift's new card) through its HTTP transport, with a fetch that
// answers POST {apiBase}/payments/sandbox/confirm-setup as the server's sandbox does: the SetupIntent, Stripe-shaped.
// (This package is type-checked without Node's types, so no local server here; the site's monthly-gift store test
// runs the same sandbox against a real HTTP server.)

type Reply = { status: number; body: unknown } | 'no-reply';
let reply: Reply = { status: 200, body: {} };
const received: { method: string; url: string; body: unknown }[] = [];

const API_BASE = 'https://charity.example/api/';
const fetchStandIn: typeof globalThis.fetch = async (input, init) => {
  received.push({ method: init?.method ?? 'GET', url: String(input), body: init?.body ? (JSON.parse(String(init.body)) as unknown) : null });
  if (reply === 'no-reply') throw new TypeError('Failed to fetch');
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
};
const sandbox = (options: { now?: () => Date } = {}) =>
  createSandboxStripe({ transport: createHttpSandboxTransport(API_BASE, fetchStandIn), ...options });

afterEach(() => {
  received.length = 0;
  vi.unstubAllGlobals();
});

const SECRET = 'seti_sandbox_7_secret_abc';
const succeeded = (paymentMethod: string) => ({ id: 'seti_sandbox_7', status: 'succeeded', payment_method: paymentMethod });

describe('confirmCardSetup', () => {
  it("POSTs {client_secret, payment_method} to …/payments/sandbox/confirm-setup and answers { setupIntent } as Stripe.js does", async () => {
    reply = { status: 200, body: succeeded('pm_card_visa') };
    const result = await sandbox().confirmCardSetup(SECRET, { payment_method: 'pm_card_visa' });
    expect(received).toEqual([
      { method: 'POST', url: 'https://charity.example/api/payments/sandbox/confirm-setup', body: { client_secret: SECRET, payment_method: 'pm_card_visa' } },
    ]);
    expect(result.error).toBeUndefined();
    expect(result.setupIntent).toMatchObject({ id: 'seti_sandbox_7', object: 'setup_intent', status: 'succeeded', payment_method: 'pm_card_visa', client_secret: SECRET });
  });

  it('makes the PaymentMethod from the mounted card Elements (the typed test card), as with confirmCardPayment', async () => {
    const fields = fakeDom();
    const stripe = sandbox({ now: () => new Date('2026-11-27T10:00:00Z') });
    const elements = stripe.elements();
    const card = elements.create('cardNumber');
    card.mount(fields.container());
    elements.create('cardExpiry').mount(fields.container());
    elements.create('cardCvc').mount(fields.container());
    fields.type(0, TEST_CARDS.visa.spaced);
    fields.type(1, '12 / 30');
    fields.type(2, '123');
    reply = { status: 200, body: succeeded('pm_card_visa') };
    const result = await stripe.confirmCardSetup(SECRET, { payment_method: { card: card as StripeCardNumberElement, billing_details: { name: 'Asha Rao' } } });
    expect(received[0]?.body).toEqual({ client_secret: SECRET, payment_method: TEST_CARDS.visa.paymentMethod });
    expect(result.setupIntent?.status).toBe('succeeded');
  });

  it('incomplete card fields: the validation error, and nothing is sent', async () => {
    const fields = fakeDom();
    const stripe = sandbox();
    const elements = stripe.elements();
    const card = elements.create('cardNumber');
    card.mount(fields.container());
    elements.create('cardExpiry').mount(fields.container());
    elements.create('cardCvc').mount(fields.container());
    fields.type(0, '4242 4242');
    const result = await stripe.confirmCardSetup(SECRET, { payment_method: { card: card as StripeCardNumberElement } });
    expect(result.error?.type).toBe('validation_error');
    expect(received).toHaveLength(0);
  });

  it("a refused card ('requires_payment_method'): a card_error 'Your card was declined.' carrying the SetupIntent", async () => {
    reply = { status: 200, body: { id: 'seti_sandbox_8', status: 'requires_payment_method', payment_method: null } };
    const result = await sandbox().confirmCardSetup(SECRET, { payment_method: TEST_CARDS.declined.paymentMethod });
    expect(result.setupIntent).toBeUndefined();
    expect(result.error).toMatchObject({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.', setup_intent: { id: 'seti_sandbox_8', status: 'requires_payment_method' } });
  });

  it("the sandbox's own reason, when it gives one", async () => {
    reply = {
      status: 200,
      body: { id: 'seti_sandbox_9', status: 'requires_payment_method', payment_method: null, last_setup_error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Declined by the sandbox.' } },
    };
    const result = await sandbox().confirmCardSetup(SECRET, { payment_method: 'pm_card_chargeDeclined' });
    expect(result.error).toMatchObject({ type: 'card_error', decline_code: 'generic_decline', message: 'Declined by the sandbox.' });
  });

  it("an error reply: an api_error with the server's message", async () => {
    reply = { status: 400, body: { success: false, message: 'This SetupIntent is not waiting for a card.' } };
    const result = await sandbox().confirmCardSetup(SECRET, { payment_method: 'pm_card_visa' });
    expect(result.error).toMatchObject({ type: 'api_error', message: 'This SetupIntent is not waiting for a card.' });
  });

  it("no reply, or one that is no SetupIntent: 'Your card could not be saved…'", async () => {
    reply = 'no-reply';
    const dropped = await sandbox().confirmCardSetup(SECRET, { payment_method: 'pm_card_visa' });
    expect(dropped.error).toMatchObject({ type: 'api_error', message: RECURRING_MESSAGES.cardSetupFailed });
    reply = { status: 200, body: { success: true } };
    const odd = await sandbox().confirmCardSetup(SECRET, { payment_method: 'pm_card_visa' });
    expect(odd.error?.message).toBe(RECURRING_MESSAGES.cardSetupFailed);
  });

  it('without a payment_method: an invalid_request_error, nothing sent', async () => {
    const result = await sandbox().confirmCardSetup(SECRET);
    expect(result.error).toMatchObject({ type: 'invalid_request_error', message: 'confirmCardSetup needs a payment_method.' });
    expect(received).toHaveLength(0);
  });

  it('a transport without confirmSetup (a story’s) answers an error rather than throwing', async () => {
    const transport = { confirm: vi.fn(), authenticate: vi.fn() };
    const result = await createSandboxStripe({ transport }).confirmCardSetup(SECRET, { payment_method: 'pm_card_visa' });
    expect(result.error?.type).toBe('invalid_request_error');
  });
});

describe('readSetupIntent', () => {
  it('reads the bare SetupIntent and the wrapped forms; refuses anything else', () => {
    const intent = { id: 'seti_1', status: 'succeeded', payment_method: 'pm_card_visa' };
    expect(readSetupIntent(intent)).toEqual({ ...intent, last_setup_error: null });
    expect(readSetupIntent({ success: true, data: intent })).toEqual({ ...intent, last_setup_error: null });
    expect(readSetupIntent({ success: true, data: { setup_intent: intent } })).toEqual({ ...intent, last_setup_error: null });
    expect(readSetupIntent({ success: false, message: 'No' })).toBeNull();
    expect(readSetupIntent({ id: 1, status: 'succeeded' })).toBeNull();
    expect(readSetupIntent(null)).toBeNull();
  });
});

/**
 * Just enough of a DOM for the sandbox's card fields in node: each created <input> is kept so a test can type into it
 * (its 'input' listeners run, as the browser's would).
 */
function fakeDom() {
  const inputs: { value: string; listeners: Map<string, (() => void)[]> }[] = [];
  vi.stubGlobal('document', {
    createElement: () => {
      const input = {
        value: '',
        listeners: new Map<string, (() => void)[]>(),
        setAttribute: () => undefined,
        addEventListener(type: string, handler: () => void) {
          input.listeners.set(type, [...(input.listeners.get(type) ?? []), handler]);
        },
        remove: () => undefined,
        focus: () => undefined,
        blur: () => undefined,
      };
      inputs.push(input);
      return input;
    },
    querySelectorAll: () => [],
  });
  return {
    container: () => ({ id: '', appendChild: () => undefined, classList: { toggle: () => undefined, remove: () => undefined } }) as unknown as HTMLElement,
    type(index: number, text: string) {
      const input = inputs[index];
      if (!input) throw new Error(`No input ${index}`);
      input.value = text;
      for (const handler of input.listeners.get('input') ?? []) handler();
    },
  };
}
