import { TEST_CARDS } from '@charity/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { campaigns, donations, mailOutbox, rateLimitCounters, receiptCounters, receipts, receiptTokens } from '../db/schema.js';
import { financialYear } from '../receipts/receipt-number.js';
import { insertDonation, insertDonations } from '../../test/support/admin-fixtures.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { allowAll, insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { startSmtpSink, type SmtpSink } from '../../test/support/smtp-sink.js';

// GET /api/admin/donations (filters, paging, summary), GET /api/admin/donations/:id and
// POST /api/admin/donations/:id/resend-receipt (outbox and SMTP), on both databases. The guard itself is
// tested for every admin route in admin-access.test.ts; here the app lets every request through, except where
// the resend limit per admin needs real sign-ins.

const at = (iso: string) => new Date(iso);

describeEachDatabase('admin donations', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database, adminGuard: allowAll });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    const db = ctx.database.db;
    await db.delete(receiptTokens);
    await db.delete(receipts);
    await db.delete(receiptCounters);
    await db.delete(donations);
    await db.delete(campaigns);
    await db.delete(mailOutbox);
    // The rate limits count in the database (decision 041): each test starts with none of an earlier test's resends.
    await db.delete(rateLimitCounters);
  });

  const list = (query = '') => app.inject({ method: 'GET', url: `/api/admin/donations${query}` });
  const ids = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data.donations as Array<{ id: number }>).map((d) => d.id);
  };

  describe('GET /api/admin/donations', () => {
    it('lists every donation newest first (id breaking ties) as AdminDonation, with the summary of the whole set', async () => {
      const [campaign] = await insertCampaigns(ctx.database.db, [{ title: 'School Meals' }]);
      const same = at('2026-05-01T10:00:00Z');
      const rows = await insertDonations(ctx.database.db, [
        { createdAt: at('2026-04-01T10:00:00Z'), amount: 500 },
        { createdAt: same, amount: 1500, campaignId: campaign!.id },
        { createdAt: same, amount: 25, currency: 'USD', amountInr: 2087.5, status: 'pending', donorName: 'John Carter', donorCountryCode: 'US' },
        { createdAt: at('2026-03-01T10:00:00Z'), amount: 2000, status: 'failed', partnerOrigin: 'https://partner.example' },
      ]);
      const response = await list();
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(body.data.donations.map((d: { id: number }) => d.id)).toEqual([rows[2]!.id, rows[1]!.id, rows[0]!.id, rows[3]!.id]);
      expect(body.data.donations[1]).toEqual({
        id: rows[1]!.id,
        created_at: '2026-05-01T10:00:00.000Z',
        donor_name: 'Asha Verma',
        donor_email: 'asha.verma@example.org',
        is_anonymous: false,
        amount: 1500,
        currency: 'INR',
        amount_inr: 1500,
        donation_type: 'one_time',
        status: 'completed',
        campaign_id: campaign!.id,
        campaign_title: 'School Meals',
        donor_country: 'India',
        donor_country_code: 'IN',
        receipt_number: null,
        payment_intent_id: rows[1]!.paymentIntentId,
        partner_origin: null,
        source: 'website',
        is_renewal: false,
        refunded_minor: 0,
      });
      // No PAN, mobile or address in the list.
      expect(body.data.donations[1]).not.toHaveProperty('donor_pan');
      // count: the whole filtered set; amount_inr: its completed donations only.
      expect(body.data.summary).toEqual({ count: 4, amount_inr: 2000 });
      expect(body.meta).toEqual({ total_pages: 1, current_page: 1, total: 4 });

      // A status filter says whose money is summed.
      expect((await list('?status=pending')).json().data.summary).toEqual({ count: 1, amount_inr: 2087.5 });
      expect((await list('?status=failed')).json().data.summary).toEqual({ count: 1, amount_inr: 2000 });
    });

    it('pages by 20 by default, caps limit at 100, and keeps the summary for the whole set', async () => {
      const base = Date.parse('2026-01-01T00:00:00Z');
      await insertDonations(
        ctx.database.db,
        Array.from({ length: 105 }, (_, i) => ({ createdAt: new Date(base + i * 60_000), amount: 100 })),
      );
      const first = (await list()).json();
      expect(first.data.donations).toHaveLength(20);
      expect(first.meta).toEqual({ total_pages: 6, current_page: 1, total: 105 });
      expect(first.data.summary).toEqual({ count: 105, amount_inr: 10500 });
      const capped = (await list('?limit=500&page=2')).json();
      expect(capped.data.donations).toHaveLength(5);
      expect(capped.meta).toEqual({ total_pages: 2, current_page: 2, total: 105 });
      const past = (await list('?page=9')).json();
      expect(past.data.donations).toEqual([]);
      expect(past.meta).toEqual({ total_pages: 6, current_page: 9, total: 105 });
      // Pages never repeat or skip a donation.
      const all = [];
      for (let page = 1; page <= 6; page += 1) all.push(...(await ids(`?page=${page}`)));
      expect(new Set(all).size).toBe(105);
    });

    it('searches donor name and email, receipt number and payment intent id case-insensitively, or the id itself', async () => {
      const rows = await insertDonations(ctx.database.db, [
        { donorName: 'Priya Nair', donorEmail: 'priya@example.org', paymentIntentId: 'pi_ABCdef123' },
        { donorName: 'Rahul 100% Sharma', donorEmail: 'rahul@example.org', receiptNumber: 'BBF/2026-27/000042' },
        { donorName: 'Rahul 1000 Sharma', donorEmail: 'r_s@example.org' },
        { donorName: 'Meera', donorEmail: 'MEERA@Example.ORG' },
      ]);
      const [priya, rahulPercent, rahul1000, meera] = rows.map((r) => r.id);
      expect(await ids('?q=PRIYA')).toEqual([priya]);
      expect(await ids('?q=meera%40example')).toEqual([meera]);
      expect(await ids('?q=abcDEF')).toEqual([priya]);
      expect(await ids(`?q=${encodeURIComponent('2026-27/000042')}`)).toEqual([rahulPercent]);
      // LIKE wildcards match themselves: '100%' is not "100 followed by anything", '_' is not "any character".
      expect(await ids(`?q=${encodeURIComponent('100%')}`)).toEqual([rahulPercent]);
      expect(await ids(`?q=${encodeURIComponent('r_s')}`)).toEqual([rahul1000]);
      expect(await ids(`?q=${encodeURIComponent('%')}`)).toEqual([rahulPercent]);
      // A number also finds the donation with that id.
      expect(await ids(`?q=${meera}`)).toEqual([meera]);
      expect(await ids('?q=%20%20')).toHaveLength(4); // blank means any
      expect(await ids('?q=nobody')).toEqual([]);
    });

    it('filters by organisation calendar days (+05:30), both ends inclusive', async () => {
      const rows = await insertDonations(ctx.database.db, [
        { createdAt: at('2026-03-09T18:29:59.999Z') }, // 9 March, 23:59:59.999 in India
        { createdAt: at('2026-03-09T18:30:00.000Z') }, // 10 March, 00:00
        { createdAt: at('2026-03-10T18:29:59.999Z') }, // 10 March, 23:59:59.999
        { createdAt: at('2026-03-10T18:30:00.000Z') }, // 11 March, 00:00
      ]);
      const [ninth, tenthStart, tenthEnd, eleventh] = rows.map((r) => r.id);
      expect(await ids('?from=2026-03-10&to=2026-03-10')).toEqual([tenthEnd, tenthStart]);
      expect(await ids('?from=2026-03-10')).toEqual([eleventh, tenthEnd, tenthStart]);
      expect(await ids('?to=2026-03-09')).toEqual([ninth]);
      expect(await ids('?from=2026-03-12')).toEqual([]);
    });

    it('filters by campaign (or none), country, currency, type, status and partner, together', async () => {
      const [meals, books] = await insertCampaigns(ctx.database.db, [{ title: 'Meals' }, { title: 'Books' }]);
      const rows = await insertDonations(ctx.database.db, [
        { campaignId: meals!.id },
        { campaignId: books!.id, donationType: 'monthly' },
        { currency: 'USD', amount: 25, donorCountryCode: 'US' },
        { status: 'refunded', campaignId: meals!.id },
        { partnerOrigin: 'https://school.example', donorCountryCode: 'US' },
      ]);
      const [a, b, c, d, e] = rows.map((r) => r.id);
      expect(await ids(`?campaign=${meals!.id}`)).toEqual([d, a]);
      expect(await ids('?campaign=none')).toEqual([e, c]);
      expect(await ids('?campaign=NONE')).toEqual([e, c]);
      expect(await ids('?campaign=999999')).toEqual([]);
      expect(await ids('?country=us')).toEqual([e, c]);
      expect(await ids('?currency=usd')).toEqual([c]);
      expect(await ids('?type=monthly')).toEqual([b]);
      expect(await ids('?status=refunded')).toEqual([d]);
      expect(await ids(`?partner=${encodeURIComponent('https://school.example')}`)).toEqual([e]);
      expect(await ids(`?campaign=${meals!.id}&status=completed`)).toEqual([a]);
      expect(await ids('?country=US&currency=INR&campaign=none')).toEqual([e]);
      // Empty values mean "any".
      expect(await ids('?q=&from=&to=&campaign=&country=&currency=&type=&status=&partner=')).toHaveLength(5);
      // Unknown parameters are ignored.
      expect(await ids('?colour=blue')).toHaveLength(5);
    });

    it.each([
      ['?from=2026-13-01', 'Dates must be written YYYY-MM-DD.'],
      ['?to=10-03-2026', 'Dates must be written YYYY-MM-DD.'],
      ['?from=2026-02-30', 'Dates must be written YYYY-MM-DD.'],
      ['?from=2026-03-10&to=2026-03-09', 'The "to" date must not be before the "from" date.'],
      ['?campaign=abc', "campaign must be a campaign id or 'none'."],
      ['?campaign=0', "campaign must be a campaign id or 'none'."],
      ['?campaign=99999999999', "campaign must be a campaign id or 'none'."],
      ['?country=IND', 'country must be a two-letter country code.'],
      ['?country=I1', 'country must be a two-letter country code.'],
      ['?currency=RUPEE', 'currency must be a three-letter currency code.'],
      ['?type=yearly', 'type must be one of: one_time, monthly.'],
      ['?status=lost', 'status must be one of: pending, completed, failed, refunded.'],
      ['?page=0', 'page must be at least 1.'],
      ['?page=abc', 'page must be a whole number.'],
      ['?limit=0', 'limit must be at least 1.'],
      [`?q=${'x'.repeat(201)}`, 'q must be at most 200 characters long.'],
      [`?partner=${'x'.repeat(201)}`, 'partner must be at most 200 characters long.'],
    ])('answers 400 for %s', async (query, message) => {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
    });
  });

  describe('GET /api/admin/donations/:id', () => {
    it('answers the donation in full, with its receipt once it has one', async () => {
      const [campaign] = await insertCampaigns(ctx.database.db, [{ title: 'Meals' }]);
      const row = await insertDonation(ctx.database.db, { campaignId: campaign!.id, createdAt: at('2026-06-01T05:00:00Z') });
      const response = await app.inject({ method: 'GET', url: `/api/admin/donations/${row.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        success: true,
        data: {
          donation: {
            id: row.id,
            created_at: '2026-06-01T05:00:00.000Z',
            donor_name: 'Asha Verma',
            donor_email: 'asha.verma@example.org',
            is_anonymous: false,
            amount: 1000,
            currency: 'INR',
            amount_inr: 1000,
            donation_type: 'one_time',
            status: 'completed',
            campaign_id: campaign!.id,
            campaign_title: 'Meals',
            donor_country: 'India',
            donor_country_code: 'IN',
            receipt_number: null,
            payment_intent_id: row.paymentIntentId,
            partner_origin: null,
            source: 'website',
            is_renewal: false,
            donor_mobile: '9876543210',
            donor_pan: 'ABCDE1234F',
            donor_state: 'Karnataka',
            donor_city: 'Bengaluru',
            donor_address: '12, 100 Feet Road, Indiranagar',
            donor_pincode: '560038',
            payment_method_id: TEST_CARDS.visa.paymentMethod,
            receipt: null,
            refunded_minor: 0,
            amount_minor: 100_000,
            refund_pending_minor: 0,
            refunds: [],
          },
        },
      });

      const resent = await app.inject({ method: 'POST', url: `/api/admin/donations/${row.id}/resend-receipt` });
      expect(resent.statusCode, resent.body).toBe(200);
      const detail = (await app.inject({ method: 'GET', url: `/api/admin/donations/${row.id}` })).json().data.donation;
      const number = resent.json().data.receipt_number;
      expect(detail.receipt_number).toBe(number);
      expect(detail.receipt).toEqual({ number, issued_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), mail_status: 'stored' });
    });

    it('answers 404 for an unknown id and 400 for one that is not a whole number', async () => {
      const missing = await app.inject({ method: 'GET', url: '/api/admin/donations/999999' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Donation not found' });
      for (const bad of ['abc', '0', '1.5', '99999999999']) {
        const response = await app.inject({ method: 'GET', url: `/api/admin/donations/${bad}` });
        expect(response.statusCode, bad).toBe(400);
      }
      expect((await app.inject({ method: 'GET', url: '/api/admin/donations/abc' })).json().message).toBe('id must be a whole number.');
    });
  });

  describe('POST /api/admin/donations/:id/resend-receipt', () => {
    const year = financialYear(new Date());
    const resend = (id: number, target = app, headers: Record<string, string> = {}) =>
      target.inject({ method: 'POST', url: `/api/admin/donations/${id}/resend-receipt`, headers });
    const outbox = () => ctx.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);

    it('issues the receipt when there is none yet, then mails it to the donor through the outbox (no SMTP)', async () => {
      const row = await insertDonation(ctx.database.db, { createdAt: new Date() });
      const response = await resend(row.id);
      expect(response.statusCode).toBe(200);
      const number = `BBF/${year}/000001`;
      expect(response.json()).toEqual({ success: true, message: 'Receipt sent again', data: { receipt_number: number, mail_status: 'stored' } });
      const mails = await outbox();
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: 'asha.verma@example.org', status: 'stored' });
      expect(mails[0]!.subject).toContain(number);
      expect(mails[0]!.attachments).toEqual([{ filename: `receipt-BBF-${year}-000001.pdf`, contentType: 'application/pdf', size: expect.any(Number) }]);
      const [receipt] = await ctx.database.db.select().from(receipts).where(eq(receipts.donationId, row.id));
      expect(receipt).toMatchObject({ number, mailStatus: 'stored', mailOutboxId: mails[0]!.id });

      // Again: the same receipt (no new number), a second mail, with a download link that works.
      const again = await resend(row.id);
      expect(again.json().data).toEqual({ receipt_number: number, mail_status: 'stored' });
      const after = await outbox();
      expect(after).toHaveLength(2);
      expect(await ctx.database.db.select().from(receipts)).toHaveLength(1);
      const link = /(\/api\/invoices\/\S+?download\?token=[A-Za-z0-9_-]{43})/.exec(after[1]!.text);
      expect(link).not.toBeNull();
      expect((await app.inject({ method: 'GET', url: link![1]! })).statusCode).toBe(200);
      const [updated] = await ctx.database.db.select().from(receipts).where(eq(receipts.donationId, row.id));
      expect(updated!.mailOutboxId).toBe(after[1]!.id);
    });

    it('sends it through SMTP when the server has a mail server', async () => {
      const sink: SmtpSink = await startSmtpSink();
      const smtpApp = await buildApp({
        config: { ...ctx.config, smtpUrl: sink.url, mailFrom: 'Bright Beginnings <receipts@charity.test>' },
        database: ctx.database,
        adminGuard: allowAll,
      });
      try {
        const row = await insertDonation(ctx.database.db, { donorEmail: 'john.carter@example.com', donorName: 'John Carter' });
        const response = await resend(row.id, smtpApp);
        expect(response.statusCode).toBe(200);
        expect(response.json().data).toEqual({ receipt_number: `BBF/${year}/000001`, mail_status: 'sent' });
        const [mail] = await sink.waitFor(1);
        expect(mail!.to).toEqual(['john.carter@example.com']);
        expect(mail!.decoded).toContain(`BBF/${year}/000001`);
        expect(mail!.raw).toContain('application/pdf');
        expect((await outbox())[0]).toMatchObject({ status: 'sent', to: 'john.carter@example.com' });
      } finally {
        await smtpApp.close();
        await sink.close();
      }
    });

    it('records a failed send when the mail server refuses it', async () => {
      const sink = await startSmtpSink({ reject: true });
      const smtpApp = await buildApp({ config: { ...ctx.config, smtpUrl: sink.url }, database: ctx.database, adminGuard: allowAll });
      try {
        const row = await insertDonation(ctx.database.db);
        const response = await resend(row.id, smtpApp);
        expect(response.statusCode).toBe(200);
        expect(response.json().data.mail_status).toBe('failed');
        expect((await outbox())[0]).toMatchObject({ status: 'failed' });
      } finally {
        await smtpApp.close();
        await sink.close();
      }
    });

    it('refuses donations that are not completed (409), have no e-mail (400) or do not exist (404), mailing nothing', async () => {
      for (const status of ['pending', 'failed', 'refunded'] as const) {
        const row = await insertDonation(ctx.database.db, { status });
        const response = await resend(row.id);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ success: false, message: 'Only completed donations have receipts.' });
      }
      for (const email of [null, '', '   ']) {
        const row = await insertDonation(ctx.database.db, { donorEmail: email });
        const response = await resend(row.id);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ success: false, message: 'This donation has no donor e-mail address.' });
      }
      const missing = await resend(999999);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Donation not found' });
      expect(await outbox()).toEqual([]);
      expect(await ctx.database.db.select().from(receipts)).toEqual([]);
    });

    // Eleven receipts drawn as PDFs: a few seconds alone, more on a busy machine.
    it('allows 10 resends a minute per admin, then answers 429 (another admin is not held back)', { timeout: 90_000 }, async () => {
      const guarded = await buildApp({ config: ctx.config, database: ctx.database });
      try {
        const [first, second] = [await createUser(ctx.database.db), await createUser(ctx.database.db)];
        const [tokenA, tokenB] = [await signIn(guarded, first!), await signIn(guarded, second!)];
        const row = await insertDonation(ctx.database.db);
        for (let i = 0; i < 10; i += 1) expect((await resend(row.id, guarded, bearer(tokenA))).statusCode).toBe(200);
        const limited = await resend(row.id, guarded, bearer(tokenA));
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual({ success: false, message: 'Too many receipts sent again. Please try again in a minute.' });
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        expect((await resend(row.id, guarded, bearer(tokenB))).statusCode).toBe(200);
        expect(await outbox()).toHaveLength(11);
      } finally {
        await guarded.close();
      }
    });
  });
});
