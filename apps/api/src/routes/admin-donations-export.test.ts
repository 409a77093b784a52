import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { DONATION_CSV_COLUMNS, organisationDay } from '@charity/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readDonationFilters } from '../admin/donation-filters.js';
import { csvText, donationCsvStream } from '../admin/donations-csv.js';
import { buildApp } from '../app.js';
import { campaigns, donations, mailOutbox, receiptCounters, receipts, receiptTokens } from '../db/schema.js';
import { bulkInsertDonations, insertDonations } from '../../test/support/admin-fixtures.js';
import { allowAll, insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { parseCsv } from '../../test/support/csv.js';

// GET /api/admin/donations/export.csv: the columns, quoting, formula neutralising and BOM on a few rows; the
// keyset batches at their boundaries; and 100,000 donations streamed over a real socket with the heap watched.

const BOM = '\uFEFF';

describe('csvText', () => {
  it('quotes commas, quotes and line breaks, and neutralises what a spreadsheet would run', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText(null)).toBe('');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('line\nbreak')).toBe('"line\nbreak"');
    expect(csvText('=1+1')).toBe("'=1+1");
    expect(csvText('+91 98765')).toBe("'+91 98765");
    expect(csvText('-5')).toBe("'-5");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('\tx')).toBe("'\tx");
    expect(csvText('\rx')).toBe('"\'\rx"');
    expect(csvText('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvText('a=b')).toBe('a=b');
    expect(csvText('₹ राम')).toBe('₹ राम');
  });
});

