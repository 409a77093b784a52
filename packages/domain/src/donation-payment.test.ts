import { describe, expect, it, vi } from 'vitest';
import {
  createIntentRequestBody,
  readCreatedIntent,
  readPaymentsConfig,
  readReceiptReply,
  readSavedDonation,
  readSavedDonationId,
  receiptRequestBody,
  replyMessage,
  runDonationPayment,
  saveAfterPaymentRequestBody,
  type DonationPaymentSteps,
} from './donation-payment';
import { buildDonationPayload, EMPTY_DONATION_DETAILS } from './validation/donation';

/** Steps of a payment that succeeds, recording the order of calls; each test breaks one of them. */
function steps(overrides: Partial<DonationPaymentSteps> = {}) {
  const calls: string[] = [];
  const base: DonationPaymentSteps = {
    createPaymentMethod: async () => {
      calls.push('createPaymentMethod');
      return { paymentMethodId: 'pm_card_visa' };
    },
    createIntent: async (pm) => {
      calls.push(`createIntent ${pm}`);
      return { clientSecret: 'pi_1_secret_x', paymentIntentId: 'pi_1' };
    },
    confirm: async (secret, pm) => {
      calls.push(`confirm ${secret} ${pm}`);
      return { paymentIntent: { id: 'pi_1', status: 'succeeded' } };
    },
    save: async (input) => {
      calls.push(`save ${input.paymentIntentId} ${input.paymentMethodId}`);
      return { donationId: 42 };
    },
    requestReceipt: async (input) => {
      calls.push(`receipt ${input.donationId} ${input.paymentIntentId}`);
      return undefined;
    },
  };
  // Overridden steps do not record: the tests assert which of the recording steps ran after them.
  return { steps: { ...base, ...overrides }, calls };
}

