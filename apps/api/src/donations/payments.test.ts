import { TEST_CARDS } from '@charity/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { campaigns, donations, paymentAttempts, paymentFailures, sandboxPaymentIntents, webhookEvents } from '../db/schema.js';
import type { SandboxProvider } from './provider/sandbox-provider.js';
import { DAY_MS, insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import {
  authenticate,
  buildSandboxApp,
  confirm,
  createIntent,
  indianDonation,
  nextIp,
  pay,
  usDonation,
} from '../../test/support/donations.js';

// Payments against the built-in sandbox: the config the browser reads, create-intent's rules (the domain's
// validation again, amounts decided by the server, limits, campaigns), the sandbox's Stripe test cards, and the
// card-testing defence.

describeEachDatabase('payments', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;
  let deliveryErrors: unknown[];

  beforeAll(async () => {
    ({ app, sandbox, deliveryErrors } = await buildSandboxApp(ctx, { holdEvents: true }));
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    sandbox.held.splice(0);
    const db = ctx.database.db;
    await db.delete(donations);
    await db.delete(paymentFailures);
    await db.delete(paymentAttempts);
    await db.delete(webhookEvents);
    await db.delete(sandboxPaymentIntents);
    await db.delete(campaigns);
  });

  const attempts = () => ctx.database.db.select().from(paymentAttempts);

  it('tells the browser it talks to the sandbox', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ success: true, data: { mode: 'sandbox', publishable_key: null } });
  });

  it("tells the browser the operator's lower PAYMENT_MAX_AMOUNT, so step 1 refuses what create-intent would", async () => {
    const strict = await buildSandboxApp(ctx, { config: { paymentMaxAmount: 250_000 }, holdEvents: true });
    try {
      const response = await strict.app.inject({ method: 'GET', url: '/api/payments/config' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toStrictEqual({ success: true, data: { mode: 'sandbox', publishable_key: null, max_amount: 250_000 } });
    } finally {
      await strict.app.close();
    }
  });

  describe('POST /api/payments/create-intent', () => {
    it('records an attempt (not a donation) and answers the client secret', async () => {
      const ip = nextIp();
      const response = await createIntent(app, indianDonation(), TEST_CARDS.visa.paymentMethod, ip);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      expect(body.message).toBe('Payment intent created');
      const { client_secret: secret, payment_intent_id: id } = body.data;
      expect(id).toMatch(/^pi_sbx_[0-9a-f]{24}$/);
      expect(secret.startsWith(`${id}_secret_`)).toBe(true);

      const [attempt] = await attempts();
      expect(attempt).toMatchObject({
        paymentIntentId: id,
        amount: 1000,
        amountMinor: 100_000,
        currency: 'INR',
        campaignId: null,
        paymentMethodId: TEST_CARDS.visa.paymentMethod,
        status: 'created',
        clientIp: ip,
      });
      expect(attempt!.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(attempt!.donationData).toEqual(indianDonation());
      expect(await ctx.database.db.select().from(donations)).toEqual([]);

      const [intent] = await ctx.database.db.select().from(sandboxPaymentIntents);
      expect(intent).toMatchObject({ id, amountMinor: 100_000, currency: 'INR', status: 'requires_confirmation', idempotencyKey: attempt!.idempotencyKey });
      // Only references go to the provider; the donor's contact details stay here.
      expect(intent!.metadata).toEqual({
        attempt_key: attempt!.idempotencyKey,
        donation_type: 'one_time',
        country_code: 'IN',
        source: 'website',
      });
      expect(JSON.stringify(intent!.metadata)).not.toContain('ABCDE1234F');
      expect(intent!.receiptEmail).toBeNull();
    });

    it('computes the amount in minor units itself, for every currency', async () => {
      const created = await createIntent(app, usDonation({ amount: 10.1 }));
      expect(created.statusCode).toBe(200);
      const [attempt] = await attempts();
      expect(attempt).toMatchObject({ amount: 10.1, amountMinor: 1010, currency: 'USD' });
    });

    it('records the donation normalised as the wizard builds it', async () => {
      const response = await createIntent(
        app,
        indianDonation({}, { full_name: '  Asha\u0000 Verma ', email: ' Asha.Verma@Example.ORG ', mobile: '+91 98765-43210', pincode: ' 560038 ' }),
      );
      expect(response.statusCode).toBe(200);
      const [attempt] = await attempts();
      expect(attempt!.donationData.donor).toMatchObject({
        full_name: 'Asha Verma',
        email: 'asha.verma@example.org',
        mobile: '+919876543210',
        pincode: '560038',
      });
    });

    it.each([
      ['an invalid email', indianDonation({}, { email: 'asha@example' }), 'donor.email', 'Please enter a valid email address'],
      ['a missing name', indianDonation({}, { full_name: '' }), 'donor.full_name', 'Full name is required'],
      ['an Indian mobile that is not one', indianDonation({}, { mobile: '12345' }), 'donor.mobile', 'Please enter a valid 10-digit mobile number starting with 6, 7, 8, or 9'],
      ['a state not in the list', indianDonation({}, { state: 'Atlantis' }), 'donor.state', 'Please select your state'],
      ['a malformed PAN', indianDonation({}, { pan_number: 'ABCDE12345' }), 'donor.pan_number', 'Please enter a valid PAN (e.g., ABCDE1234F)'],
      ['a PAN from outside India', usDonation({}, { pan_number: 'ABCDE1234F' }), 'donor.pan_number', 'PAN is only accepted for donations from India'],
      ['a US ZIP code that is not one', usDonation({}, { pincode: '9410' }), 'donor.pincode', 'Please enter a valid ZIP code (e.g., 12345 or 12345-6789)'],
      ['below the Indian minimum', indianDonation({ amount: 49 }), 'amount', 'Minimum donation amount is ₹50'],
      ['below the US minimum', usDonation({ amount: 0.5 }), 'amount', 'Minimum donation amount is $1'],
      ['an amount sent as text', indianDonation({ amount: '1000' }), 'amount', 'Donation amount must be greater than 0'],
      ['three decimals', usDonation({ amount: 10.005 }), 'amount', 'Please enter an amount in whole dollars or with up to 2 decimals'],
      ['the wrong currency for India', indianDonation({ currency: 'USD' }), 'currency', 'Currency must be INR for India'],
      ['the wrong currency for the US', usDonation({ currency: 'INR' }), 'currency', 'Currency must be USD for United States'],
      ['an unknown donation type', indianDonation({ donation_type: 'weekly' }), 'donation_type', 'Donation type must be one_time or monthly'],
      ['another source', indianDonation({ source: 'partner' }), 'source', "Source must be 'website'"],
      ['a campaign id that is not one', indianDonation({ campaign_id: 'abc' }), 'campaign_id', 'Campaign id must be a positive whole number or null'],
      ['an unknown country', indianDonation({}, { country_code: 'XX', country: 'Nowhere' }), 'donor.country_code', 'Please select a valid country'],
      ['a name of 101 characters', indianDonation({}, { full_name: 'A'.repeat(101) }), 'donor.full_name', 'Full name must be at most 100 characters long.'],
      ['an address of 501 characters', indianDonation({}, { address: 'x'.repeat(501) }), 'donor.address', 'Address must be at most 500 characters long.'],
    ])('refuses %s with 400, naming the field', async (_name, data, field, message) => {
      const response = await createIntent(app, data);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.success).toBe(false);
      expect(body.message).toBe(message);
      expect(body.errors[field]).toBe(message);
      expect(await attempts()).toEqual([]);
      expect(await ctx.database.db.select().from(sandboxPaymentIntents)).toEqual([]);
    });

    it('refuses more than PAYMENT_MAX_AMOUNT in the donation currency, and accepts exactly that much', async () => {
      const over = await createIntent(app, indianDonation({ amount: 500_000.01 }));
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({
        success: false,
        message: 'The largest donation we can accept online is ₹5,00,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.',
        errors: { amount: 'The largest donation we can accept online is ₹5,00,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.' },
      });
      expect((await createIntent(app, indianDonation({ amount: 500_000 }))).statusCode).toBe(200);

      const strict = await buildSandboxApp(ctx, { config: { paymentMaxAmount: 100 }, holdEvents: true });
      try {
        const usd = await createIntent(strict.app, usDonation({ amount: 101 }));
        expect(usd.statusCode).toBe(400);
        expect(usd.json().message).toBe('The largest donation we can accept online is $100. Please contact us at contact@brightbeginnings.org.in for larger gifts.');
      } finally {
        await strict.app.close();
      }
    });

    it("refuses more than the currency's own largest amount from the currency table ($6,000), and accepts exactly that", async () => {
      const over = await createIntent(app, usDonation({ amount: 6_000.01 }));
      expect(over.statusCode).toBe(400);
      expect(over.json().errors).toEqual({
        amount: 'The largest donation we can accept online is $6,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.',
      });
      expect((await createIntent(app, usDonation({ amount: 6_000 }))).statusCode).toBe(200);
    });

    it('takes donations for an active campaign and refuses unknown, draft, completed, paused and ended ones', async () => {
      const now = Date.now();
      const [active, draft, completed, paused, ended] = await insertCampaigns(ctx.database.db, [
        { title: 'Active', status: 'active', endDate: new Date(now + 30 * DAY_MS) },
        { title: 'Draft', status: 'draft' },
        { title: 'Completed', status: 'completed' },
        { title: 'Paused', status: 'paused' },
        { title: 'Ended', status: 'active', endDate: new Date(now - DAY_MS) },
      ]);
      const ok = await createIntent(app, indianDonation({ campaign_id: active!.id }));
      expect(ok.statusCode).toBe(200);
      expect((await attempts())[0]!.campaignId).toBe(active!.id);
      const [intent] = await ctx.database.db.select().from(sandboxPaymentIntents);
      expect(intent!.description).toBe('Donation to Bright Beginnings Foundation: Active');

      for (const [campaign, message] of [
        [{ id: 999_999 }, 'Campaign not found'],
        [draft!, 'Campaign not found'],
        [completed!, 'This campaign is not accepting donations.'],
        [paused!, 'This campaign is not accepting donations.'],
        [ended!, 'This campaign is not accepting donations.'],
      ] as const) {
        const response = await createIntent(app, indianDonation({ campaign_id: campaign.id }));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ success: false, message, errors: { campaign_id: message } });
      }
      expect(await attempts()).toHaveLength(1);
    });

    it('requires a payment method id from the card form', async () => {
      for (const [pm, message] of [
        [undefined, 'payment_method_id is required.'],
        ['', 'payment_method_id is required.'],
        ['tok_visa', 'payment_method_id must be a payment method id (pm_…) from the card form.'],
        [42, 'payment_method_id must be a payment method id (pm_…) from the card form.'],
      ] as const) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/payments/create-intent',
          payload: { donation_data: indianDonation(), payment_method_id: pm },
          remoteAddress: nextIp(),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ success: false, message, errors: { payment_method_id: message } });
      }
      const unknown = await createIntent(app, indianDonation(), 'pm_card_mastercard');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe(
        'This test payment method is not known to the sandbox. In test mode use a Stripe test card such as 4242 4242 4242 4242.',
      );
      expect(await attempts()).toEqual([]);
    });

    it('answers bodies that are not a donation with 400', async () => {
      for (const payload of [[], 'x', { payment_method_id: TEST_CARDS.visa.paymentMethod }, { donation_data: 'x', payment_method_id: TEST_CARDS.visa.paymentMethod }]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/payments/create-intent',
          payload: payload as object,
          headers: { 'content-type': 'application/json' },
          remoteAddress: nextIp(),
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().success).toBe(false);
      }
      const missing = await app.inject({
        method: 'POST',
        url: '/api/payments/create-intent',
        payload: { payment_method_id: TEST_CARDS.visa.paymentMethod },
        remoteAddress: nextIp(),
      });
      expect(missing.json()).toEqual({ success: false, message: 'Invalid donation payload', errors: { donation_data: 'Invalid donation payload' } });
    });
  });

  describe('sandbox test cards', () => {
    it('4242 (pm_card_visa) succeeds, and emits payment_intent.succeeded', async () => {
      const { intentId, confirmed } = await pay(app, indianDonation());
      expect(confirmed).toEqual({ id: intentId, status: 'succeeded', amount: 100_000, currency: 'inr', last_payment_error: null });
      expect(sandbox.held.map((e) => e.type)).toEqual(['payment_intent.succeeded']);
      expect((await attempts())[0]!.status).toBe('succeeded');
    });

    it('4000 0000 0000 0002 (pm_card_chargeDeclined) is declined: no donation, the attempt failed, the failure counted', async () => {
      const ip = nextIp();
      const created = await createIntent(app, indianDonation(), TEST_CARDS.declined.paymentMethod, ip);
      const response = await confirm(app, created.json().data.client_secret, TEST_CARDS.declined.paymentMethod, ip);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: {
          payment_intent: {
            id: created.json().data.payment_intent_id,
            status: 'requires_payment_method',
            amount: 100_000,
            currency: 'inr',
            last_payment_error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
          },
        },
      });
      expect((await attempts())[0]).toMatchObject({ status: 'failed', lastErrorCode: 'card_declined' });
      const failures = await ctx.database.db.select().from(paymentFailures);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ clientIp: ip, code: 'card_declined', declineCode: 'generic_decline' });

      // The webhook then reports the same failure: it is not counted twice, and still no donation exists.
      expect(sandbox.held.map((e) => e.type)).toEqual(['payment_intent.payment_failed']);
      sandbox.releaseEvents();
      await app.payments.idle();
      sandbox.holdEvents();
      expect(deliveryErrors).toEqual([]);
      expect(await ctx.database.db.select().from(paymentFailures)).toHaveLength(1);
      expect(await ctx.database.db.select().from(webhookEvents)).toHaveLength(1);
      expect(await ctx.database.db.select().from(donations)).toEqual([]);
      expect((await attempts())[0]!.status).toBe('failed');
    });

    it('4000 0025 0000 3155 (pm_card_authenticationRequired) asks for authentication, then succeeds when completed', async () => {
      const { clientSecret, confirmed } = await pay(app, indianDonation(), TEST_CARDS.authentication.paymentMethod);
      expect(confirmed).toMatchObject({ status: 'requires_action', last_payment_error: null });
      expect((await attempts())[0]!.status).toBe('requires_action');
      const response = await authenticate(app, clientSecret, 'complete');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.payment_intent).toMatchObject({ status: 'succeeded', last_payment_error: null });
      expect(sandbox.held.map((e) => e.type)).toEqual(['payment_intent.requires_action', 'payment_intent.succeeded']);
      // A repeated answer changes nothing.
      expect((await authenticate(app, clientSecret, 'fail')).json().data.payment_intent.status).toBe('succeeded');
      expect(sandbox.held).toHaveLength(2);
    });

    it('…and fails when authentication fails', async () => {
      const { clientSecret } = await pay(app, indianDonation(), TEST_CARDS.authentication.paymentMethod);
      const response = await authenticate(app, clientSecret, 'fail');
      expect(response.json().data.payment_intent).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: {
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        },
      });
      expect((await attempts())[0]).toMatchObject({ status: 'failed', lastErrorCode: 'payment_intent_authentication_failure' });
      expect(await ctx.database.db.select().from(paymentFailures)).toHaveLength(1);
    });

    it('refuses authentication for a payment that is not waiting for it, and unknown client secrets', async () => {
      const created = await createIntent(app, indianDonation());
      const notWaiting = await authenticate(app, created.json().data.client_secret, 'complete');
      expect(notWaiting.statusCode).toBe(400);
      expect(notWaiting.json()).toEqual({ success: false, message: 'This payment is not waiting for authentication.' });
      const unknown = await confirm(app, 'pi_sbx_000_secret_000');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('No such payment: the client secret does not match any payment.');
      const badBody = await app.inject({ method: 'POST', url: '/api/payments/sandbox/authenticate', payload: { client_secret: 'x', outcome: 'maybe' } });
      expect(badBody.statusCode).toBe(400);
      // A secret no secret could be (a NUL byte, a space) names no payment: 404 before any query, never a 500 (fuzz).
      for (const bad of ['a\u0000b', `${created.json().data.client_secret}\u0000`, 'pi_x secret']) {
        for (const reply of [await authenticate(app, bad, 'fail'), await confirm(app, bad)]) {
          expect(reply.statusCode, JSON.stringify(bad)).toBe(404);
          expect(reply.json().message).toBe('No such payment: the client secret does not match any payment.');
        }
      }
    });

    it('answers a repeated confirmation of a paid intent without charging again', async () => {
      const { clientSecret } = await pay(app, indianDonation());
      const again = await confirm(app, clientSecret);
      expect(again.json().data.payment_intent.status).toBe('succeeded');
      expect(sandbox.held).toHaveLength(1);
    });
  });

  describe('card-testing defence', () => {
    it('refuses create-intent with 429 after 5 failed payments from one address in 10 minutes, and logs a warning', async () => {
      const lines: string[] = [];
      const watched = await buildSandboxApp(ctx, {
        holdEvents: true,
        logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
      });
      try {
        const ip = nextIp();
        for (let i = 0; i < 5; i += 1) {
          const { confirmed } = await pay(watched.app, indianDonation(), TEST_CARDS.declined.paymentMethod, ip);
          expect(confirmed.status).toBe('requires_payment_method');
        }
        const refused = await createIntent(watched.app, indianDonation(), TEST_CARDS.visa.paymentMethod, ip);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ success: false, message: 'Too many failed payment attempts from this address. Please try again later.' });
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(500);
        expect(retryAfter).toBeLessThanOrEqual(600);
        expect(await attempts()).toHaveLength(5);

        // Another address is not affected; successes never count.
        expect((await createIntent(watched.app, indianDonation(), TEST_CARDS.visa.paymentMethod, nextIp())).statusCode).toBe(200);

        const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string; clientIp?: string }).filter((l) => l.level === 40);
        expect(warnings.map((w) => w.msg)).toEqual(
          expect.arrayContaining([
            'card-testing defence: this address reached the limit of failed payments; create-intent now refuses it',
            'card-testing defence: create-intent refused for an address with too many failed payments',
          ]),
        );
        expect(warnings.every((w) => w.msg === 'Payments: SANDBOX (test mode) — no real charges' || w.clientIp === ip)).toBe(true);
      } finally {
        await watched.app.close();
      }
    });

    it('caps intents per address at 30 in 10 minutes, whatever their outcome', async () => {
      const ip = nextIp();
      for (let i = 0; i < 30; i += 1) expect((await createIntent(app, indianDonation(), TEST_CARDS.visa.paymentMethod, ip)).statusCode).toBe(200);
      const refused = await createIntent(app, indianDonation(), TEST_CARDS.visa.paymentMethod, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ success: false, message: 'Too many payment attempts from this address. Please try again later.' });
      expect((await createIntent(app, indianDonation(), TEST_CARDS.visa.paymentMethod, nextIp())).statusCode).toBe(200);
    });

    it('forgets failures older than 10 minutes', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i += 1) await pay(app, indianDonation(), TEST_CARDS.declined.paymentMethod, ip);
      expect((await createIntent(app, indianDonation(), TEST_CARDS.visa.paymentMethod, ip)).statusCode).toBe(429);
      await ctx.database.db.update(paymentFailures).set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) }).where(eq(paymentFailures.clientIp, ip));
      expect((await createIntent(app, indianDonation(), TEST_CARDS.visa.paymentMethod, ip)).statusCode).toBe(200);
    });

    it('counts authentication failures and declines reported only by the webhook, once per event', async () => {
      const ip = nextIp();
      const { intentId } = await pay(app, indianDonation(), TEST_CARDS.authentication.paymentMethod, ip);
      const events = sandbox.held.splice(0);
      expect(events.map((e) => e.type)).toEqual(['payment_intent.requires_action']);
      // A payment_failed event that reaches the server only through the webhook (as with Stripe).
      const [row] = await ctx.database.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId));
      expect(row).toBeDefined();
      const failed = await authenticate(app, row!.clientSecret, 'fail');
      expect(failed.statusCode).toBe(200);
      const [event] = sandbox.held.splice(0);
      await ctx.database.db.delete(paymentFailures);
      for (let i = 0; i < 2; i += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/webhooks/stripe',
          payload: event!.payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': event!.signature },
        });
        expect(response.statusCode).toBe(200);
      }
      const failures = await ctx.database.db.select().from(paymentFailures);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ clientIp: ip, paymentIntentId: intentId, code: 'payment_intent_authentication_failure' });
    });
  });
});
