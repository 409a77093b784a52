import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyInstance } from 'ky';
import { isSandboxStripe, loadPaymentProvider } from '@charity/ui';
import { createApiClient } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { createSiteDonationTransport, paymentSetupErrorMessage } from './donation-transport';

// GET /api/payments/config decides the provider; a real HTTP server answers, first failing, then in sandbox mode.
let configReplies: { status: number; body: unknown }[] = [];
let hits = 0;
const server = http.createServer((req, res) => {
  hits += 1;
  const reply = configReplies.shift() ?? { status: 500, body: { success: false, message: 'Internal server error' } };
  res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
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

const client = () =>
  createApiClient({
    baseUrl,
    getToken: () => null,
    onUnauthorized: () => {},
    notify: () => {},
    log: { info: () => {}, error: () => {} },
    retryDelay: () => 1,
  });

/** The donation container's provider loading, through the site's transport. */
const loadPaymentStripe = (client: KyInstance, apiBase: string) =>
  loadPaymentProvider(createSiteDonationTransport({ client, apiBase }));

describe('loadPaymentStripe', () => {
  it('forgets a failed load, then gives the sandbox once and reuses it', async () => {
    configReplies = [{ status: 400, body: { success: false, message: 'Payments are not configured' } }];
    await expect(loadPaymentStripe(client(), baseUrl)).rejects.toBeInstanceOf(ApiError);

    configReplies = [{ status: 200, body: { success: true, data: { mode: 'sandbox', publishable_key: null } } }];
    hits = 0;
    const first = await loadPaymentStripe(client(), baseUrl);
    expect(first.testMode).toBe(true);
    expect(isSandboxStripe(first.stripe)).toBe(true);
    const again = await loadPaymentStripe(client(), baseUrl);
    expect(again).toBe(first);
    expect(hits).toBe(1);
  });
});

describe('paymentSetupErrorMessage', () => {
  it("is the API's message, the generic one for an unreadable config, else the network message", () => {
    const apiError = new ApiError({ failure: { kind: 'network' }, message: 'Network error. Please check your internet connection.' });
    expect(paymentSetupErrorMessage(apiError)).toBe('Network error. Please check your internet connection.');
    expect(paymentSetupErrorMessage(new TypeError('The payments config reply has no usable mode'))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(paymentSetupErrorMessage(new Error('Failed to load Stripe.js'))).toBe(
      'Network error. Please check your internet connection.',
    );
  });
});
