import { PAN_MESSAGE, STATEMENT_REQUEST_MESSAGES, TAX_YEAR_MESSAGES } from '@charity/domain';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { donations } from '../db/schema.js';
import { createLogger } from '../logger.js';
import { insertDonations } from '../../test/support/admin-fixtures.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { nextIp } from '../../test/support/donations.js';

// Staff record the PAN a donor sent (PUT /api/admin/tax-year/:year/donors/pan, docs/decisions/027-tax-year.md) on
// both databases: the donor moves from "without PAN" into Form 10BD's CSV; their gifts of other years, their failed
// payments and other donors stay as they were; a malformed PAN, an address with no eligible gift and a caller without
// a session change nothing; the log names the staff member and the count, never the PAN.

const YEAR = '2025-26';
const HEADER =
  'Sl. No.,Pre Acknowledgement Number,ID Code,Unique Identification Number,Section Code,Unique Registration Number (URN),Date of Issuance of Unique Registration Number,Name of donor,Address of donor,Donation Type,Mode of receipt,Amount of donation (Indian rupees)';
const MODE = 'Electronic modes including account payee cheque/draft';
const KARAN_ROW = `1,,1,PQRSX6789K,Section 80G,AABTB1234CF20214,28-03-2022,Karan Mehta,"7 MG Road, Mumbai, Maharashtra, 400001",Others,${MODE},250`;

