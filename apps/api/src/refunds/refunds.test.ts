import { DAY_MS, financialYear, REFUND_MESSAGES, TEST_CARDS } from '@charity/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaigns, donations, mailOutbox, recurringGifts, refunds, sandboxEvents, sandboxRefunds, webhookEvents } from '../db/schema.js';
import type { SandboxProvider } from '../donations/provider/sandbox-provider.js';
import { SANDBOX_REFUND_FAILURE_DELAY_MS } from '../donations/provider/sandbox-refunds.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, donate, generateInvoice, indianDonation, pay, saveAfterPayment } from '../../test/support/donations.js';
import { resetGiftTables } from '../../test/support/monthly-gifts.js';
import { REFUND_PROVIDER_UNREACHABLE } from './use-cases.js';

// Refunds end to end on both databases (docs/decisions/024-refunds.md): staff refund part, then the rest, through the
// sandbox provider; each refund issues a numbered note mailed with its PDF; totals net the refunds out; the remainder
// can never be exceeded, not even by two staff at once; replayed and reordered refund webhooks change nothing; a
// refund made at the provider arrives by webhook; the test card whose refunds fail later takes the refund back.

const NOTE_YEAR = financialYear(new Date());

describeEachDatabase('refunds', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;
  let headers: Record<string, string>;
  let staffName: string;

  beforeAll(async () => {
    ({ app, sandbox } = await buildSandboxApp(ctx));
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app.payments.idle();
    await resetGiftTables(ctx.database.db);
    // A staff member per test: refunds are rate-limited per person.
    const user = await createUser(ctx.database.db);
    staffName = user.username;
    headers = bearer(await signIn(app, user));
  });

  const refund = (donationId: number, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/admin/donations/${donationId}/refunds`, headers, payload: body });
  const detail = async (donationId: number) => {
    const response = await app.inject({ method: 'GET', url: `/api/admin/donations/${donationId}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.donation;
  };
  const campaignRow = async (id: number) => (await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
  const refundRows = () => ctx.database.db.select().from(refunds).orderBy(refunds.id);
  const settle = async () => {
    await app.payments.idle();
    await sandbox.recurring.idle();
    await app.payments.idle();
  };

  it('refunds part, then the rest: notes numbered in order and mailed, totals net everywhere, the receipt never touched', async () => {
    const [campaign] = await insertCampaigns(ctx.database.db, [{ title: 'Library Corners', raisedAmount: 0, donationCount: 0 }]);
    const { donationId, intentId } = await donate(app, indianDonation({ amount: 1500, campaign_id: campaign!.id }));
    // The receipt, as the thank-you page asks for it.
    expect((await generateInvoice(app, donationId, intentId)).statusCode).toBe(200);
    await settle();
    const before = await detail(donationId);
    expect(before).toMatchObject({ status: 'completed', amount_minor: 150_000, refunded_minor: 0, refund_pending_minor: 0, refunds: [] });
    const receiptNumber = before.receipt.number as string;
    expect(await campaignRow(campaign!.id)).toMatchObject({ raisedAmount: 1500, donationCount: 1 });

    const part = await refund(donationId, { amount_minor: 50_000, reason: 'Typed 1500 instead of 1000' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().message).toBe(REFUND_MESSAGES.issued);
    const afterPart = part.json().data.donation;
    expect(afterPart).toMatchObject({ status: 'completed', refunded_minor: 50_000, refund_pending_minor: 0, receipt_number: receiptNumber });
    expect(afterPart.refunds).toHaveLength(1);
    expect(afterPart.refunds[0]).toMatchObject({
      amount_minor: 50_000,
      currency: 'INR',
      status: 'succeeded',
      source: 'staff',
      reason: 'Typed 1500 instead of 1000',
      requested_by: staffName,
      failure_reason: null,
      note: { number: `BBF/CN/${NOTE_YEAR}/000001`, kind: 'credit' },
    });
    expect(afterPart.refunds[0].provider_refund_id).toMatch(/^re_sbx_/);
    expect(await campaignRow(campaign!.id)).toMatchObject({ raisedAmount: 1000, donationCount: 1 });

    // What is left, and no more: 1,000.01 is refused with the remainder in the message, and nothing is written.
    const tooMuch = await refund(donationId, { amount_minor: 100_001, reason: 'Duplicate gift' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('A refund cannot be more than what is left of the donation: ₹1,000.');
    expect(await refundRows()).toHaveLength(1);

    const rest = await refund(donationId, { amount_minor: 100_000, reason: 'Donor asked for the rest back' });
    expect(rest.statusCode, rest.body).toBe(201);
    const afterRest = rest.json().data.donation;
    expect(afterRest).toMatchObject({ status: 'refunded', refunded_minor: 150_000, receipt_number: receiptNumber });
    expect(afterRest.refunds[1].note).toMatchObject({ number: `BBF/CN/${NOTE_YEAR}/000002`, kind: 'cancellation' });
    expect(await campaignRow(campaign!.id)).toMatchObject({ raisedAmount: 0, donationCount: 0 });

    // Nothing more to refund: the domain's words, 409.
    const again = await refund(donationId, { amount_minor: 100, reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFUND_MESSAGES.nothingLeft);

    // Each note was mailed once to the donor with its PDF; the receipt's mail is still the only receipt mail.
    await settle();
    const mails = await ctx.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    const notes = mails.filter((mail) => mail.refundId !== null);
    expect(notes.map((mail) => mail.subject)).toEqual([
      `Credit note BBF/CN/${NOTE_YEAR}/000001 from Bright Beginnings Foundation`,
      `Cancellation note BBF/CN/${NOTE_YEAR}/000002 from Bright Beginnings Foundation`,
    ]);
    expect(notes.every((mail) => mail.to === 'asha.verma@example.org')).toBe(true);
    expect(notes[0]!.attachments).toEqual([{ filename: `BBF-CN-${NOTE_YEAR}-000001.pdf`, contentType: 'application/pdf', size: expect.any(Number) }]);
    expect(notes[0]!.text).toContain(`This note reduces receipt ${receiptNumber} by ₹500: the donation it stands for is now ₹1,000`);
    expect(notes[1]!.text).toContain(`This note cancels receipt ${receiptNumber} in full`);
    expect((await refundRows()).map((row) => row.noteMailStatus)).toEqual(['stored', 'stored']);

    // The note downloads as a PDF for staff.
    const pdf = await app.inject({ method: 'GET', url: `/api/admin/refunds/${afterRest.refunds[1].id}/note.pdf`, headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="BBF-CN-${NOTE_YEAR}-000002.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The stats and the admin list net the refund out; the CSV shows it.
    const list = await app.inject({ method: 'GET', url: '/api/admin/donations', headers });
    expect(list.json().data.summary).toEqual({ count: 1, amount_inr: 0 });
    expect(list.json().data.donations[0]).toMatchObject({ status: 'refunded', refunded_minor: 150_000 });
    const csv = await app.inject({ method: 'GET', url: '/api/admin/donations/export.csv', headers });
    const [header, row] = csv.body.trim().split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((name, i) => [name, row!.split(',')[i]]));
    expect(cells).toMatchObject({ status: 'refunded', amount: '1500', refunded_amount: '1500', net_amount: '0', net_amount_inr: '0' });
  });

  it('refuses bad requests with the domain’s words and writes nothing', async () => {
    const { donationId } = await donate(app, indianDonation({ amount: 1000 }));
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ amount_minor: 0, reason: 'Duplicate gift' }, 400, REFUND_MESSAGES.amountInvalid],
      [{ amount_minor: -5, reason: 'Duplicate gift' }, 400, REFUND_MESSAGES.amountInvalid],
      [{ amount_minor: 10_000, reason: '  ' }, 400, REFUND_MESSAGES.reasonRequired],
      [{ amount_minor: 10_000, reason: 'ok' }, 400, REFUND_MESSAGES.reasonTooShort],
      [{ amount_minor: 100_001, reason: 'Duplicate gift' }, 409, 'A refund cannot be more than what is left of the donation: ₹1,000.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await refund(donationId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const malformed = await refund(donationId, { amount_minor: '12.5', reason: 'Duplicate gift' });
    expect(malformed.statusCode).toBe(400);
    const missing = await refund(999_999, { amount_minor: 100, reason: 'Duplicate gift' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(REFUND_MESSAGES.notFound);
    expect(await refundRows()).toEqual([]);
    expect(await ctx.database.db.select().from(sandboxRefunds)).toEqual([]);
    const unauthenticated = await app.inject({ method: 'POST', url: `/api/admin/donations/${donationId}/refunds`, payload: { amount_minor: 100, reason: 'Duplicate gift' } });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('two staff refunding at once cannot refund more than the donation', async () => {
    const { donationId } = await donate(app, indianDonation({ amount: 1000 }));
    const answers = await Promise.all([
      refund(donationId, { amount_minor: 60_000, reason: 'First staff member' }),
      refund(donationId, { amount_minor: 60_000, reason: 'Second staff member' }),
      refund(donationId, { amount_minor: 60_000, reason: 'Third staff member' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const refused = answers.filter((a) => a.statusCode === 409).map((a) => a.json().message);
    expect(refused).toEqual([
      'A refund cannot be more than what is left of the donation: ₹400.',
      'A refund cannot be more than what is left of the donation: ₹400.',
    ]);
    const [row] = await ctx.database.db.select().from(donations).where(eq(donations.id, donationId));
    expect(row).toMatchObject({ refundedMinor: 60_000, refundPendingMinor: 0, status: 'completed' });
    const atProvider = await ctx.database.db.select().from(sandboxRefunds);
    expect(atProvider.map((r) => r.amountMinor)).toEqual([60_000]);
  });

  it('replayed and reordered refund webhooks change nothing; a refund made at the provider arrives by webhook', async () => {
    const { donationId, intentId } = await donate(app, indianDonation({ amount: 1000 }));
    expect((await refund(donationId, { amount_minor: 20_000, reason: 'Duplicate gift' })).statusCode).toBe(201);
    // Made in the provider's dashboard: no refund_id of ours in its metadata.
    await sandbox.refunds.createRefund({ paymentIntentId: intentId, amountMinor: 30_000, idempotencyKey: 'dashboard-1', metadata: {}, reason: 'duplicate' });
    await settle();
    const once = await detail(donationId);
    expect(once).toMatchObject({ refunded_minor: 50_000, status: 'completed' });
    expect(once.refunds.map((r: { source: string; amount_minor: number; note: { number: string } }) => [r.source, r.amount_minor, r.note.number])).toEqual([
      ['staff', 20_000, `BBF/CN/${NOTE_YEAR}/000001`],
      ['provider', 30_000, `BBF/CN/${NOTE_YEAR}/000002`],
    ]);
    expect(once.refunds[1].reason).toBe('Refunded at the payment provider (duplicate)');

    // Every event delivered again, newest first (replays, out of order): same refunds, same notes, same mails.
    const delivered = await ctx.database.db.select().from(sandboxEvents).where(sql`${sandboxEvents.type} like 'refund.%' or ${sandboxEvents.type} = 'charge.refunded'`);
    expect(delivered.length).toBe(4);
    const mailsBefore = (await ctx.database.db.select().from(mailOutbox)).length;
    for (const event of [...delivered].reverse()) {
      const body = JSON.parse(event.payload) as { type: string; created: number; data: { object: Record<string, unknown> } };
      const signed = sandbox.signedObjectEvent(body.type, body.data.object, body.created, event.id);
      const response = await app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
        payload: signed.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await settle();
    expect(await detail(donationId)).toEqual(once);
    expect((await ctx.database.db.select().from(mailOutbox)).length).toBe(mailsBefore);
    expect((await ctx.database.db.select().from(webhookEvents).where(sql`${webhookEvents.type} like 'refund.%'`)).length).toBe(2);
  });

  it('a refund that fails after it succeeded (Stripe’s 4000 0000 0000 5126) gives the donation back to the totals', async () => {
    const [campaign] = await insertCampaigns(ctx.database.db, [{ title: 'Clean Water', raisedAmount: 0, donationCount: 0 }]);
    const data = indianDonation({ amount: 2000, campaign_id: campaign!.id });
    const { intentId } = await pay(app, data, TEST_CARDS.refundFails.paymentMethod);
    const saved = await saveAfterPayment(app, data, intentId, TEST_CARDS.refundFails.paymentMethod);
    const donationId = saved.json().data.donation.id as number;
    const full = await refund(donationId, { amount_minor: 200_000, reason: 'Donor cancelled' });
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json().data.donation).toMatchObject({ status: 'refunded', refunded_minor: 200_000 });
    expect(await campaignRow(campaign!.id)).toMatchObject({ raisedAmount: 0, donationCount: 0 });

    await sandbox.recurring.advanceClock(SANDBOX_REFUND_FAILURE_DELAY_MS + 1_000);
    await settle();
    const after = await detail(donationId);
    expect(after).toMatchObject({ status: 'completed', refunded_minor: 0, refund_pending_minor: 0 });
    expect(after.refunds[0]).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    // The note issued when it succeeded stays on record (never deleted or renumbered).
    expect(after.refunds[0].note.number).toBe(`BBF/CN/${NOTE_YEAR}/000001`);
    expect(await campaignRow(campaign!.id)).toMatchObject({ raisedAmount: 2000, donationCount: 1 });
    // And the money is refundable again.
    expect((await refund(donationId, { amount_minor: 200_000, reason: 'Second try' })).statusCode).toBe(201);
  });

  it('a monthly renewal refunded in full leaves the gift running: the next month renews as before', async () => {
    const data = indianDonation({ donation_type: 'monthly', amount: 800 });
    const { intentId } = await pay(app, data);
    expect([200, 201]).toContain((await saveAfterPayment(app, data, intentId)).statusCode);
    await settle();
    await sandbox.recurring.advanceClock(32 * DAY_MS);
    await settle();
    const [renewal] = await ctx.database.db.select().from(donations).where(eq(donations.isRenewal, true));
    expect(renewal?.paymentIntentId).toBeTruthy();
    const answer = await refund(renewal!.id, { amount_minor: 80_000, reason: 'Donor forgot to pause' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().data.donation).toMatchObject({ status: 'refunded', is_renewal: true });
    const [gift] = await ctx.database.db.select().from(recurringGifts);
    expect(gift!.status).toBe('active');
    await sandbox.recurring.advanceClock(31 * DAY_MS);
    await settle();
    const renewals = await ctx.database.db.select().from(donations).where(eq(donations.isRenewal, true)).orderBy(donations.id);
    expect(renewals.map((row) => row.status)).toEqual(['refunded', 'completed']);
  });

  describe('when the provider cannot be reached', () => {
    it('keeps the refund pending (holding its amount) and asks again later with the same key', async () => {
      const { donationId } = await donate(app, indianDonation({ amount: 1000 }));
      const real = sandbox.refunds.createRefund.bind(sandbox.refunds);
      let calls = 0;
      sandbox.refunds.createRefund = async (input) => {
        calls += 1;
        if (calls === 1) throw new Error('connect ECONNREFUSED');
        return real(input);
      };
      try {
        const answer = await refund(donationId, { amount_minor: 10_000, reason: 'Duplicate gift' });
        expect(answer.statusCode).toBe(502);
        expect(answer.json().message).toBe(REFUND_PROVIDER_UNREACHABLE);
        expect(await detail(donationId)).toMatchObject({ refund_pending_minor: 10_000, refunded_minor: 0 });
        const tooMuch = await refund(donationId, { amount_minor: 95_000, reason: 'Duplicate gift' });
        expect(tooMuch.json().message).toBe('A refund cannot be more than what is left of the donation: ₹900.');
        const { retryPendingRefunds } = await import('./use-cases.js');
        expect(await retryPendingRefunds(app, new Date(Date.now() + 120_000))).toBe(1);
        expect(await detail(donationId)).toMatchObject({ refund_pending_minor: 0, refunded_minor: 10_000 });
        expect(calls).toBe(2);
      } finally {
        sandbox.refunds.createRefund = real;
      }
    });
  });
});
