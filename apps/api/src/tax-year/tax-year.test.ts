import { DEMO_ORGANISATION_SETTINGS, financialYear, STATEMENT_REQUEST_MESSAGES, TAX_YEAR_MESSAGES } from '@charity/domain';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { annualStatements, mailOutbox, statementTokens } from '../db/schema.js';
import { saveOrganisationSettings } from '../settings/repository.js';
import { insertDonations } from '../../test/support/admin-fixtures.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { nextIp } from '../../test/support/donations.js';
import { pdfText } from '../../test/support/pdf-text.js';
import { startSmtpSink, type SmtpSink } from '../../test/support/smtp-sink.js';
import { form10bdAmount, form10bdDate } from './form-10bd.js';

// The financial year end to end on both databases (docs/decisions/027-tax-year.md): the 80G summary of a year (a
// partial refund netted, a full refund and a foreign donor left out, a donor without PAN listed, the year's edges at
// midnight IST), Form 10BD's exact bytes and its refusals, the statements run (each donor mailed once, even when two
// runs race), and a donor's own request (the same answer for anyone, a link that works until it expires, limits).

const YEAR = '2025-26';
const EMPTY_YEAR = '2023-24';
const HEADER =
  'Sl. No.,Pre Acknowledgement Number,ID Code,Unique Identification Number,Section Code,Unique Registration Number (URN),Date of Issuance of Unique Registration Number,Name of donor,Address of donor,Donation Type,Mode of receipt,Amount of donation (Indian rupees)';
const MODE = 'Electronic modes including account payee cheque/draft';

describe('Form 10BD cells', () => {
  it('write dates as DD-MM-YYYY and rupees exactly, decimals only for paise', () => {
    expect(form10bdDate('2022-03-28')).toBe('28-03-2022');
    expect(form10bdDate(null)).toBe('');
    expect(form10bdAmount(150_000)).toBe('1500');
    expect(form10bdAmount(130_050)).toBe('1300.50');
    expect(form10bdAmount(5)).toBe('0.05');
  });
});

