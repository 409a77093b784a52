import { DEMO_ORGANISATION_SETTINGS } from '@charity/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  donations,
  mailOutbox,
  organisation,
  organisationSettings,
  paymentAttempts,
  paymentFailures,
  receiptCounters,
  receipts,
  receiptTokens,
  sandboxPaymentIntents,
  webhookEvents,
} from '../db/schema.js';
import { financialYear } from './receipt-number.js';
import type { SandboxProvider } from '../donations/provider/sandbox-provider.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, donate, generateInvoice, indianDonation, usDonation } from '../../test/support/donations.js';
import { startSmtpSink, type SmtpSink } from '../../test/support/smtp-sink.js';

// POST /api/invoices/generate-and-send and GET /api/invoices/{number}/download: one receipt per donation with the
// next number of its financial year, mailed once, downloadable only with a token.

describeEachDatabase('receipts (invoices)', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    ({ app, sandbox } = await buildSandboxApp(ctx, { holdEvents: true, config: { publicBaseUrl: 'https://give.example.org' } }));
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app.payments.idle();
    sandbox.held.splice(0);
    const db = ctx.database.db;
    await db.delete(receiptTokens);
    await db.delete(receipts);
    await db.delete(receiptCounters);
    await db.delete(donations);
    await db.delete(paymentFailures);
    await db.delete(paymentAttempts);
    await db.delete(webhookEvents);
    await db.delete(sandboxPaymentIntents);
    await db.delete(mailOutbox);
  });

  const year = financialYear(new Date());
  const outbox = () => ctx.database.db.select().from(mailOutbox);

  it('issues the receipt with the first number of the financial year, mails it once with the PDF, and answers a download link', async () => {
    const { donationId, intentId } = await donate(app, indianDonation());
    const response = await generateInvoice(app, donationId, intentId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const number = `BBF/${year}/000001`;
    expect(body).toEqual({
      success: true,
      message: 'Receipt sent',
      data: { invoice: { number, download_url: expect.stringMatching(/^\/api\/invoices\/BBF%2F\d{4}-\d{2}%2F000001\/download\?token=[A-Za-z0-9_-]{43}$/) } },
    });
    const [donation] = await ctx.database.db.select().from(donations).where(eq(donations.id, donationId));
    expect(donation!.receiptNumber).toBe(number);

    await app.payments.idle();
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'asha.verma@example.org', status: 'stored' });
    expect(mails[0]!.subject).toContain(number);
    expect(mails[0]!.attachments).toEqual([{ filename: `receipt-BBF-${year}-000001.pdf`, contentType: 'application/pdf', size: expect.any(Number) }]);
    expect(mails[0]!.attachments[0]!.size).toBeGreaterThan(1000);
    // The mail's link is absolute, on PUBLIC_BASE_URL, and works.
    const link = /https:\/\/give\.example\.org(\/api\/invoices\/\S+?download\?token=[A-Za-z0-9_-]{43})/.exec(mails[0]!.text);
    expect(link).not.toBeNull();
    const viaMail = await app.inject({ method: 'GET', url: link![1]! });
    expect(viaMail.statusCode).toBe(200);
    const [receipt] = await ctx.database.db.select().from(receipts);
    expect(receipt).toMatchObject({ number, donationId, mailStatus: 'stored', mailOutboxId: mails[0]!.id });

    // A repeat: the same receipt, a link of its own, and no second mail.
    const again = await generateInvoice(app, donationId, intentId);
    expect(again.json().data.invoice.number).toBe(number);
    expect(again.json().data.invoice.download_url).not.toBe(body.data.invoice.download_url);
    await app.payments.idle();
    expect(await outbox()).toHaveLength(1);
    for (const url of [body.data.invoice.download_url, again.json().data.invoice.download_url]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('downloads the PDF with the right token only', async () => {
    const { donationId, intentId } = await donate(app, usDonation());
    const url: string = (await generateInvoice(app, donationId, intentId)).json().data.invoice.download_url;
    const ok = await app.inject({ method: 'GET', url });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['content-disposition']).toBe(`attachment; filename="receipt-BBF-${year}-000001.pdf"`);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const wrongToken = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      url.replace(token, wrongToken),
      url.replace(/\?token=.*$/, ''),
      url.replace(token, 'short'),
      url.replace('000001', '000002'),
      `/api/invoices/${encodeURIComponent('../../etc/passwd')}/download?token=${token}`,
    ]) {
      const response = await app.inject({ method: 'GET', url: bad });
      expect(response.statusCode, bad).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Receipt not found' });
    }
  });

  it('answers 404 "Donation not found" unless the payment intent matches the donation', async () => {
    const { donationId, intentId } = await donate(app, indianDonation());
    const other = await donate(app, usDonation());
    for (const [id, intent] of [
      [donationId, other.intentId],
      [donationId, 'pi_sbx_000000000000000000000000'],
      [donationId, undefined],
      [999_999, intentId],
      [2_147_483_648, intentId],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/invoices/generate-and-send',
        payload: { donation_id: id, payment_intent_id: intent },
        remoteAddress: '10.77.0.1',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Donation not found' });
    }
    const badId = await app.inject({ method: 'POST', url: '/api/invoices/generate-and-send', payload: { donation_id: '1', payment_intent_id: intentId } });
    expect(badId.statusCode).toBe(400);
    expect(await ctx.database.db.select().from(receipts)).toEqual([]);
  });

  it('gives concurrent receipts sequential, unique numbers, and one receipt and one mail to concurrent requests for one donation', async () => {
    const paid = [];
    for (let i = 0; i < 8; i += 1) paid.push(await donate(app, indianDonation({ amount: 100 + i })));
    const answers = await Promise.all(paid.map(({ donationId, intentId }) => generateInvoice(app, donationId, intentId)));
    const numbers = answers.map((a) => a.json().data.invoice.number as string);
    expect(new Set(numbers).size).toBe(8);
    expect([...numbers].sort()).toEqual(Array.from({ length: 8 }, (_, i) => `BBF/${year}/${String(i + 1).padStart(6, '0')}`));

    const first = paid[0]!;
    const repeats = await Promise.all(Array.from({ length: 10 }, () => generateInvoice(app, first.donationId, first.intentId)));
    expect(new Set(repeats.map((r) => r.json().data.invoice.number)).size).toBe(1);
    await app.payments.idle();
    expect(await ctx.database.db.select().from(receipts)).toHaveLength(8);
    expect(await outbox()).toHaveLength(8);
    const [counter] = await ctx.database.db.select().from(receiptCounters);
    expect(counter).toEqual({ financialYear: year, lastNumber: 8 });
  });

  it('numbers by the financial year of the donation, 1 April to 31 March in India', async () => {
    const march = await donate(app, indianDonation());
    const april = await donate(app, indianDonation({ amount: 500 }));
    // 31 March 2025, 23:59:59 and 1 April 2025, 00:00:00 in India (UTC+05:30).
    await ctx.database.db.update(donations).set({ createdAt: new Date('2025-03-31T18:29:59Z') }).where(eq(donations.id, march.donationId));
    await ctx.database.db.update(donations).set({ createdAt: new Date('2025-03-31T18:30:00Z') }).where(eq(donations.id, april.donationId));
    expect((await generateInvoice(app, march.donationId, march.intentId)).json().data.invoice.number).toBe('BBF/2024-25/000001');
    expect((await generateInvoice(app, april.donationId, april.intentId)).json().data.invoice.number).toBe('BBF/2025-26/000001');
  });

  it('freezes what the receipt says when it is issued: the settings version in force and the contact details', async () => {
    const { donationId, intentId } = await donate(app, indianDonation());
    await ctx.database.db
      .insert(organisation)
      .values({ id: 1, name: 'Bright Beginnings Foundation', tagline: 't', description: 'd', email: 'accounts@charity.example', phones: { main: '+91 80 1111 2222', emergency_hotline: '' }, address: 'Old Address, Bengaluru', registrationNumber: '602 of 2019', taxApprovals: ['12A', '80G'] })
      .onConflictDoUpdate({ target: organisation.id, set: { address: 'Old Address, Bengaluru', email: 'accounts@charity.example' } });
    const [version] = await ctx.database.db
      .insert(organisationSettings)
      .values({ settings: { ...DEMO_ORGANISATION_SETTINGS, address: { ...DEMO_ORGANISATION_SETTINGS.address, line1: '7, Old Street' } }, isDemo: false, createdBy: 'admin' })
      .returning();
    await generateInvoice(app, donationId, intentId);
    await ctx.database.db.update(organisation).set({ email: 'new@charity.example' }).where(eq(organisation.id, 1));
    await ctx.database.db.insert(organisationSettings).values({ settings: { ...DEMO_ORGANISATION_SETTINGS, eighty_g_number: 'AABTB1234CF20261' }, createdBy: 'admin' });
    const [receipt] = await ctx.database.db.select().from(receipts);
    expect(receipt!.details).toMatchObject({
      organisation: {
        name: 'Bright Beginnings Foundation',
        address: '7, Old Street, Indiranagar 1st Stage, Bengaluru, Karnataka 560038, India',
        email: 'accounts@charity.example',
        phone: '+91 80 1111 2222',
        registration: 'Registration No. 602 of 2019',
        taxApprovals: ['12A', '80G'],
        settingsVersion: version!.id,
        isDemo: false,
        pan: 'AABTB1234C',
        eightyGNumber: 'AABTB1234CF20214',
        eightyGValidFrom: '2022-04-01',
        eightyGValidUntil: '2027-03-31',
        signatoryName: 'Anita Rao',
      },
      donor: { fullName: 'Asha Verma', panNumber: 'ABCDE1234F', countryCode: 'IN' },
      donation: { amount: 1000, currency: 'INR', paymentIntentId: intentId },
    });
    await ctx.database.db.delete(organisation).where(eq(organisation.id, 1));
    await ctx.database.db.delete(organisationSettings);
  });

  describe('with an SMTP server', () => {
    let sink: SmtpSink;
    let smtpApp: FastifyInstance;
    let smtpSandbox: SandboxProvider;
    beforeAll(async () => {
      sink = await startSmtpSink();
      ({ app: smtpApp, sandbox: smtpSandbox } = await buildSandboxApp(ctx, {
        holdEvents: true,
        config: { smtpUrl: sink.url, mailFrom: 'Bright Beginnings <receipts@charity.test>' },
      }));
    });
    afterAll(async () => {
      await smtpApp?.close();
      await sink?.close();
    });

    it('delivers the receipt to the donor with the PDF attached, once, and records it as sent', async () => {
      const { donationId, intentId } = await donate(smtpApp, usDonation());
      smtpSandbox.held.splice(0);
      const number = (await generateInvoice(smtpApp, donationId, intentId)).json().data.invoice.number;
      await generateInvoice(smtpApp, donationId, intentId);
      const [mail] = await sink.waitFor(1);
      expect(mail!.to).toEqual(['john.carter@example.com']);
      expect(mail!.from).toBe('receipts@charity.test');
      expect(mail!.raw).toMatch(/Content-Type: application\/pdf; name=receipt-BBF-\d{4}-\d{2}-000001\.pdf/);
      expect(mail!.raw).toMatch(/Content-Disposition: attachment; filename=receipt-BBF-\d{4}-\d{2}-000001\.pdf/);
      expect(mail!.raw.replace(/\r\n[ \t]+/g, ' ')).toContain(number);
      await smtpApp.payments.idle();
      expect(sink.mails).toHaveLength(1);
      const [row] = await outbox();
      expect(row).toMatchObject({ to: 'john.carter@example.com', status: 'sent' });
      const [receipt] = await ctx.database.db.select().from(receipts);
      expect(receipt!.mailStatus).toBe('sent');
    });
  });
});
