import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { donations, mailOutbox, receipts } from '../db/schema.js';
import { issueReceipt } from '../receipts/issuing.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { closedPort } from '../../test/support/smtp-sink.js';
import { buildSandboxApp, donate, generateInvoice, indianDonation, usDonation } from '../../test/support/donations.js';
import { MAIL_RETRY_DELAYS_MS } from './mailer.js';
import { sweepMail } from './sweep.js';

// The mail server is down when a receipt is mailed. The receipt must stay queued in the outbox (not
// lost), be sent again by the mail sweep once its retry is due and the server is back, exactly once (not duplicated),
// with its PDF; and a receipt whose mail was never composed (the process died right after issuing it) is mailed by
// the sweep too. Time is moved on by handing the sweep a later `now`, as its timer would after that long.

interface Sink {
  mails: string[];
  close(): Promise<void>;
}

/** A real SMTP server on `port` that keeps every message it accepts. */
async function smtpServerOn(port: number): Promise<Sink> {
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Quoted-printable soft line breaks undone, so links and names can be searched for.
        mails.push(Buffer.concat(chunks).toString('latin1').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const later = (ms: number) => new Date(Date.now() + ms);

describeEachDatabase('receipt mail while the mail server is down', (ctx) => {
  let app: FastifyInstance;
  let port: number;
  let sink: Sink | null = null;

  beforeAll(async () => {
    port = await closedPort();
    // The test runs the sweep itself, with a later `now` (a built app runs no sweep of its own: the server's job
    // runner does, src/jobs/schedule.ts); intervals are held still all the same, so no timer takes its attempts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // Webhook events held back: the browser saves each donation, so only the steps below issue receipts.
    ({ app } = await buildSandboxApp(ctx, { holdEvents: true, config: { smtpUrl: `smtp://127.0.0.1:${port}`, publicBaseUrl: 'https://give.example.org' } }));
    vi.useRealTimers();
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  const deps = () => ({ db: app.db, mailer: app.mailer, log: app.log, publicBaseUrl: 'https://give.example.org' });
  const outboxRows = () => ctx.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);

  describe('in order', () => {
    let receiptId: number;
    let outboxId: number;

    it('keeps the receipt mail queued as failed, with the reason and a time to try again, while the server is down', async () => {
      const { donationId, intentId } = await donate(app, indianDonation());
      const invoice = await generateInvoice(app, donationId, intentId);
      expect(invoice.statusCode).toBe(200);
      await app.payments.idle();

      const [receipt] = await ctx.database.db.select().from(receipts).where(eq(receipts.donationId, donationId));
      const rows = await outboxRows();
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row).toMatchObject({ to: 'asha.verma@example.org', status: 'failed', attempts: 1, receiptId: receipt!.id, sentAt: null });
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      expect(row.nextAttemptAt!.getTime() - row.createdAt.getTime()).toBeGreaterThanOrEqual(MAIL_RETRY_DELAYS_MS[0] - 1_000);
      expect(receipt).toMatchObject({ mailStatus: 'failed', mailOutboxId: row.id });
      receiptId = receipt!.id;
      outboxId = row.id;

      // Not due yet: the sweep leaves it alone.
      expect(await sweepMail(deps(), later(10_000))).toEqual({ receipts: 0, retried: 0, sent: 0 });
    });

    it('tries again when due, and keeps it (one row, later retry) while the server is still down', async () => {
      expect(await sweepMail(deps(), later(MAIL_RETRY_DELAYS_MS[0] + 1_000))).toEqual({ receipts: 0, retried: 1, sent: 0 });
      const rows = await outboxRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: outboxId, status: 'failed', attempts: 2 });
      expect(rows[0]!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + MAIL_RETRY_DELAYS_MS[1] - 5_000);
    });

    it('sends it once the server is back, with the PDF, exactly once', async () => {
      sink = await smtpServerOn(port);
      expect(await sweepMail(deps(), later(24 * 3_600_000))).toEqual({ receipts: 0, retried: 1, sent: 1 });
      expect(sink.mails).toHaveLength(1);
      const mail = sink.mails[0]!;
      expect(mail).toMatch(/^To: asha\.verma@example\.org/m);
      const [receipt] = await ctx.database.db.select().from(receipts).where(eq(receipts.id, receiptId));
      expect(mail).toContain(`filename=receipt-${receipt!.number.replaceAll('/', '-')}.pdf`);
      expect(mail).toMatch(/Content-Type: application\/pdf/);
      expect(receipt).toMatchObject({ mailStatus: 'sent', mailOutboxId: outboxId });
      const [row] = await outboxRows();
      expect(row).toMatchObject({ status: 'sent', attempts: 3, error: null, nextAttemptAt: null });
      expect(row!.sentAt).toBeInstanceOf(Date);

      // The link in the mail still works: the token minted when the mail was composed is the one it carries.
      const link = /https:\/\/give\.example\.org(\/api\/invoices\/\S+?download\?token=[A-Za-z0-9_-]{43})/.exec(mail);
      expect(link).not.toBeNull();
      expect((await app.inject({ method: 'GET', url: link![1]! })).statusCode).toBe(200);

      // Nothing is due any more: no second copy, however often the sweep runs.
      expect(await sweepMail(deps(), later(7 * 24 * 3_600_000))).toEqual({ receipts: 0, retried: 0, sent: 0 });
      expect(sink.mails).toHaveLength(1);
      expect(await outboxRows()).toHaveLength(1);
    });

    it('mails a receipt whose mail was never composed (the process died after issuing it), once', async () => {
      const { donationId } = await donate(app, usDonation());
      // Issued, and nothing else: as if the process was killed before its background task composed the mail.
      const issued = await issueReceipt(app.db, donationId);
      expect(issued.created).toBe(true);
      const [receipt] = await ctx.database.db.select().from(receipts).where(eq(receipts.donationId, donationId));
      expect(receipt).toMatchObject({ mailStatus: 'queued', mailOutboxId: null });
      const [donation] = await ctx.database.db.select().from(donations).where(eq(donations.id, donationId));
      expect(donation!.receiptNumber).toBe(issued.number);
      const before = sink!.mails.length;

      // Within the first minute the sweep leaves it to the request's own task; then it composes and sends it.
      expect(await sweepMail(deps(), later(10_000))).toEqual({ receipts: 0, retried: 0, sent: 0 });
      expect(await sweepMail(deps(), later(2 * 60_000))).toEqual({ receipts: 1, retried: 0, sent: 0 });
      expect(sink!.mails).toHaveLength(before + 1);
      expect(sink!.mails[before]).toMatch(/^To: john\.carter@example\.com/m);
      const [after] = await ctx.database.db.select().from(receipts).where(eq(receipts.donationId, donationId));
      expect(after).toMatchObject({ mailStatus: 'sent', mailOutboxId: expect.any(Number) });
      expect(await sweepMail(deps(), later(10 * 60_000))).toEqual({ receipts: 0, retried: 0, sent: 0 });
      expect(sink!.mails).toHaveLength(before + 1);
    });
  });
});