describeEachDatabase('the financial year', (ctx) => {
  let app: FastifyInstance;
  let headers: Record<string, string>;

  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database });
    const user = await createUser(ctx.database.db);
    headers = bearer(await signIn(app, user, nextIp()));
    await insertDonations(ctx.database.db, [
      // Asha: the first instant of the year (1 April 00:00 IST), then a gift refunded in part under a different case.
      { amount: 1000, donorEmail: 'asha@example.org', donorName: 'Asha Verma', createdAt: new Date('2025-03-31T18:30:00Z') },
      {
        amount: 500.5,
        refundedMinor: 20_000,
        refundedAmount: 200,
        refundedInr: 200,
        donorEmail: 'Asha@Example.org',
        donorName: 'Asha V. Verma',
        donorPan: '',
        createdAt: new Date('2025-10-10T06:00:00Z'),
      },
      // The last minute of the previous year: not this year's.
      { amount: 999, donorEmail: 'asha@example.org', createdAt: new Date('2025-03-31T18:29:59Z') },
      // A failed payment is no donation.
      { amount: 5000, donorEmail: 'asha@example.org', status: 'failed', createdAt: new Date('2025-06-01T06:00:00Z') },
      // Ravi gave no PAN: listed, not in 10BD. His gift at 23:59 IST on 31 March is this year's; the next minute's is not.
      {
        amount: 2000,
        donorEmail: 'ravi@example.org',
        donorName: 'Ravi Kumar',
        donorPan: null,
        donorAddress: '4 Park Street',
        donorCity: 'Kolkata',
        donorState: 'West Bengal',
        donorPincode: '700016',
        createdAt: new Date('2026-03-31T18:29:00Z'),
      },
      { amount: 111, donorEmail: 'ravi@example.org', donorName: 'Ravi Kumar', donorPan: null, createdAt: new Date('2026-03-31T18:30:00Z') },
      // Karan's address would be a formula in a spreadsheet.
      {
        amount: 250,
        donorEmail: 'karan@example.org',
        donorName: 'Karan Mehta',
        donorPan: 'pqrsx6789k',
        donorAddress: '=SUM(1+1), MG Road',
        donorCity: 'Mumbai',
        donorState: 'Maharashtra',
        donorPincode: '400001',
        createdAt: new Date('2025-07-01T06:00:00Z'),
      },
      // Meera's gift was refunded in full: not eligible, and no statement.
      { amount: 700, refundedMinor: 70_000, refundedAmount: 700, refundedInr: 700, status: 'refunded', donorEmail: 'meera@example.org', donorName: 'Meera Iyer', createdAt: new Date('2025-08-01T06:00:00Z') },
      // John gave from the United States: no 80G, but a statement.
      {
        amount: 50,
        currency: 'USD',
        amountMinor: 5000,
        donorEmail: 'john@example.com',
        donorName: 'John Smith',
        donorPan: null,
        donorCountry: 'United States',
        donorCountryCode: 'US',
        createdAt: new Date('2025-09-01T06:00:00Z'),
      },
    ]);
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, extra: Partial<InjectOptions> = {}) => app.inject({ method: 'GET', url, headers, ...extra });
  const summaryOf = async (year: string) => {
    const response = await get(`/api/admin/tax-year/${year}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json().data;
  };
  const runStatements = (year: string) => app.inject({ method: 'POST', url: `/api/admin/tax-year/${year}/statements`, headers });
  const snapshot = async () => ({
    statements: await ctx.database.db.select().from(annualStatements),
    mails: await ctx.database.db.select().from(mailOutbox),
    tokens: await ctx.database.db.select().from(statementTokens),
  });

  it('sums the year’s eligible donations per donor: partial refunds netted, full refunds and foreign donors out, edges at midnight IST', async () => {
    const summary = await summaryOf(YEAR);
    expect(summary).toMatchObject({
      financial_year: YEAR,
      form_10bd_due: '2026-05-31',
      approval: { number: DEMO_ORGANISATION_SETTINGS.eighty_g_number, date: '2022-03-28', covers_year: true, is_demo: true },
      eligible: { donors: 3, donations: 4, net_inr_minor: 355_050, refunded_inr_minor: 20_000 },
      with_pan: { donors: 2, net_inr_minor: 155_050 },
      without_pan: { donors: 1, net_inr_minor: 200_000 },
      statements: { sent: 0, pending: 0, failed: 0 },
      certificates: { uploaded: 0, sent: 0 },
    });
    expect(summary.donors).toEqual([
      { email: 'asha@example.org', name: 'Asha V. Verma', pan: 'ABCDE1234F', donations: 2, gross_inr_minor: 150_050, refunded_inr_minor: 20_000, net_inr_minor: 130_050, statement: null, certificate: null },
      { email: 'karan@example.org', name: 'Karan Mehta', pan: 'PQRSX6789K', donations: 1, gross_inr_minor: 25_000, refunded_inr_minor: 0, net_inr_minor: 25_000, statement: null, certificate: null },
      { email: 'ravi@example.org', name: 'Ravi Kumar', pan: null, donations: 1, gross_inr_minor: 200_000, refunded_inr_minor: 0, net_inr_minor: 200_000, statement: null, certificate: null },
    ]);
    // The neighbouring years got the gifts just across their edges.
    expect((await summaryOf('2024-25')).eligible).toEqual({ donors: 1, donations: 1, net_inr_minor: 99_900, refunded_inr_minor: 0 });
    expect((await summaryOf('2026-27')).donors.map((d: { email: string }) => d.email)).toContain('ravi@example.org');
  });

  it('answers a year with no donations with zero figures and refuses its 10BD and statements without writing anything', async () => {
    const before = await snapshot();
    const summary = await summaryOf(EMPTY_YEAR);
    expect(summary).toMatchObject({ eligible: { donors: 0, donations: 0, net_inr_minor: 0, refunded_inr_minor: 0 }, donors: [] });
    const csv = await get(`/api/admin/tax-year/${EMPTY_YEAR}/form-10bd.csv`);
    expect(csv.statusCode).toBe(409);
    expect(csv.json()).toEqual({ success: false, message: TAX_YEAR_MESSAGES.noDonations });
    const run = await runStatements(EMPTY_YEAR);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ success: true, message: TAX_YEAR_MESSAGES.statementsNone });
    await app.mailer.idle();
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a malformed year and one not begun with the domain’s sentences', async () => {
    for (const year of ['2025', '2025-2026', '2025-27', 'abcd-ef', '2025-26x']) {
      const response = await get(`/api/admin/tax-year/${year}`);
      expect(response.statusCode, year).toBe(400);
      expect(response.json(), year).toEqual({ success: false, message: TAX_YEAR_MESSAGES.invalidYear });
    }
    const start = Number(financialYear(new Date()).slice(0, 4)) + 1;
    const next = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
    for (const url of [`/api/admin/tax-year/${next}`, `/api/admin/tax-year/${next}/form-10bd.csv`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ success: false, message: TAX_YEAR_MESSAGES.futureYear });
    }
    const run = await runStatements('2025-2026');
    expect(run.statusCode).toBe(400);
  });

  it('exports Form 10BD: the template’s header, one row per donor with a PAN, exact rupees, formulas neutralised', async () => {
    const response = await get(`/api/admin/tax-year/${YEAR}/form-10bd.csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="form-10bd-${YEAR}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe(
      [
        HEADER,
        `1,,1,ABCDE1234F,Section 80G,AABTB1234CF20214,28-03-2022,Asha V. Verma,"12, 100 Feet Road, Indiranagar, Bengaluru, Karnataka, 560038",Others,${MODE},1300.50`,
        `2,,1,PQRSX6789K,Section 80G,AABTB1234CF20214,28-03-2022,Karan Mehta,"'=SUM(1+1), MG Road, Mumbai, Maharashtra, 400001",Others,${MODE},250`,
        '',
      ].join('\r\n'),
    );
    // No byte order mark: the first bytes are the first header's.
    expect(response.rawPayload.subarray(0, 7).toString('latin1')).toBe('Sl. No.');
  });

  it('mails each donor of the year one statement, even when two runs race, with the PDF attached', async () => {
    const [first, second] = await Promise.all([runStatements(YEAR), runStatements(YEAR)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect([first.json().message, second.json().message].sort()).toEqual([TAX_YEAR_MESSAGES.statementsQueued(4), TAX_YEAR_MESSAGES.statementsNone].sort());
    await app.mailer.idle();

    const statements = await ctx.database.db.select().from(annualStatements).where(eq(annualStatements.financialYear, YEAR)).orderBy(annualStatements.donorEmail);
    expect(statements.map((s) => [s.donorEmail, s.mailStatus, s.requestedBy.startsWith('staff:')])).toEqual([
      ['asha@example.org', 'stored', true],
      ['john@example.com', 'stored', true],
      ['karan@example.org', 'stored', true],
      ['ravi@example.org', 'stored', true],
    ]);
    const mails = await ctx.database.db.select().from(mailOutbox).where(isNotNull(mailOutbox.annualStatementId)).orderBy(mailOutbox.to);
    expect(mails.map((m) => m.to)).toEqual(['asha@example.org', 'john@example.com', 'karan@example.org', 'ravi@example.org']);
    for (const mail of mails) {
      expect(mail.subject).toBe(`Your annual statement of donations ${YEAR} — ${DEMO_ORGANISATION_SETTINGS.legal_name}`);
      expect(mail.attachments).toEqual([{ filename: `annual-statement-${YEAR}.pdf`, contentType: 'application/pdf', size: expect.any(Number) }]);
      expect(statements.find((s) => s.donorEmail === mail.to)!.mailOutboxId).toBe(mail.id);
    }
    const asha = mails[0]!;
    expect(asha.text).toContain('You gave 2 donations, ₹1,300.50 in all after refunds.');
    expect(asha.text).toContain('Form 10BE');
    expect(mails[1]!.text).not.toContain('Form 10BE');

    // The summary shows them sent (kept in the outbox: no mail server here), and a third run finds nobody left.
    const summary = await summaryOf(YEAR);
    expect(summary.statements).toEqual({ sent: 4, pending: 0, failed: 0 });
    expect(summary.donors[0].statement).toEqual({ mail_status: 'stored', sent_at: expect.any(String) });
    expect((await runStatements(YEAR)).json().message).toBe(TAX_YEAR_MESSAGES.statementsNone);

    // Staff download a donor's statement: the one mailed, drawn from its frozen details.
    const pdf = await get(`/api/admin/tax-year/${YEAR}/statement.pdf?email=${encodeURIComponent('Asha@example.org')}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'ANNUAL STATEMENT OF DONATIONS',
      `Financial year ${YEAR} (April 2025 – March 2026)`,
      'Asha V. Verma',
      'PAN: ABCDE1234F',
      '80G approval (URN): AABTB1234CF20214, dated 28 March 2022, valid from 1 April 2022 to 31 March 2027',
      '₹1,300.50',
      '₹200',
      'It is not a certificate under Section 80G',
      'Form 10BE',
      'Demonstration details: not valid for tax purposes',
      'Anita Rao',
    ]) {
      expect(text, expected).toContain(expected);
    }
    const john = pdfText((await get(`/api/admin/tax-year/${YEAR}/statement.pdf?email=john@example.com`)).rawPayload);
    expect(john).toContain('$50');
    expect(john).not.toContain('Form 10BE');
    const nobody = await get(`/api/admin/tax-year/${YEAR}/statement.pdf?email=nobody@example.org`);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(TAX_YEAR_MESSAGES.statementNotFound);
  });

  describe('a donor’s own request', () => {
    const request = (payload: Record<string, unknown>, remoteAddress = nextIp()) =>
      app.inject({ method: 'POST', url: '/api/statements/request', payload, remoteAddress });
    const linkMails = () => ctx.database.db.select().from(mailOutbox).where(sql`${mailOutbox.text} like '%/api/statements/%'`).orderBy(mailOutbox.id);

    it('answers the same whether or not the address gave, and mails a link only to one that did', async () => {
      const before = await snapshot();
      const unknown = await request({ email: 'nobody@example.org', financial_year: YEAR });
      expect(unknown.statusCode).toBe(202);
      expect(unknown.json()).toEqual({ success: true, message: STATEMENT_REQUEST_MESSAGES.sent('nobody@example.org') });
      // A year not begun gets the same answer and nothing either.
      expect((await request({ email: 'asha@example.org', financial_year: '2099-00' })).statusCode).toBe(202);
      await app.mailer.idle();
      expect(await snapshot()).toEqual(before);

      const known = await request({ email: ' Asha@Example.org ', financial_year: YEAR });
      expect(known.statusCode).toBe(202);
      expect(known.json()).toEqual({ success: true, message: STATEMENT_REQUEST_MESSAGES.sent('Asha@Example.org') });
      await app.mailer.idle();
      const [mail] = await linkMails();
      expect(mail).toMatchObject({ to: 'asha@example.org', subject: `Your annual statement of donations ${YEAR} — ${DEMO_ORGANISATION_SETTINGS.legal_name}`, attachments: [] });
      const token = /\/api\/statements\/([A-Za-z0-9_-]{43})\.pdf/.exec(mail!.text)![1]!;
      const [stored] = await ctx.database.db.select().from(statementTokens);
      expect(stored).toMatchObject({ financialYear: YEAR, donorEmail: 'asha@example.org' });
      expect(stored!.tokenHash).not.toContain(token);
      expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeGreaterThan(6.9 * 86_400_000);
      const issued = await ctx.database.db.select().from(annualStatements).where(eq(annualStatements.requestedBy, 'donor'));
      expect(issued.map((s) => [s.donorEmail, s.mailStatus])).toEqual([['asha@example.org', null]]);

      // The link opens the PDF, as often as the donor likes while it works.
      for (let i = 0; i < 2; i += 1) {
        const pdf = await app.inject({ method: 'GET', url: `/api/statements/${token}.pdf`, remoteAddress: nextIp() });
        expect(pdf.statusCode).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        expect(pdf.headers['cache-control']).toBe('no-store');
        expect(pdf.headers['referrer-policy']).toBe('no-referrer');
        expect(pdfText(pdf.rawPayload)).toContain('₹1,300.50');
      }

      // Expired: 410 with the sentence (a page for a browser); an unknown token: 404 alike.
      await ctx.database.db.update(statementTokens).set({ expiresAt: new Date(Date.now() - 1000) });
      const expired = await app.inject({ method: 'GET', url: `/api/statements/${token}.pdf` });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ success: false, message: STATEMENT_REQUEST_MESSAGES.linkExpired });
      const page = await app.inject({ method: 'GET', url: `/api/statements/${token}.pdf`, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.statusCode).toBe(410);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain(STATEMENT_REQUEST_MESSAGES.linkExpired);
      const forged = await app.inject({ method: 'GET', url: `/api/statements/${'A'.repeat(43)}.pdf` });
      expect(forged.statusCode).toBe(404);
      expect(forged.json().message).toBe(STATEMENT_REQUEST_MESSAGES.linkExpired);
      expect((await app.inject({ method: 'GET', url: '/api/statements/short.pdf' })).statusCode).toBe(404);
    });

    it('refuses a missing or malformed address or year in the domain’s words', async () => {
      const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
        [{ email: '', financial_year: YEAR }, { email: STATEMENT_REQUEST_MESSAGES.emailRequired }],
        [{ email: 'not-an-address', financial_year: YEAR }, { email: STATEMENT_REQUEST_MESSAGES.emailInvalid }],
        [{ email: 'asha@example.org', financial_year: '2025-2026' }, { financial_year: STATEMENT_REQUEST_MESSAGES.yearInvalid }],
        [{}, { email: STATEMENT_REQUEST_MESSAGES.emailRequired, financial_year: STATEMENT_REQUEST_MESSAGES.yearInvalid }],
      ];
      for (const [payload, errors] of cases) {
        const response = await request(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toEqual({ success: false, message: Object.values(errors)[0], errors });
      }
      const notJson = await app.inject({ method: 'POST', url: '/api/statements/request', payload: '[1]', headers: { 'content-type': 'application/json' }, remoteAddress: nextIp() });
      expect(notJson.statusCode).toBe(400);
    });

    it('limits requests per address and per network address, whether or not the address gave', async () => {
      for (let i = 0; i < 5; i += 1) expect((await request({ email: 'someone@example.org', financial_year: YEAR })).statusCode).toBe(202);
      const sixth = await request({ email: 'SOMEONE@example.org', financial_year: YEAR });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({ success: false, message: STATEMENT_REQUEST_MESSAGES.tooMany });

      const ip = nextIp();
      for (let i = 0; i < 10; i += 1) expect((await request({ email: `person${i}@example.org`, financial_year: YEAR }, ip)).statusCode).toBe(202);
      const eleventh = await request({ email: 'person-x@example.org', financial_year: YEAR }, ip);
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json().message).toBe(STATEMENT_REQUEST_MESSAGES.tooMany);
      await app.mailer.idle();
    });
  });

  it('refuses Form 10BD with 409 while no donor has a PAN, or the 80G number is not set', async () => {
    // A year whose only donor gave no PAN.
    await insertDonations(ctx.database.db, [{ amount: 300, donorEmail: 'nopan@example.org', donorPan: null, createdAt: new Date('2022-06-01T06:00:00Z') }]);
    const noPan = await get('/api/admin/tax-year/2022-23/form-10bd.csv');
    expect(noPan.statusCode).toBe(409);
    expect(noPan.json()).toEqual({ success: false, message: TAX_YEAR_MESSAGES.noDonorsWithPan });

    await saveOrganisationSettings(ctx.database.db, { ...DEMO_ORGANISATION_SETTINGS, eighty_g_number: '', eighty_g_valid_from: null }, { createdBy: 'test' });
    const noApproval = await get(`/api/admin/tax-year/${YEAR}/form-10bd.csv`);
    expect(noApproval.statusCode).toBe(409);
    expect(noApproval.json()).toEqual({ success: false, message: TAX_YEAR_MESSAGES.approvalMissing });
    expect((await summaryOf(YEAR)).approval).toEqual({ number: '', date: '2022-03-28', covers_year: false, is_demo: false });
  });
});

describeEachDatabase('annual statements through a mail server', (ctx) => {
  let app: FastifyInstance;
  let sink: SmtpSink;
  let headers: Record<string, string>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await buildApp({ config: { ...ctx.config, smtpUrl: sink.url }, database: ctx.database });
    headers = bearer(await signIn(app, await createUser(ctx.database.db), nextIp()));
    await insertDonations(ctx.database.db, [{ amount: 1000, donorEmail: 'asha@example.org', createdAt: new Date('2025-05-01T06:00:00Z') }]);
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  it('delivers the statement with its PDF, and a retry draws the PDF again and keeps the statement’s status', async () => {
    const run = await app.inject({ method: 'POST', url: `/api/admin/tax-year/${YEAR}/statements`, headers });
    expect(run.json().message).toBe(TAX_YEAR_MESSAGES.statementsQueued(1));
    await app.mailer.idle();
    const [first] = await sink.waitFor(1);
    expect(first!.to).toEqual(['asha@example.org']);
    expect(first!.raw).toContain(`filename=annual-statement-${YEAR}.pdf`);
    const [statement] = await ctx.database.db.select().from(annualStatements);
    expect(statement!.mailStatus).toBe('sent');

    // The delivery is recorded as failed and due again: the sweep's retry sends it with the PDF drawn again.
    await ctx.database.db.update(mailOutbox).set({ status: 'failed', nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, statement!.mailOutboxId!));
    await ctx.database.db.update(annualStatements).set({ mailStatus: 'failed' });
    expect(await app.mailer.retryDue()).toEqual({ attempted: 1, sent: 1 });
    const mails = await sink.waitFor(2);
    expect(mails[1]!.raw).toContain(`filename=annual-statement-${YEAR}.pdf`);
    expect(mails[1]!.raw).toContain('Content-Type: application/pdf');
    expect((await ctx.database.db.select().from(annualStatements))[0]!.mailStatus).toBe('sent');
  });
});
