import { TEST_CARDS } from '@charity/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { donations } from '../db/schema.js';
import { insertDonation } from '../../test/support/admin-fixtures.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { parseCsv } from '../../test/support/csv.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, confirm, donate, indianDonation, nextIp, saveAfterPayment, usDonation, type DonationData } from '../../test/support/donations.js';
import { resetGiftTables } from '../../test/support/monthly-gifts.js';

// Partners for staff (issue 20, items 7 and 13; docs/decisions/031-partner-report.md), on both databases, with
// donations made through the widget's own path (create-intent with the partner's origin, the sandbox's confirm, the
// browser's save): the partner filter of the donations list and its CSV, the partners staff can pick, and the
// partner report per organisation month and currency (completed donations, distinct donors, net of refunds) with its
// CSV, whose month column names the time zone.

const SCHOOL = 'https://school.example';
const NGO = 'https://ngo.example';
const QUIET = 'https://quiet.example';
const FORMER = 'https://former.example';
const BOM = '\uFEFF';
/** 1 April 2026 00:00 in India: 31 March 18:30 UTC. */
const APRIL_START = '2026-03-31T18:30:00.000Z';
const MARCH_END = '2026-03-31T18:29:59.000Z';

describeEachDatabase('partners: donations filter, partner list and report', (ctx) => {
  let app: FastifyInstance;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ({ app } = await buildSandboxApp(ctx, { config: { partnerOrigins: { any: false, origins: [SCHOOL, NGO, QUIET] } } }));
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app.payments.idle();
    await resetGiftTables(ctx.database.db);
    // A staff member per test: refunds are rate-limited per person.
    headers = bearer(await signIn(app, await createUser(ctx.database.db)));
  });

  const get = (url: string) => app.inject({ method: 'GET', url, headers });

  /** A gift through a partner's widget, as the embed page makes it; then dated `at` (the flow runs now). */
  async function giveThroughWidget(partner: string, data: DonationData, at: string): Promise<number> {
    const created = await app.inject({
      method: 'POST',
      url: '/api/payments/create-intent',
      payload: { donation_data: data, payment_method_id: TEST_CARDS.visa.paymentMethod, partner_origin: partner },
      remoteAddress: nextIp(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const { client_secret: secret, payment_intent_id: intentId } = created.json().data;
    expect((await confirm(app, secret)).statusCode).toBe(200);
    const saved = await saveAfterPayment(app, data, intentId);
    // 201, or 200 when the sandbox's webhook saved it first (with the attempt's partner too).
    expect([200, 201], saved.body).toContain(saved.statusCode);
    const id = saved.json().data.donation.id as number;
    await ctx.database.db.update(donations).set({ createdAt: new Date(at) }).where(eq(donations.id, id));
    return id;
  }

  async function refund(donationId: number, amountMinor: number) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/admin/donations/${donationId}/refunds`,
      headers,
      payload: { amount_minor: amountMinor, reason: 'Donor asked' },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  /**
   * School: ₹1,000 and ₹500 from one donor (her address typed in two cases) on 1 April in India, $25 the same month,
   * ₹2,000 one second before April in India. NGO: ₹1,500 in April with ₹500 refunded, ₹700 refunded in full.
   * The charity's own site: ₹3,000 (never in the report).
   */
  async function givePartnerGifts() {
    const school = [
      await giveThroughWidget(SCHOOL, indianDonation({ amount: 1000 }), APRIL_START),
      await giveThroughWidget(SCHOOL, indianDonation({ amount: 500 }, { email: 'Asha.Verma@Example.org' }), '2026-04-20T10:00:00.000Z'),
      await giveThroughWidget(SCHOOL, usDonation({ amount: 25 }), '2026-04-30T18:29:00.000Z'),
      await giveThroughWidget(SCHOOL, indianDonation({ amount: 2000 }, { email: 'meera@example.org', full_name: 'Meera Iyer' }), MARCH_END),
    ];
    const ngo = [
      await giveThroughWidget(NGO, indianDonation({ amount: 1500 }, { email: 'ravi@example.org', full_name: 'Ravi Kumar' }), '2026-04-10T10:00:00.000Z'),
      await giveThroughWidget(NGO, indianDonation({ amount: 700 }, { email: 'neha@example.org', full_name: 'Neha Shah' }), '2026-04-11T10:00:00.000Z'),
    ];
    await refund(ngo[0]!, 50_000);
    await refund(ngo[1]!, 70_000);
    const { donationId: website } = await donate(app, indianDonation({ amount: 3000 }));
    await app.payments.idle();
    return { school, ngo, website };
  }

  const REPORT_ROWS = [
    { partner_origin: NGO, month: '2026-04', currency: 'INR', donations: 1, donors: 1, amount: 1000, refunded_amount: 1200 },
    { partner_origin: SCHOOL, month: '2026-04', currency: 'INR', donations: 2, donors: 1, amount: 1500, refunded_amount: 0 },
    { partner_origin: SCHOOL, month: '2026-04', currency: 'USD', donations: 1, donors: 1, amount: 25, refunded_amount: 0 },
    { partner_origin: SCHOOL, month: '2026-03', currency: 'INR', donations: 1, donors: 1, amount: 2000, refunded_amount: 0 },
  ];

  it('reports per partner, organisation month and currency: completed gifts, distinct donors, net of refunds', async () => {
    await givePartnerGifts();
    // Neither a pending partner donation nor a failed one counts.
    await insertDonation(ctx.database.db, { partnerOrigin: SCHOOL, status: 'pending', createdAt: new Date('2026-04-05T10:00:00Z') });
    await insertDonation(ctx.database.db, { partnerOrigin: SCHOOL, status: 'failed', createdAt: new Date('2026-04-05T10:00:00Z') });

    const response = await get('/api/admin/partners/report');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ success: true, data: { time_zone: 'Asia/Kolkata', refunds_subtracted: true, rows: REPORT_ROWS } });

    // The same amounts as the donations list counts them: its INR summary of the partner's completed gifts, net.
    const ngoList = await get(`/api/admin/donations?partner=${encodeURIComponent(NGO)}&status=completed`);
    expect(ngoList.json().data.summary).toEqual({ count: 1, amount_inr: 1000 });

    // Months by the organisation's calendar, inclusive; one partner, written in any case.
    const april = await get('/api/admin/partners/report?from=2026-04&to=2026-04');
    expect(april.json().data.rows).toEqual(REPORT_ROWS.filter((row) => row.month === '2026-04'));
    const march = await get('/api/admin/partners/report?to=2026-03');
    expect(march.json().data.rows).toEqual(REPORT_ROWS.filter((row) => row.month === '2026-03'));
    const school = await get(`/api/admin/partners/report?partner=${encodeURIComponent('HTTPS://School.Example/')}`);
    expect(school.json().data.rows).toEqual(REPORT_ROWS.filter((row) => row.partner_origin === SCHOOL));
    const none = await get('/api/admin/partners/report?from=2027-01');
    expect(none.json().data.rows).toEqual([]);
  });

  it('answers the report as CSV: the same rows, the month column naming the time zone, never cached', async () => {
    await givePartnerGifts();
    const response = await get('/api/admin/partners/report.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="partner-report-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith(BOM)).toBe(true);
    expect(response.body).toBe(
      `${BOM}month (Asia/Kolkata),partner_origin,currency,donations,donors,amount_net_of_refunds,refunded_amount\r\n` +
        `2026-04,${NGO},INR,1,1,1000,1200\r\n` +
        `2026-04,${SCHOOL},INR,2,1,1500,0\r\n` +
        `2026-04,${SCHOOL},USD,1,1,25,0\r\n` +
        `2026-03,${SCHOOL},INR,1,1,2000,0\r\n`,
    );
    const ranged = await get(`/api/admin/partners/report.csv?from=2026-03&to=2026-03&partner=${encodeURIComponent(SCHOOL)}`);
    expect(ranged.headers['content-disposition']).toBe('attachment; filename="partner-report-2026-03-to-2026-03.csv"');
    expect(parseCsv(ranged.body.slice(1))).toEqual([
      ['month (Asia/Kolkata)', 'partner_origin', 'currency', 'donations', 'donors', 'amount_net_of_refunds', 'refunded_amount'],
      ['2026-03', SCHOOL, 'INR', '1', '1', '2000', '0'],
    ]);
  });

  it('refuses a bad month, range or partner with 400 and a sentence, on the report and its CSV', async () => {
    for (const path of ['/api/admin/partners/report', '/api/admin/partners/report.csv']) {
      for (const [query, message] of [
        ['from=2026-13', 'Months must be written YYYY-MM.'],
        ['to=April', 'Months must be written YYYY-MM.'],
        ['from=0001-01', 'Months must be from 1900-01 on.'],
        ['from=2026-05&to=2026-04', 'The "to" month must not be before the "from" month.'],
        ['partner=none', "partner must be a partner site's origin such as https://school.example."],
        ['partner=javascript%3Aalert(1)', "partner must be a partner site's origin such as https://school.example."],
      ] as const) {
        const response = await get(`${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json()).toEqual({ success: false, message });
      }
      // Keys the report does not know are dropped, as on every admin list.
      expect((await get(`${path}?month=2026-13`)).statusCode).toBe(200);
    }
  });

  it('lists the partners staff can pick: configured ones, and any seen on a donation, A to Z', async () => {
    await givePartnerGifts();
    // A partner taken off PARTNER_ORIGINS keeps its past donations.
    await insertDonation(ctx.database.db, { partnerOrigin: FORMER });
    const response = await get('/api/admin/partners');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      success: true,
      data: {
        partners: [
          { origin: FORMER, configured: false, donations: 1 },
          { origin: NGO, configured: true, donations: 2 },
          { origin: QUIET, configured: true, donations: 0 },
          { origin: SCHOOL, configured: true, donations: 4 },
        ],
      },
    });
  });

  it('filters the donations list and its CSV by partner, or by the charity’s own site, and names the source', async () => {
    const { school, ngo, website } = await givePartnerGifts();
    const ids = async (query: string) => {
      const response = await get(`/api/admin/donations?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data.donations as Array<{ id: number }>).map((d) => d.id).sort((a, b) => a - b);
    };
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(await ids(`partner=${encodeURIComponent(SCHOOL)}`)).toEqual(sorted(school));
    // Normalised as the widget records it.
    expect(await ids(`partner=${encodeURIComponent('HTTPS://NGO.example:443/')}`)).toEqual(sorted(ngo));
    expect(await ids('partner=none')).toEqual([website]);
    expect(await ids('partner=NONE')).toEqual([website]);
    expect(await ids(`partner=${encodeURIComponent(QUIET)}`)).toEqual([]);
    // With the other filters.
    expect(await ids(`partner=${encodeURIComponent(SCHOOL)}&currency=USD`)).toEqual([school[2]]);

    const csv = await get(`/api/admin/donations/export.csv?partner=${encodeURIComponent(NGO)}`);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(csv.body.slice(1));
    const column = (name: string) => header!.indexOf(name);
    expect(rows.map((row) => Number(row[column('id')])).sort((a, b) => a - b)).toEqual(sorted(ngo));
    expect(rows.map((row) => row[column('source')])).toEqual(['Widget: https://ngo.example', 'Widget: https://ngo.example']);
    expect(rows.map((row) => row[column('partner_origin')])).toEqual([NGO, NGO]);
    const own = parseCsv((await get('/api/admin/donations/export.csv?partner=none')).body.slice(1));
    expect(own.slice(1).map((row) => row[column('source')])).toEqual(['Website']);

    for (const path of ['/api/admin/donations', '/api/admin/donations/export.csv']) {
      for (const bad of ['school.example', 'https://school.example/donate', 'javascript:alert(1)']) {
        const response = await get(`${path}?partner=${encodeURIComponent(bad)}`);
        expect(response.statusCode, `${path} ${bad}`).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          message: "partner must be a partner site's origin such as https://school.example, or 'none' for the charity's own site.",
        });
      }
    }
  });
});
