import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDonationPayload, EMPTY_DONATION_DETAILS } from '@charity/domain';
import { createApiClient } from '../../../lib/api/client';
import {
  PaymentApiError,
  createPaymentIntent,
  fetchPaymentsConfig,
  generateAndSendInvoice,
  parsePaymentsConfig,
  saveDonationAfterPayment,
} from './payments-api';

// The wizard's calls against a real HTTP server answering as the wire contract says
// (docs/decisions/021-wire-contract-and-openapi.md), through the site's real API client: what is sent, what is read
// back, and that no failure raises the global toast (the panel reports it).

const PAYLOAD = buildDonationPayload({
  details: {
    ...EMPTY_DONATION_DETAILS,
    full_name: 'Asha Rao',
    email: 'asha@example.org',
    mobile: '9845012345',
    state: 'Karnataka',
    city: 'Bengaluru',
    address: '12 Indiranagar 100 Feet Road',
    pincode: '560038',
  },
  amount: 1000,
});

type Reply = { status: number; body: unknown } | 'hang-up';
const replies = new Map<string, Reply>();
const received: { method: string; path: string; body: unknown }[] = [];

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    received.push({ method: req.method ?? '', path, body: raw ? (JSON.parse(raw) as unknown) : null });
    const reply = replies.get(path) ?? { status: 404, body: { success: false, message: 'Not found' } };
    if (reply === 'hang-up') {
      req.socket.destroy();
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
  });
});

let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  replies.clear();
  received.length = 0;
});

function setup() {
  const globalToast = vi.fn();
  const client = createApiClient({
    baseUrl,
    getToken: () => null,
    onUnauthorized: () => {},
    notify: globalToast,
    log: { info: () => {}, error: () => {} },
    retryDelay: () => 1,
  });
  return { client, globalToast };
}

describe('payments config', () => {
  it('reads the sandbox mode', async () => {
    replies.set('/api/payments/config', { status: 200, body: { success: true, data: { mode: 'sandbox', publishable_key: null } } });
    const { client } = setup();
    await expect(fetchPaymentsConfig(client)).resolves.toEqual({ mode: 'sandbox', publishableKey: null });
  });

  it("reads the operator's ceiling for step 1 when the server sends one (PAYMENT_MAX_AMOUNT), none when it does not", async () => {
    replies.set('/api/payments/config', {
      status: 200,
      body: { success: true, data: { mode: 'sandbox', publishable_key: null, max_amount: 250000 } },
    });
    const { client } = setup();
    await expect(fetchPaymentsConfig(client)).resolves.toStrictEqual({ mode: 'sandbox', publishableKey: null, maxAmount: 250000 });
    expect(parsePaymentsConfig({ success: true, data: { mode: 'sandbox', publishable_key: null } })).toStrictEqual({
      mode: 'sandbox',
      publishableKey: null,
    });
  });

  it('reads stripe mode with its key, and refuses stripe without one', () => {
    expect(parsePaymentsConfig({ success: true, data: { mode: 'stripe', publishable_key: 'pk_test_123' } })).toEqual({
      mode: 'stripe',
      publishableKey: 'pk_test_123',
    });
    expect(() => parsePaymentsConfig({ success: true, data: { mode: 'stripe', publishable_key: null } })).toThrow(TypeError);
    expect(() => parsePaymentsConfig({ success: true, data: { mode: 'paypal' } })).toThrow(TypeError);
    expect(() => parsePaymentsConfig(null)).toThrow(TypeError);
  });
});