describe('runDonationPayment', () => {
  it('pays, saves, then asks for the receipt, in that order', async () => {
    const { steps: s, calls } = steps();
    const result = await runDonationPayment(s);
    expect(result).toEqual({ status: 'succeeded', donationId: 42, paymentIntentId: 'pi_1', receipt: expect.any(Promise) });
    expect(calls).toEqual([
      'createPaymentMethod',
      'createIntent pm_card_visa',
      'confirm pi_1_secret_x pm_card_visa',
      'save pi_1 pm_card_visa',
      'receipt 42 pi_1',
    ]);
    if (result.status === 'succeeded') await expect(result.receipt).resolves.toBe(true);
  });

  it("a receipt that fails leaves the success standing (receipt settles false, never rejects)", async () => {
    const { steps: s } = steps({ requestReceipt: () => Promise.reject(new Error('mail down')) });
    const result = await runDonationPayment(s);
    expect(result.status).toBe('succeeded');
    if (result.status === 'succeeded') await expect(result.receipt).resolves.toBe(false);
  });

  it('a receipt step that throws synchronously also leaves the success standing', async () => {
    const { steps: s } = steps({
      requestReceipt: () => {
        throw new Error('boom');
      },
    });
    const result = await runDonationPayment(s);
    expect(result.status).toBe('succeeded');
    if (result.status === 'succeeded') await expect(result.receipt).resolves.toBe(false);
  });

  it("a card error from createPaymentMethod fails with Stripe's message; nothing else is called", async () => {
    const { steps: s, calls } = steps({
      createPaymentMethod: async () => ({ error: { message: 'Your card number is incomplete.' } }),
    });
    expect(await runDonationPayment(s)).toEqual({ status: 'failed', message: 'Your card number is incomplete.' });
    expect(calls).toEqual([]);
  });

  it("an error without a message becomes 'Payment failed. Please try again.'", async () => {
    const { steps: s } = steps({ createPaymentMethod: async () => ({ error: { message: '  ' } }) });
    expect(await runDonationPayment(s)).toEqual({ status: 'failed', message: 'Payment failed. Please try again.' });
  });

  it("create-intent's rejection message is shown, and the card is never confirmed", async () => {
    const { steps: s, calls } = steps({ createIntent: () => Promise.reject(new Error('Failed to create payment')) });
    expect(await runDonationPayment(s)).toEqual({ status: 'failed', message: 'Failed to create payment' });
    expect(calls.some((c) => c.startsWith('confirm'))).toBe(false);
  });

  it('a declined card fails with the decline message and saves nothing', async () => {
    const { steps: s, calls } = steps({ confirm: async () => ({ error: { message: 'Your card was declined.' } }) });
    expect(await runDonationPayment(s)).toEqual({ status: 'failed', message: 'Your card was declined.' });
    expect(calls.some((c) => c.startsWith('save'))).toBe(false);
  });

  it("any status other than succeeded fails with 'Payment status: {status}'", async () => {
    const { steps: s, calls } = steps({ confirm: async () => ({ paymentIntent: { id: 'pi_1', status: 'processing' } }) });
    expect(await runDonationPayment(s)).toEqual({ status: 'failed', message: 'Payment status: processing' });
    expect(calls.some((c) => c.startsWith('save'))).toBe(false);
  });

  it("'requires_action' without handleAction fails with 'Payment status: requires_action'", async () => {
    const { steps: s } = steps({ confirm: async () => ({ paymentIntent: { id: 'pi_1', status: 'requires_action' } }) });
    expect(await runDonationPayment(s)).toEqual({ status: 'failed', message: 'Payment status: requires_action' });
  });

  it("'requires_action' runs handleAction with the client secret; its success is saved", async () => {
    const handleAction = vi.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    const { steps: s, calls } = steps({
      confirm: async () => ({ paymentIntent: { id: 'pi_1', status: 'requires_action' } }),
      handleAction,
    });
    const result = await runDonationPayment(s);
    expect(handleAction).toHaveBeenCalledWith('pi_1_secret_x');
    expect(result.status).toBe('succeeded');
    expect(calls).toContain('save pi_1 pm_card_visa');
  });

  it('an authentication that fails in handleAction fails the payment with its message', async () => {
    const { steps: s } = steps({
      confirm: async () => ({ paymentIntent: { id: 'pi_1', status: 'requires_action' } }),
      handleAction: async () => ({ error: { message: 'We are unable to authenticate your payment method.' } }),
    });
    expect(await runDonationPayment(s)).toEqual({
      status: 'failed',
      message: 'We are unable to authenticate your payment method.',
    });
  });

  it('a save that fails after payment is not a failed payment: it quotes the payment id, and no receipt is asked', async () => {
    const cause = new Error('db down');
    const { steps: s, calls } = steps({ save: () => Promise.reject(cause) });
    expect(await runDonationPayment(s)).toEqual({
      status: 'save-failed',
      paymentIntentId: 'pi_1',
      message: 'Payment completed but donation save failed. Please contact support with Payment ID: pi_1',
      cause,
    });
    expect(calls.some((c) => c.startsWith('receipt'))).toBe(false);
  });

  it('a thrown non-Error (e.g. a string) fails with the fallback message', async () => {
    const { steps: s } = steps({ createIntent: () => Promise.reject('nope') });
    expect(await runDonationPayment(s)).toEqual({ status: 'failed', message: 'Payment failed. Please try again.' });
  });
});