describeEachDatabase('recording a donor’s PAN', (ctx) => {
  let app: FastifyInstance;
  let headers: Record<string, string>;
  let username: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
    app = await buildApp({ config: ctx.config, database: ctx.database, logger });
    const user = await createUser(ctx.database.db);
    username = user.username;
    headers = bearer(await signIn(app, user, nextIp()));
    const priya = { donorEmail: 'priya.nair@example.org', donorName: 'Priya Nair', donorAddress: '3 Lake View', donorCity: 'Kochi', donorState: 'Kerala', donorPincode: '682001' };
    await insertDonations(ctx.database.db, [
      // Priya gave twice this year without a PAN (none, then an empty one), under two spellings of her address.
      { ...priya, amount: 1000, donorPan: null, createdAt: new Date('2025-06-01T06:00:00Z') },
      { ...priya, donorEmail: 'Priya.Nair@Example.org', amount: 500.5, donorPan: '', createdAt: new Date('2025-11-01T06:00:00Z') },
      // A failed payment is no donation, and her gift of the year before is that year's: neither changes.
      { ...priya, amount: 5000, donorPan: null, status: 'failed', createdAt: new Date('2025-12-01T06:00:00Z') },
      { ...priya, amount: 700, donorPan: null, createdAt: new Date('2024-09-01T06:00:00Z') },
      // Karan gave a PAN: in 10BD already.
      { amount: 250, donorEmail: 'karan@example.org', donorName: 'Karan Mehta', donorPan: 'PQRSX6789K', donorAddress: '7 MG Road', donorCity: 'Mumbai', donorState: 'Maharashtra', donorPincode: '400001', createdAt: new Date('2025-07-01T06:00:00Z') },
      // John gave from abroad (no 80G) and Meera's gift was refunded in full: nothing of theirs is eligible.
      { amount: 50, currency: 'USD', donorEmail: 'john@example.com', donorName: 'John Smith', donorPan: null, donorCountry: 'United States', donorCountryCode: 'US', createdAt: new Date('2025-09-01T06:00:00Z') },
      { amount: 700, refundedMinor: 70_000, refundedAmount: 700, refundedInr: 700, status: 'refunded', donorEmail: 'meera@example.org', donorName: 'Meera Iyer', donorPan: null, createdAt: new Date('2025-08-01T06:00:00Z') },
    ]);
  });
  afterAll(async () => {
    await app?.close();
  });

  const put = (payload: unknown, year = YEAR, extraHeaders = headers) =>
    app.inject({ method: 'PUT', url: `/api/admin/tax-year/${year}/donors/pan`, headers: extraHeaders, payload: payload as Record<string, unknown> });
  const summaryOf = async (year: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/admin/tax-year/${year}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const csv = () => app.inject({ method: 'GET', url: `/api/admin/tax-year/${YEAR}/form-10bd.csv`, headers });
  const rows = () => ctx.database.db.select().from(donations).orderBy(asc(donations.id));

  it('refuses a malformed PAN with the donation form’s sentence, and changes nothing', async () => {
    const before = await rows();
    for (const pan of ['ABCDE1234', 'ABCDE12345', '12345ABCDE', 'ABCDE 1234F', 'ABCDE1234F1', '', '   ']) {
      const response = await put({ email: 'priya.nair@example.org', pan });
      expect(response.statusCode, pan).toBe(400);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json(), pan).toEqual({ success: false, message: PAN_MESSAGE, errors: { pan: 'Please enter a valid PAN (e.g., ABCDE1234F)' } });
    }
    for (const payload of [{ email: 'priya.nair@example.org', pan: 1234 }, { email: 'priya.nair@example.org', pan: null }, { email: 'priya.nair@example.org' }]) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual({ pan: PAN_MESSAGE });
    }
    // An address that is not one is refused too, field by field in the form's order.
    const both = await put({ email: 'not-an-address', pan: 'nope' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ success: false, message: STATEMENT_REQUEST_MESSAGES.emailInvalid, errors: { email: STATEMENT_REQUEST_MESSAGES.emailInvalid, pan: PAN_MESSAGE } });
    expect((await put([1, 2])).statusCode).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('answers 404 for an address with no donation eligible under 80G that year, and a malformed year 400', async () => {
    const before = await rows();
    for (const email of ['nobody@example.org', 'john@example.com', 'meera@example.org']) {
      const response = await put({ email, pan: 'ABCPN1234Q' });
      expect(response.statusCode, email).toBe(404);
      expect(response.json(), email).toEqual({ success: false, message: 'No donor with this email address made a donation eligible under 80G in this financial year.' });
    }
    // Priya gave in 2025-26 and 2024-25, not in 2023-24.
    const otherYear = await put({ email: 'priya.nair@example.org', pan: 'ABCPN1234Q' }, '2023-24');
    expect(otherYear.statusCode).toBe(404);
    expect(otherYear.json().message).toBe(TAX_YEAR_MESSAGES.donorNotFound);
    const badYear = await put({ email: 'priya.nair@example.org', pan: 'ABCPN1234Q' }, '2025-2026');
    expect(badYear.statusCode).toBe(400);
    expect(badYear.json()).toEqual({ success: false, message: TAX_YEAR_MESSAGES.invalidYear });
    expect(await rows()).toEqual(before);
  });

  it('refuses a caller without a session (401) or who is not an admin (403)', async () => {
    const before = await rows();
    const anonymous = await put({ email: 'priya.nair@example.org', pan: 'ABCPN1234Q' }, YEAR, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().success).toBe(false);
    const editor = bearer(await signIn(app, await createUser(ctx.database.db, { role: 'editor' }), nextIp()));
    expect((await put({ email: 'priya.nair@example.org', pan: 'ABCPN1234Q' }, YEAR, editor)).statusCode).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it('records the PAN on the donor’s eligible gifts of the year: they move into Form 10BD, nothing else changes', async () => {
    const before = await summaryOf(YEAR);
    expect(before.with_pan).toEqual({ donors: 1, net_inr_minor: 25_000 });
    expect(before.without_pan).toEqual({ donors: 1, net_inr_minor: 150_050 });
    expect((await csv()).body).toBe([HEADER, KARAN_ROW, ''].join('\r\n'));
    const rowsBefore = await rows();
    logLines.length = 0;

    // Typed as it came in the donor's mail: any case, spaces around; the address as staff see it, any case.
    const response = await put({ email: ' Priya.Nair@example.org ', pan: ' abcpn1234q ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'PAN recorded for Priya Nair. They are now in Form 10BD.' });
    expect(body.message).toBe(TAX_YEAR_MESSAGES.panSaved('Priya Nair'));
    // The reply's summary is the year as it now stands.
    expect(body.data).toEqual(await summaryOf(YEAR));
    expect(body.data.with_pan).toEqual({ donors: 2, net_inr_minor: 175_050 });
    expect(body.data.without_pan).toEqual({ donors: 0, net_inr_minor: 0 });
    expect(body.data.donors.map((d: { email: string; pan: string | null }) => [d.email, d.pan])).toEqual([
      ['karan@example.org', 'PQRSX6789K'],
      ['priya.nair@example.org', 'ABCPN1234Q'],
    ]);

    // Her row is in the CSV, with her latest gift's name and address and both gifts' net amount.
    expect((await csv()).body).toBe(
      [HEADER, KARAN_ROW, `2,,1,ABCPN1234Q,Section 80G,AABTB1234CF20214,28-03-2022,Priya Nair,"3 Lake View, Kochi, Kerala, 682001",Others,${MODE},1500.50`, ''].join('\r\n'),
    );

    // Exactly her two eligible gifts changed, and only their PAN.
    const after = await rows();
    const changed = after.filter((row, i) => JSON.stringify(row) !== JSON.stringify(rowsBefore[i]));
    expect(changed.map((row) => [row.amount, row.status, row.donorPan])).toEqual([
      [1000, 'completed', 'ABCPN1234Q'],
      [500.5, 'completed', 'ABCPN1234Q'],
    ]);
    for (const row of changed) expect({ ...row, donorPan: null }).toEqual({ ...rowsBefore.find((r) => r.id === row.id)!, donorPan: null });
    // The year before still lists her without a PAN.
    expect((await summaryOf('2024-25')).donors).toEqual([expect.objectContaining({ email: 'priya.nair@example.org', pan: null })]);

    // The log says who and how many, never the PAN.
    const recorded = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'donor PAN recorded by staff');
    expect(recorded).toEqual([expect.objectContaining({ staff: username, financialYear: YEAR, donations: 2 })]);
    expect(logLines.join('\n')).not.toMatch(/ABCPN1234Q|abcpn1234q/i);

    // Recording it again (a correction) is the same act: 200, the new PAN.
    const again = await put({ email: 'priya.nair@example.org', pan: 'ABCPN9999Q' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.donors[1].pan).toBe('ABCPN9999Q');
  });
});
