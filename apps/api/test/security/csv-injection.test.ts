import { DONATION_CSV_COLUMNS } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertDonations } from '../support/admin-fixtures.js';
import { bearer, createUser, signIn } from '../support/auth.js';
import { describeEachDatabase } from '../support/databases.js';
import { buildSandboxApp, donate, indianDonation } from '../support/donations.js';
import { createCampaignAsAdmin, XSS } from './xss-payloads.js';
import { parseCsv } from '../support/csv.js';

// Formula injection and stored HTML in the admin CSV export (docs/decisions/005-admin-console.md), end to end: a
// campaign made through the admin API and donations whose text starts with each character a spreadsheet treats as a
// formula (=, +, -, @, tab, CR), exported through GET /api/admin/donations/export.csv as a signed-in admin. Every such
// cell must start with the neutralising apostrophe and otherwise be the text as stored; HTML must stay text (a CSV is
// not HTML: no entity escaping, no stripping). admin-donations-export.test.ts covers the format itself.

const FORMULA_LEADS = ['=', '+', '-', '@', '\t', '\r'] as const;
const FORMULA_START = /^[=+\-@\t\r]/;

describeEachDatabase('CSV export: formula injection and stored HTML', (ctx) => {
  let app: FastifyInstance;
  let token: string;
  const campaignTitle = `=HYPERLINK("http://evil.example","Donate") ${XSS.img}`;
  let campaignId: number;

  beforeAll(async () => {
    ({ app } = await buildSandboxApp(ctx));
    token = await signIn(app, await createUser(ctx.database.db));
    campaignId = await createCampaignAsAdmin(app, token, { title: campaignTitle, description: `About ${XSS.script}` });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('neutralises every formula-leading cell and keeps HTML as text', async () => {
    // One donation through the real flow (the API's own validation of donor text), and one per formula lead as
    // stored text (whatever the forms allow today, the export must be safe for any text in the table).
    const viaApi = await donate(app, indianDonation({ campaign_id: campaignId }, { full_name: `Asha ${XSS.svg}`, address: `-12, MG Road ${XSS.img}` }));
    const rows = await insertDonations(
      ctx.database.db,
      FORMULA_LEADS.map((lead, i) => ({
        campaignId,
        donorName: `${lead}cmd|' /C calc'!A0 ${XSS.script}`,
        donorCity: `${lead}1+1`,
        donorAddress: `${lead}${XSS.svg}\nline two`,
        donorEmail: `${lead}donor${i}@example.org`,
        paymentIntentId: `pi_csv_${i}`,
      })),
    );

    const response = await app.inject({ method: 'GET', url: '/api/admin/donations/export.csv', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...records] = parseCsv(response.rawPayload.toString('utf8').replace(/^\uFEFF/, ''));
    expect(header).toEqual([...DONATION_CSV_COLUMNS]);
    const byId = new Map(records.map((record) => [Number(record[0]), Object.fromEntries(header!.map((name, i) => [name, record[i]!]))]));

    // No cell of the whole file starts as a formula, the header's included ('created_at (Asia/Kolkata)' is plain text).
    const leading = [header!, ...records].flatMap((record) => record.filter((cell) => FORMULA_START.test(cell)));
    expect(leading).toEqual([]);
    // Times are written bare, as a spreadsheet reads a date and time: never quoted or marked as text.
    expect(records.map((record) => record[1])).toEqual(records.map(() => expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)));

    for (const [i, lead] of FORMULA_LEADS.entries()) {
      const cells = byId.get(rows[i]!.id)!;
      expect(cells, JSON.stringify(lead)).toMatchObject({
        campaign_title: `'${campaignTitle}`,
        donor_name: `'${lead}cmd|' /C calc'!A0 ${XSS.script}`,
        donor_city: `'${lead}1+1`,
        donor_address: `'${lead}${XSS.svg}\nline two`,
        donor_email: `'${lead}donor${i}@example.org`,
      });
    }
    const saved = byId.get(viaApi.donationId)!;
    expect(saved.campaign_title).toBe(`'${campaignTitle}`);
    expect(saved.donor_name).toBe(`Asha ${XSS.svg}`);
    expect(saved.donor_address).toBe(`'-12, MG Road ${XSS.img}`);
    // HTML is text in a CSV: never entity-escaped.
    expect(response.body).not.toMatch(/&lt;|&gt;|&quot;|&#/);
  });
});