describe('create-intent', () => {
  it('sends donation_data and payment_method_id and reads the secret and intent id', async () => {
    replies.set('/api/payments/create-intent', {
      status: 200,
      body: { success: true, message: 'Payment intent created', data: { client_secret: 'pi_1_secret_x', payment_intent_id: 'pi_1' } },
    });
    const { client, globalToast } = setup();
    await expect(createPaymentIntent(client, PAYLOAD, 'pm_card_visa')).resolves.toEqual({
      clientSecret: 'pi_1_secret_x',
      paymentIntentId: 'pi_1',
    });
    expect(received).toEqual([
      { method: 'POST', path: '/api/payments/create-intent', body: { donation_data: PAYLOAD, payment_method_id: 'pm_card_visa' } },
    ]);
    expect(globalToast).not.toHaveBeenCalled();
  });

  it('sends the partner origin of the widget beside donation_data, never inside it', async () => {
    replies.set('/api/payments/create-intent', {
      status: 200,
      body: { success: true, data: { client_secret: 'pi_2_secret_x', payment_intent_id: 'pi_2' } },
    });
    const { client } = setup();
    await createPaymentIntent(client, PAYLOAD, 'pm_card_visa', 'https://partner.example');
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/api/payments/create-intent',
        body: { donation_data: PAYLOAD, payment_method_id: 'pm_card_visa', partner_origin: 'https://partner.example' },
      },
    ]);
  });

  it("rejects with the server's message (the 429 of the card-testing limit), once, without the global toast", async () => {
    const message = 'Too many failed payment attempts from this address. Please try again later.';
    replies.set('/api/payments/create-intent', { status: 429, body: { success: false, message } });
    const { client, globalToast } = setup();
    await expect(createPaymentIntent(client, PAYLOAD, 'pm_card_visa')).rejects.toEqual(new PaymentApiError(message));
    expect(received).toHaveLength(1);
    expect(globalToast).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to create payment' without a server message, or with no reply", async () => {
    const { client } = setup();
    replies.set('/api/payments/create-intent', { status: 502, body: {} });
    await expect(createPaymentIntent(client, PAYLOAD, 'pm_card_visa')).rejects.toThrow('Failed to create payment');
    replies.set('/api/payments/create-intent', 'hang-up');
    await expect(createPaymentIntent(client, PAYLOAD, 'pm_card_visa')).rejects.toThrow('Failed to create payment');
  });

  it('treats a success without a secret as a failure, and a 200 saying it failed by its message', async () => {
    const { client } = setup();
    replies.set('/api/payments/create-intent', { status: 200, body: { success: true, data: {} } });
    await expect(createPaymentIntent(client, PAYLOAD, 'pm_card_visa')).rejects.toThrow('Failed to create payment');
    replies.set('/api/payments/create-intent', { status: 200, body: { success: false, message: 'Amount too large' } });
    await expect(createPaymentIntent(client, PAYLOAD, 'pm_card_visa')).rejects.toThrow('Amount too large');
  });
});

describe('save-after-payment', () => {
  it("sends the payload, intent, method and payment_status 'completed'; reads the donation id (201 or 200)", async () => {
    replies.set('/api/donations/save-after-payment', {
      status: 201,
      body: { success: true, message: 'Donation saved', data: { donation: { id: 42, receipt_number: null } } },
    });
    const { client } = setup();
    const request = { payload: PAYLOAD, paymentIntentId: 'pi_1', paymentMethodId: 'pm_card_visa' };
    await expect(saveDonationAfterPayment(client, request)).resolves.toEqual({ donationId: 42, receiptNumber: null });
    expect(received[0]?.body).toEqual({
      donation_data: PAYLOAD,
      payment_intent_id: 'pi_1',
      payment_method_id: 'pm_card_visa',
      payment_status: 'completed',
    });
    replies.set('/api/donations/save-after-payment', { status: 200, body: { success: true, data: { donation: { id: 42, receipt_number: 'BBF/2026-27/0001' } } } });
    await expect(saveDonationAfterPayment(client, request)).resolves.toEqual({ donationId: 42, receiptNumber: 'BBF/2026-27/0001' });
  });

  it('rejects when the server refuses (409) or does not confirm, without the global toast', async () => {
    const { client, globalToast } = setup();
    const request = { payload: PAYLOAD, paymentIntentId: 'pi_1', paymentMethodId: 'pm_card_visa' };
    replies.set('/api/donations/save-after-payment', { status: 409, body: { success: false, message: 'Payment not completed' } });
    await expect(saveDonationAfterPayment(client, request)).rejects.toThrow();
    replies.set('/api/donations/save-after-payment', { status: 200, body: { success: true, data: {} } });
    await expect(saveDonationAfterPayment(client, request)).rejects.toThrow(PaymentApiError);
    expect(globalToast).not.toHaveBeenCalled();
  });
});

describe('generate-and-send', () => {
  it('sends the donation and intent ids and reads the invoice', async () => {
    replies.set('/api/invoices/generate-and-send', {
      status: 200,
      body: {
        success: true,
        message: 'Receipt sent',
        data: { invoice: { number: 'BBF-2026-000001', download_url: '/api/invoices/BBF-2026-000001/download?token=abc' } },
      },
    });
    const { client } = setup();
    await expect(generateAndSendInvoice(client, { donationId: 42, paymentIntentId: 'pi_1' })).resolves.toEqual({
      number: 'BBF-2026-000001',
      downloadUrl: '/api/invoices/BBF-2026-000001/download?token=abc',
    });
    expect(received[0]?.body).toEqual({ donation_id: 42, payment_intent_id: 'pi_1' });
  });

  it('resolves null when the reply carries no invoice, and rejects on a failure', async () => {
    const { client, globalToast } = setup();
    replies.set('/api/invoices/generate-and-send', { status: 200, body: { success: true, message: 'Receipt sent' } });
    await expect(generateAndSendInvoice(client, { donationId: 42, paymentIntentId: 'pi_1' })).resolves.toBeNull();
    replies.set('/api/invoices/generate-and-send', { status: 404, body: { success: false, message: 'Donation not found' } });
    await expect(generateAndSendInvoice(client, { donationId: 42, paymentIntentId: 'pi_x' })).rejects.toThrow();
    expect(globalToast).not.toHaveBeenCalled();
  });
});
