import { TEST_CARDS } from '@charity/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaigns, donations, paymentAttempts, paymentFailures, receipts, sandboxPaymentIntents, webhookEvents } from '../db/schema.js';
import type { SandboxProvider } from './provider/sandbox-provider.js';
import { DAY_MS, insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, createIntent, donate, indianDonation, pay, saveAfterPayment, usDonation } from '../../test/support/donations.js';

// POST /api/donations/save-after-payment and GET /api/stats. Webhook events are held back here, so every
// donation row in these tests was written by the save under test (the webhook has its own tests).

describeEachDatabase('donations', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    ({ app, sandbox } = await buildSandboxApp(ctx, { holdEvents: true }));
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    sandbox.held.splice(0);
    const db = ctx.database.db;
    await db.delete(receipts);
    await db.delete(donations);
    await db.delete(paymentFailures);
    await db.delete(paymentAttempts);
    await db.delete(webhookEvents);
    await db.delete(sandboxPaymentIntents);
    await db.delete(campaigns);
  });

  const allDonations = () => ctx.database.db.select().from(donations);
  const campaign = async (id: number) => (await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
  const activeCampaign = async (title = 'School Kits') =>
    (await insertCampaigns(ctx.database.db, [{ title, status: 'active', endDate: new Date(Date.now() + 30 * DAY_MS), raisedAmount: 5000, donationCount: 3 }]))[0]!;

  describe('POST /api/donations/save-after-payment', () => {
    it('writes the donation from the recorded attempt (201), and answers the same donation to a repeat (200)', async () => {
      const data = indianDonation();
      const { intentId } = await pay(app, data);
      const first = await saveAfterPayment(app, data, intentId);
      expect(first.statusCode).toBe(201);
      const id = first.json().data.donation.id;
      expect(first.json()).toEqual({ success: true, message: 'Donation saved', data: { donation: { id, receipt_number: null } } });

      const [attempt] = await ctx.database.db.select().from(paymentAttempts);
      const rows = await allDonations();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        id,
        campaignId: null,
        amount: 1000,
        currency: 'INR',
        amountMinor: 100_000,
        amountInr: 1000,
        donorName: 'Asha Verma',
        donorEmail: 'asha.verma@example.org',
        donorMobile: '9876543210',
        donorPan: 'ABCDE1234F',
        donorCountry: 'India',
        donorCountryCode: 'IN',
        donorState: 'Karnataka',
        donorCity: 'Bengaluru',
        donorAddress: '12, 100 Feet Road, Indiranagar',
        donorPincode: '560038',
        isAnonymous: false,
        donationType: 'one_time',
        source: 'website',
        partnerOrigin: null,
        status: 'completed',
        paymentIntentId: intentId,
        paymentMethodId: TEST_CARDS.visa.paymentMethod,
        paymentAttemptId: attempt!.id,
        receiptNumber: null,
      });
      expect(attempt!.status).toBe('succeeded');

      const again = await saveAfterPayment(app, data, intentId);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.donation.id).toBe(id);
      expect(await allDonations()).toHaveLength(1);
    });

    it('adds the amount in INR and one donor to the campaign, once', async () => {
      const target = await activeCampaign();
      const data = usDonation({ campaign_id: target.id, amount: 25 });
      const { intentId } = await pay(app, data);
      expect((await saveAfterPayment(app, data, intentId)).statusCode).toBe(201);
      expect((await saveAfterPayment(app, data, intentId)).statusCode).toBe(200);
      const [row] = await allDonations();
      expect(row).toMatchObject({ campaignId: target.id, amount: 25, currency: 'USD', amountMinor: 2500, amountInr: 2075 });
      expect(await campaign(target.id)).toMatchObject({ raisedAmount: 5000 + 2075, donationCount: 4 });
    });

    it('updates the campaign in the same transaction: when that fails, no donation is written either', async () => {
      const target = await activeCampaign();
      const data = indianDonation({ campaign_id: target.id });
      const { intentId } = await pay(app, data);
      // The campaign's total cannot take another rupee (numeric(14, 2)): its update fails inside the transaction.
      await ctx.database.db.update(campaigns).set({ raisedAmount: 999_999_999_999.99 }).where(eq(campaigns.id, target.id));
      const failed = await saveAfterPayment(app, data, intentId);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ success: false, message: 'Internal server error. Please try again later.' });
      expect(await allDonations()).toEqual([]);
      expect(await campaign(target.id)).toMatchObject({ raisedAmount: 999_999_999_999.99, donationCount: 3 });

      // Once the campaign can take it, the same save succeeds (and only then).
      await ctx.database.db.update(campaigns).set({ raisedAmount: 5000 }).where(eq(campaigns.id, target.id));
      expect((await saveAfterPayment(app, data, intentId)).statusCode).toBe(201);
      expect(await campaign(target.id)).toMatchObject({ raisedAmount: 6000, donationCount: 4 });
    });

    it('refuses amount tampering with 409: the browser says 1000, the intent is for 1', async () => {
      const paid = usDonation({ amount: 1 });
      const { intentId } = await pay(app, paid);
      const response = await saveAfterPayment(app, usDonation({ amount: 1000 }), intentId);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, message: 'The payment amount or currency does not match this donation.' });
      expect(await allDonations()).toEqual([]);
    });

    it('refuses with 409 when the intent itself does not match what the server asked for', async () => {
      const data = indianDonation();
      const { intentId } = await pay(app, data);
      // As if the intent had been changed at the provider after it was created.
      await ctx.database.db.update(sandboxPaymentIntents).set({ amountMinor: 100 }).where(eq(sandboxPaymentIntents.id, intentId));
      const response = await saveAfterPayment(app, data, intentId);
      expect(response.statusCode).toBe(409);
      expect(await allDonations()).toEqual([]);
    });

    it("refuses someone else's intent id replayed with other details (409), and saves the owner's recorded donation", async () => {
      const owner = indianDonation();
      const { intentId } = await pay(app, owner);
      const replay = await saveAfterPayment(
        app,
        indianDonation({}, { full_name: 'Mallory Mehta', email: 'mallory@example.org', pan_number: 'ZZZZZ9999Z' }),
        intentId,
      );
      expect(replay.statusCode).toBe(409);
      expect(replay.json()).toEqual({ success: false, message: 'The donation details do not match this payment.' });
      const campaignSwap = await saveAfterPayment(app, indianDonation({ campaign_id: 12345 }), intentId);
      expect(campaignSwap.statusCode).toBe(409);
      const invalid = await saveAfterPayment(app, { nonsense: true }, intentId);
      expect(invalid.statusCode).toBe(409);
      expect(await allDonations()).toEqual([]);

      const saved = await saveAfterPayment(app, owner, intentId);
      expect(saved.statusCode).toBe(201);
      const [row] = await allDonations();
      expect(row).toMatchObject({ donorName: 'Asha Verma', donorEmail: 'asha.verma@example.org', donorPan: 'ABCDE1234F' });
    });

    it('accepts the same details in another key order or spelling (they normalise to the record)', async () => {
      const data = indianDonation();
      const { intentId } = await pay(app, data);
      const respelled = {
        source: 'website',
        campaign_id: null,
        donation_type: 'one_time',
        currency: 'inr',
        amount: 1000,
        donor: { ...data.donor, email: 'ASHA.VERMA@example.org ', mobile: '98765 43210' },
      };
      expect((await saveAfterPayment(app, respelled, intentId)).statusCode).toBe(201);
    });

    it('writes one donation for 50 concurrent saves of one payment, all answering the same id', async () => {
      const target = await activeCampaign();
      const data = indianDonation({ campaign_id: target.id });
      const { intentId } = await pay(app, data);
      const responses = await Promise.all(Array.from({ length: 50 }, () => saveAfterPayment(app, data, intentId)));
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(49);
      expect(new Set(responses.map((r) => r.json().data.donation.id)).size).toBe(1);
      expect(await allDonations()).toHaveLength(1);
      expect(await campaign(target.id)).toMatchObject({ raisedAmount: 6000, donationCount: 4 });
    });

    it('refuses a payment that has not succeeded with the spec message "Payment status: {status}"', async () => {
      const declined = await pay(app, indianDonation(), TEST_CARDS.declined.paymentMethod);
      const needsAuth = await pay(app, indianDonation(), TEST_CARDS.authentication.paymentMethod);
      const unconfirmed = (await createIntent(app, indianDonation())).json().data.payment_intent_id as string;
      for (const [intentId, status] of [
        [declined.intentId, 'requires_payment_method'],
        [needsAuth.intentId, 'requires_action'],
        [unconfirmed, 'requires_confirmation'],
      ] as const) {
        const response = await saveAfterPayment(app, indianDonation(), intentId);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ success: false, message: `Payment status: ${status}` });
      }
      expect(await allDonations()).toEqual([]);
    });

    it('answers unknown or malformed requests without writing anything', async () => {
      const post = (payload: unknown) =>
        app.inject({ method: 'POST', url: '/api/donations/save-after-payment', payload: payload as object, headers: { 'content-type': 'application/json' } });
      const base = { donation_data: indianDonation(), payment_intent_id: 'pi_sbx_000000000000000000000000', payment_status: 'completed' };
      expect((await post(base)).statusCode).toBe(404);
      expect((await post(base)).json()).toEqual({ success: false, message: 'Payment not found.' });
      expect((await post({ ...base, payment_intent_id: undefined })).json().message).toBe('payment_intent_id is required.');
      expect((await post({ ...base, payment_intent_id: "pi_1' or 1=1" })).json().message).toBe('payment_intent_id must be a payment intent id (pi_…).');
      expect((await post({ ...base, payment_status: 'pending' })).json().message).toBe("payment_status must be 'completed'.");
      expect((await post({ ...base, donation_data: undefined })).json().message).toBe('donation_data is required.');
      expect((await post([])).statusCode).toBe(400);
      expect(await allDonations()).toEqual([]);
    });

    it('keeps an anonymous donor anonymous on the public campaign page, and private details private', async () => {
      const target = await activeCampaign();
      await donate(app, indianDonation({ campaign_id: target.id }, { is_anonymous: true }));
      const response = await app.inject({ method: 'GET', url: `/api/campaigns/${target.id}/donations` });
      const [listed] = response.json().data.donations;
      expect(listed).toMatchObject({ donor_name: 'Anonymous', is_anonymous: true, amount: 1000, currency: 'INR' });
      expect(response.body).not.toContain('asha.verma@example.org');
      expect(response.body).not.toContain('ABCDE1234F');
      expect(response.body).not.toContain('9876543210');
    });
  });

  describe('GET /api/stats', () => {
    it('starts from the spec figures and grows with completed donations', async () => {
      const before = await app.inject({ method: 'GET', url: '/api/stats' });
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({ success: true, data: { totalDonations: 15847, childrenHelped: 5241, countries: 12, totalAmount: 1_000_000 } });

      await donate(app, indianDonation());
      await donate(app, usDonation({ amount: 25 }));
      await pay(app, indianDonation(), TEST_CARDS.declined.paymentMethod); // no donation, no growth
      const after = await app.inject({ method: 'GET', url: '/api/stats' });
      expect(after.json()).toEqual({
        success: true,
        data: { totalDonations: 15849, childrenHelped: 5243, countries: 12, totalAmount: 1_000_000 + 1000 + 25 * 83 },
      });
    });
  });
});