describe('payment HTTP contract', () => {
  const payload = buildDonationPayload({
    details: { ...EMPTY_DONATION_DETAILS, full_name: 'Asha Rao', email: 'asha@example.org' },
    amount: 1000,
  });

  it('request bodies', () => {
    expect(createIntentRequestBody(payload, 'pm_card_visa')).toEqual({ donation_data: payload, payment_method_id: 'pm_card_visa' });
    expect(createIntentRequestBody(payload, 'pm_card_visa', 'https://partner.example')).toEqual({
      donation_data: payload,
      payment_method_id: 'pm_card_visa',
      partner_origin: 'https://partner.example',
    });
    expect(saveAfterPaymentRequestBody({ payload, paymentIntentId: 'pi_1', paymentMethodId: 'pm_card_visa' })).toEqual({
      donation_data: payload,
      payment_intent_id: 'pi_1',
      payment_method_id: 'pm_card_visa',
      payment_status: 'completed',
    });
    expect(receiptRequestBody({ donationId: 42, paymentIntentId: 'pi_1' })).toEqual({ donation_id: 42, payment_intent_id: 'pi_1' });
  });

  it('payments config: sandbox, stripe with a key, anything else null', () => {
    expect(readPaymentsConfig({ success: true, data: { mode: 'sandbox', publishable_key: 'pk_x' } })).toEqual({
      mode: 'sandbox',
      publishableKey: null,
    });
    expect(readPaymentsConfig({ success: true, data: { mode: 'stripe', publishable_key: 'pk_test_1' } })).toEqual({
      mode: 'stripe',
      publishableKey: 'pk_test_1',
    });
    expect(readPaymentsConfig({ success: true, data: { mode: 'stripe', publishable_key: '' } })).toBeNull();
    expect(readPaymentsConfig({ success: true, data: { mode: 'paypal' } })).toBeNull();
    expect(readPaymentsConfig(null)).toBeNull();
  });

  it("payments config: the operator's ceiling (max_amount) when the server sends one, nothing when it does not", () => {
    expect(readPaymentsConfig({ success: true, data: { mode: 'sandbox', publishable_key: null, max_amount: 250_000 } })).toStrictEqual({
      mode: 'sandbox',
      publishableKey: null,
      maxAmount: 250_000,
    });
    expect(readPaymentsConfig({ success: true, data: { mode: 'stripe', publishable_key: 'pk_test_1', max_amount: 100 } })).toStrictEqual({
      mode: 'stripe',
      publishableKey: 'pk_test_1',
      maxAmount: 100,
    });
    expect(readPaymentsConfig({ success: true, data: { mode: 'sandbox', publishable_key: null } })).toStrictEqual({ mode: 'sandbox', publishableKey: null });
    // Not a whole number of at least one unit: ignored, the server's own check still stands.
    for (const odd of [0, -5, 10.5, '250000', null]) {
      expect(readPaymentsConfig({ success: true, data: { mode: 'sandbox', publishable_key: null, max_amount: odd } })).toStrictEqual({
        mode: 'sandbox',
        publishableKey: null,
      });
    }
  });

  it('create-intent reply: the secret and id, the server message of a failed reply, else the fallback', () => {
    expect(readCreatedIntent({ success: true, data: { client_secret: 's', payment_intent_id: 'pi_1' } })).toEqual({
      ok: true,
      clientSecret: 's',
      paymentIntentId: 'pi_1',
    });
    expect(readCreatedIntent({ success: false, message: 'Amount too small' })).toEqual({ ok: false, message: 'Amount too small' });
    expect(readCreatedIntent({ success: true, message: 'ignored', data: {} })).toEqual({
      ok: false,
      message: 'Failed to create payment',
    });
    expect(readCreatedIntent('<html>')).toEqual({ ok: false, message: 'Failed to create payment' });
  });

  it('saved donation id: a positive safe integer only', () => {
    expect(readSavedDonationId({ success: true, data: { donation: { id: 42 } } })).toBe(42);
    expect(readSavedDonationId({ success: true, data: { donation: { id: '42' } } })).toBeNull();
    expect(readSavedDonationId({ success: true, data: { donation: { id: 0 } } })).toBeNull();
    expect(readSavedDonationId({ success: false, data: { donation: { id: 42 } } })).toBeNull();
  });

  it('saved donation: the id with the receipt number when the reply carries one', () => {
    expect(readSavedDonation({ success: true, data: { donation: { id: 42, receipt_number: null } } })).toEqual({
      donationId: 42,
      receiptNumber: null,
    });
    expect(readSavedDonation({ success: true, data: { donation: { id: 42, receipt_number: 'BBF/2026-27/0001' } } })).toEqual({
      donationId: 42,
      receiptNumber: 'BBF/2026-27/0001',
    });
    expect(readSavedDonation({ success: true, data: { donation: { id: -1, receipt_number: 'BBF/2026-27/0001' } } })).toBeNull();
    expect(readSavedDonation({ success: true, data: {} })).toBeNull();
  });

  it('receipt reply: ok with or without the invoice', () => {
    expect(
      readReceiptReply({ success: true, data: { invoice: { number: 'INV-1', download_url: '/api/invoices/1.pdf' } } }),
    ).toEqual({ ok: true, invoice: { number: 'INV-1', downloadUrl: '/api/invoices/1.pdf' } });
    expect(readReceiptReply({ success: true, data: {} })).toEqual({ ok: true, invoice: null });
    expect(readReceiptReply({ success: false })).toEqual({ ok: false });
  });

  it('replyMessage reads a non-empty message field', () => {
    expect(replyMessage({ message: 'Too many requests' })).toBe('Too many requests');
    expect(replyMessage({ message: '' })).toBeNull();
    expect(replyMessage([])).toBeNull();
  });
});
