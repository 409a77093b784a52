import { TEST_CARDS } from '@charity/domain';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/open.js';
import { SandboxProvider } from '../../src/donations/provider/sandbox-provider.js';

// Donations for tests: valid donation_data for an Indian and a US donor (what the wizard's buildDonationPayload
// sends), and the browser's side of the payment flow against the sandbox, one call per step.

export type DonationData = {
  donor: Record<string, unknown>;
  amount: unknown;
  currency: unknown;
  donation_type: unknown;
  campaign_id: unknown;
  source: unknown;
};

export function indianDonation(overrides: Partial<DonationData> = {}, donor: Record<string, unknown> = {}): DonationData {
  return {
    donor: {
      full_name: 'Asha Verma',
      email: 'asha.verma@example.org',
      mobile: '9876543210',
      pan_number: 'ABCDE1234F',
      country: 'India',
      country_code: 'IN',
      state: 'Karnataka',
      city: 'Bengaluru',
      address: '12, 100 Feet Road, Indiranagar',
      pincode: '560038',
      is_anonymous: false,
      ...donor,
    },
    amount: 1000,
    currency: 'INR',
    donation_type: 'one_time',
    campaign_id: null,
    source: 'website',
    ...overrides,
  };
}

export function usDonation(overrides: Partial<DonationData> = {}, donor: Record<string, unknown> = {}): DonationData {
  return {
    donor: {
      full_name: 'John Carter',
      email: 'john.carter@example.com',
      mobile: '5551234567',
      pan_number: null,
      country: 'United States',
      country_code: 'US',
      state: 'California',
      city: 'San Francisco',
      address: '500 Market Street, Suite 2',
      pincode: '94105',
      is_anonymous: false,
      ...donor,
    },
    amount: 25,
    currency: 'USD',
    donation_type: 'one_time',
    campaign_id: null,
    source: 'website',
    ...overrides,
  };
}

let address = 0;
/** A fresh client address, so the card-testing count only sees the failures a test means it to. */
export const nextIp = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

export interface SandboxApp {
  app: FastifyInstance;
  sandbox: SandboxProvider;
  /** Delivery failures of sandbox events (a test fails if it finds any it did not expect). */
  deliveryErrors: unknown[];
}

/**
 * The app with a sandbox the test can reach: `sandbox.holdEvents()` keeps webhook events back so the browser's
 * save can be tested on its own, and `sandbox.held` holds them signed, ready to replay.
 */
export async function buildSandboxApp(
  ctx: { config: Config; database: DatabaseHandle },
  options: { config?: Partial<Config>; logger?: FastifyBaseLogger; holdEvents?: boolean } = {},
): Promise<SandboxApp> {
  const deliveryErrors: unknown[] = [];
  const sandbox = new SandboxProvider(ctx.database.db, (error) => deliveryErrors.push(error));
  if (options.holdEvents) sandbox.holdEvents();
  const app = await buildApp({
    config: { ...ctx.config, ...options.config },
    database: ctx.database,
    paymentProvider: sandbox,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return { app, sandbox, deliveryErrors };
}

export function createIntent(app: FastifyInstance, donationData: unknown, paymentMethodId = TEST_CARDS.visa.paymentMethod, remoteAddress = nextIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/create-intent',
    payload: { donation_data: donationData, payment_method_id: paymentMethodId },
    remoteAddress,
  });
}

export function confirm(app: FastifyInstance, clientSecret: string, paymentMethodId = TEST_CARDS.visa.paymentMethod, remoteAddress = nextIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: { client_secret: clientSecret, payment_method_id: paymentMethodId },
    remoteAddress,
  });
}

export function authenticate(app: FastifyInstance, clientSecret: string, outcome: 'complete' | 'fail') {
  return app.inject({ method: 'POST', url: '/api/payments/sandbox/authenticate', payload: { client_secret: clientSecret, outcome } });
}

export function saveAfterPayment(app: FastifyInstance, donationData: unknown, paymentIntentId: string, paymentMethodId = TEST_CARDS.visa.paymentMethod) {
  return app.inject({
    method: 'POST',
    url: '/api/donations/save-after-payment',
    payload: { donation_data: donationData, payment_intent_id: paymentIntentId, payment_method_id: paymentMethodId, payment_status: 'completed' },
  });
}

export function generateInvoice(app: FastifyInstance, donationId: number, paymentIntentId: string, remoteAddress = nextIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/invoices/generate-and-send',
    payload: { donation_id: donationId, payment_intent_id: paymentIntentId },
    remoteAddress,
  });
}

function expectStatus(response: LightMyRequestResponse, status: number, step: string) {
  if (response.statusCode !== status) throw new Error(`${step}: expected ${status}, got ${response.statusCode} ${response.body}`);
}

/** Create the intent and confirm it, as the browser does; answers the intent's id and client secret. */
export async function pay(app: FastifyInstance, donationData: unknown, paymentMethodId = TEST_CARDS.visa.paymentMethod, remoteAddress = nextIp()) {
  const created = await createIntent(app, donationData, paymentMethodId, remoteAddress);
  expectStatus(created, 200, 'create-intent');
  const { client_secret: clientSecret, payment_intent_id: intentId } = created.json().data as { client_secret: string; payment_intent_id: string };
  const confirmed = await confirm(app, clientSecret, paymentMethodId, remoteAddress);
  expectStatus(confirmed, 200, 'sandbox/confirm');
  return { intentId, clientSecret, confirmed: confirmed.json().data.payment_intent as { status: string } };
}

/** The whole browser flow for a card that succeeds: pay, then save; answers the donation id. */
export async function donate(app: FastifyInstance, donationData: unknown, remoteAddress = nextIp()) {
  const { intentId } = await pay(app, donationData, TEST_CARDS.visa.paymentMethod, remoteAddress);
  const saved = await saveAfterPayment(app, donationData, intentId);
  if (saved.statusCode !== 201 && saved.statusCode !== 200) throw new Error(`save-after-payment: ${saved.statusCode} ${saved.body}`);
  return { intentId, donationId: saved.json().data.donation.id as number };
}