describeEachDatabase('admin donations CSV export', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database, adminGuard: allowAll });
  });
  afterAll(async () => {
    await app?.close();
  });
  const clean = async () => {
    const db = ctx.database.db;
    await db.delete(receiptTokens);
    await db.delete(receipts);
    await db.delete(receiptCounters);
    await db.delete(donations);
    await db.delete(campaigns);
    await db.delete(mailOutbox);
  };

  const exportCsv = (query = '') => app.inject({ method: 'GET', url: `/api/admin/donations/export.csv${query}` });

  describe('a few donations', () => {
    beforeEach(clean);

    it('answers every column in the domain order, RFC 4180 quoted, CRLF, with a BOM and a dated file name', async () => {
      const [campaign] = await insertCampaigns(ctx.database.db, [{ title: 'Meals, "hot" & fresh' }]);
      const [first, second] = await insertDonations(ctx.database.db, [
        {
          createdAt: new Date('2026-04-01T10:00:00Z'),
          donorName: '=HYPERLINK("http://evil.example","Click")',
          donorEmail: '@attacker@example.org',
          donorMobile: '+919876543210',
          donorAddress: 'Flat 2,\nMG Road',
          donorCity: '-Pune',
          donorState: '\tKerala',
          amount: 1234.5,
          campaignId: campaign!.id,
          receiptNumber: 'BBF/2026-27/000007',
        },
        {
          createdAt: new Date('2026-04-02T10:00:00Z'),
          donorName: 'राम कुमार',
          currency: 'USD',
          amount: 25,
          amountInr: 2087.5,
          donationType: 'monthly',
          isAnonymous: true,
          donorPan: null,
          partnerOrigin: 'https://partner.example',
          status: 'pending',
        },
      ]);
      const response = await exportCsv();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="donations-${organisationDay(new Date())}.csv"`);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const text = response.rawPayload.toString('utf8');
      expect(text.startsWith(`${BOM}${DONATION_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
      // The time column names the organisation's zone: the header exactly.
      expect(text.split('\r\n')[0]).toBe(
        `${BOM}id,created_at (Asia/Kolkata),receipt_number,status,donation_type,amount,currency,amount_inr,refunded_amount,` +
          'net_amount,net_amount_inr,campaign_id,campaign_title,donor_name,donor_email,donor_mobile,donor_pan,donor_country,' +
          'donor_country_code,donor_state,donor_city,donor_address,donor_pincode,is_anonymous,source,partner_origin,' +
          'payment_intent_id,is_renewal',
      );
      expect(text.endsWith('\r\n')).toBe(true);
      // Every line break outside a quoted field is CRLF.
      expect(text.replace(/"[^"]*(?:""[^"]*)*"/g, '').match(/(?<!\r)\n/g)).toBeNull();

      const [header, ...rows] = parseCsv(text.slice(1));
      expect(header).toEqual([...DONATION_CSV_COLUMNS]);
      expect(rows).toHaveLength(2);
      const record = (row: string[]) => Object.fromEntries(header!.map((name, i) => [name, row[i]]));
      // Newest first.
      expect(record(rows[0]!)).toEqual({
        id: String(second!.id),
        // 10:00 UTC is 15:30 in India: the organisation's clock, as a spreadsheet reads a date and time.
        'created_at (Asia/Kolkata)': '2026-04-02 15:30:00',
        receipt_number: '',
        status: 'pending',
        donation_type: 'monthly',
        amount: '25',
        currency: 'USD',
        amount_inr: '2087.5',
        refunded_amount: '0',
        net_amount: '25',
        net_amount_inr: '2087.5',
        campaign_id: '',
        campaign_title: '',
        donor_name: 'राम कुमार',
        donor_email: 'asha.verma@example.org',
        donor_mobile: '9876543210',
        donor_pan: '',
        donor_country: 'India',
        donor_country_code: 'IN',
        donor_state: 'Karnataka',
        donor_city: 'Bengaluru',
        donor_address: '12, 100 Feet Road, Indiranagar',
        donor_pincode: '560038',
        is_anonymous: 'true',
        // The source as every admin view names it (the domain's donationSourceText); the origin has its own column.
        source: 'Widget: https://partner.example',
        partner_origin: 'https://partner.example',
        payment_intent_id: second!.paymentIntentId,
        is_renewal: 'false',
      });
      expect(record(rows[1]!)).toMatchObject({
        id: String(first!.id),
        'created_at (Asia/Kolkata)': '2026-04-01 15:30:00',
        amount: '1234.5',
        amount_inr: '1234.5',
        campaign_id: String(campaign!.id),
        campaign_title: 'Meals, "hot" & fresh',
        receipt_number: 'BBF/2026-27/000007',
        // Formulas and their look-alikes are text: a leading apostrophe.
        donor_name: `'=HYPERLINK("http://evil.example","Click")`,
        donor_email: "'@attacker@example.org",
        donor_mobile: "'+919876543210",
        donor_city: "'-Pune",
        donor_state: "'\tKerala",
        donor_address: 'Flat 2,\nMG Road',
        is_anonymous: 'false',
        source: 'Website',
        partner_origin: '',
      });
      // The raw bytes: quoted where needed, quotes doubled.
      expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",`);
      expect(text).toContain(',"Meals, ""hot"" & fresh",');
    });

    it('exports the same filters as the list, and names the file after the range', async () => {
      const [campaign] = await insertCampaigns(ctx.database.db, [{ title: 'Books' }]);
      const rows = await insertDonations(ctx.database.db, [
        { createdAt: new Date('2026-03-09T18:29:59.999Z'), campaignId: campaign!.id },
        { createdAt: new Date('2026-03-09T18:30:00.000Z'), campaignId: campaign!.id, donorName: 'Meera' },
        { createdAt: new Date('2026-03-10T10:15:00.000Z'), currency: 'USD', amount: 25 },
      ]);
      const idsOf = (body: string) => parseCsv(body.slice(1)).slice(1).map((r) => Number(r[0]));
      const ranged = await exportCsv('?from=2026-03-10&to=2026-03-10');
      expect(ranged.headers['content-disposition']).toBe('attachment; filename="donations-2026-03-10-to-2026-03-10.csv"');
      expect(idsOf(ranged.body)).toEqual([rows[2]!.id, rows[1]!.id]);
      // The organisation's day 10 March begins at 18:30 UTC on the 9th: its rows read 10 March in the file too.
      expect(parseCsv(ranged.body.slice(1)).slice(1).map((r) => r[1])).toEqual(['2026-03-10 15:45:00', '2026-03-10 00:00:00']);
      const from = await exportCsv('?from=2026-03-01');
      expect(from.headers['content-disposition']).toBe(`attachment; filename="donations-2026-03-01-to-${organisationDay(new Date())}.csv"`);
      expect(idsOf((await exportCsv(`?campaign=${campaign!.id}&q=meera`)).body)).toEqual([rows[1]!.id]);
      expect(idsOf((await exportCsv('?currency=USD')).body)).toEqual([rows[2]!.id]);
      // Nothing matches: the header alone.
      const none = await exportCsv('?status=refunded');
      expect(none.body).toBe(`${BOM}${DONATION_CSV_COLUMNS.join(',')}\r\n`);
      // Paging parameters are not filters of the export.
      expect((await exportCsv('?page=2')).statusCode).toBe(200);
    });

    it('answers 400 with the message for bad filters, before any CSV', async () => {
      for (const [query, message] of [
        ['?from=2026-03-10&to=2026-03-01', 'The "to" date must not be before the "from" date.'],
        ['?from=yesterday', 'Dates must be written YYYY-MM-DD.'],
        ['?country=India', 'country must be a two-letter country code.'],
      ] as const) {
        const response = await exportCsv(query);
        expect(response.statusCode).toBe(400);
        expect(response.headers['content-type']).toContain('application/json');
        expect(response.json()).toEqual({ success: false, message });
      }
    });

    it('pages by (created_at, id) without skipping or repeating rows that share a timestamp, to the microsecond', async () => {
      // Seven donations in one instant with microseconds (a JavaScript Date would round them), three in another.
      await ctx.database.db.execute(sql`
        insert into donations (amount, amount_minor, amount_inr, status, payment_intent_id, created_at)
        select 10, 1000, 10, 'completed', 'pi_tie_' || g,
               case when g <= 7 then timestamptz '2026-05-01 10:00:00.123456+00' else timestamptz '2026-05-01 10:00:00.123457+00' end
        from generate_series(1, 10) as g`);
      const expected = (await ctx.database.db.select({ id: donations.id }).from(donations)).map((r) => r.id);
      for (const size of [1, 2, 3, 7, 10, 11]) {
        const stream = await donationCsvStream(ctx.database.db, readDonationFilters({}), size);
        let text = '';
        for await (const chunk of stream) text += (chunk as Buffer).toString('utf8');
        const got = parseCsv(text.slice(1)).slice(1).map((r) => Number(r[0]));
        expect(got, `batch size ${size}`).toHaveLength(10);
        expect(new Set(got)).toEqual(new Set(expected));
        // The three later ones first, each instant's rows by id descending.
        const later = expected.slice(7).sort((a, b) => b - a);
        const earlier = expected.slice(0, 7).sort((a, b) => b - a);
        expect(got).toEqual([...later, ...earlier]);
      }
    });
  });

  describe('100,000 donations', () => {
    const COUNT = 100_000;
    let server: FastifyInstance;

    // Generous limits for a busy machine; alone, each part takes a few seconds (see the printed timings).
    beforeAll(async () => {
      await clean();
      const db = ctx.database.db;
      const started = Date.now();
      await bulkInsertDonations(db, COUNT);
      console.log(`[${ctx.kind}] inserted ${COUNT} donations in ${Date.now() - started} ms`);
      server = await buildApp({ config: ctx.config, database: ctx.database, adminGuard: allowAll });
      await server.listen({ port: 0, host: '127.0.0.1' });
    }, 180_000);
    afterAll(async () => {
      await server?.close();
    });

    it('streams them all in many chunks, newest first, while the heap stays far below the size of the CSV', { timeout: 180_000 }, async () => {
      const { port } = server.server.address() as AddressInfo;
      v8.setFlagsFromString('--expose-gc');
      const gc = vm.runInNewContext('gc') as () => void;
      gc();
      const baseline = process.memoryUsage().heapUsed;
      const started = Date.now();

      const result = await new Promise<{ status: number; bytes: number; chunks: number; lines: number; maxGrowth: number; idSum: number; ordered: boolean }>(
        (resolve, reject) => {
          http
            .get(`http://127.0.0.1:${port}/api/admin/donations/export.csv`, (response) => {
              let bytes = 0;
              let chunks = 0;
              let lines = 0;
              let maxGrowth = 0;
              let idSum = 0;
              let ordered = true;
              let previous = '';
              let rest = '';
              let header = true;
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => {
                chunks += 1;
                bytes += Buffer.byteLength(chunk);
                const text = rest + chunk;
                const parts = text.split('\r\n');
                rest = parts.pop()!;
                for (const line of parts) {
                  lines += 1;
                  if (header) {
                    header = false;
                    continue;
                  }
                  // id and created_at come before any quoted field.
                  const [id, createdAt] = line.split(',', 2);
                  idSum += Number(id);
                  if (previous && createdAt! > previous) ordered = false;
                  previous = createdAt!;
                }
                if (chunks % 50 === 0) {
                  gc();
                  maxGrowth = Math.max(maxGrowth, process.memoryUsage().heapUsed - baseline);
                }
              });
              response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, chunks, lines, maxGrowth, idSum, ordered }));
              response.on('error', reject);
            })
            .on('error', reject);
        },
      );
      const elapsed = Date.now() - started;
      console.log(
        `[${ctx.kind}] exported ${result.lines - 1} rows, ${(result.bytes / 1e6).toFixed(1)} MB in ${result.chunks} chunks, ${elapsed} ms; ` +
          `largest live heap growth ${(result.maxGrowth / 1e6).toFixed(1)} MB`,
      );
      expect(result.status).toBe(200);
      expect(result.lines).toBe(COUNT + 1);
      expect(result.ordered).toBe(true);
      const [expected] = await ctx.database.db.select({ sum: sql<string>`sum(${donations.id})`.mapWith(Number) }).from(donations);
      expect(result.idSum).toBe(expected!.sum);
      expect(result.chunks).toBeGreaterThan(50);
      expect(result.bytes).toBeGreaterThan(15_000_000);
      // Holding every row (or the whole CSV) would grow the live heap by far more than the CSV's size.
      expect(result.maxGrowth).toBeLessThan(result.bytes / 5);
    });

    it('keeps the dashboard and a filtered, searched page fast', { timeout: 60_000 }, async () => {
      for (const url of [
        '/api/admin/dashboard?period=365d',
        '/api/admin/donations?q=donor99&currency=INR&type=one_time',
        '/api/admin/donations?page=4000',
      ]) {
        const started = Date.now();
        const response = await server.inject({ method: 'GET', url });
        const elapsed = Date.now() - started;
        console.log(`[${ctx.kind}] ${url}: ${elapsed} ms`);
        expect(response.statusCode).toBe(200);
        // Alone: well under 1.5 s (README); the bound leaves room for a busy machine.
        expect(elapsed).toBeLessThan(10_000);
      }
      const dashboard = (await server.inject({ method: 'GET', url: '/api/admin/dashboard?period=365d' })).json().data;
      expect(dashboard.totals.count).toBe(COUNT);
      expect(dashboard.daily).toHaveLength(365);
    });
  });
});
