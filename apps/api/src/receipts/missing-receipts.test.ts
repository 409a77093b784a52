import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/open.js';
import { donations, mailOutbox, receiptCounters, receipts } from '../db/schema.js';
import { insertDonation } from '../../test/support/admin-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, donate, generateInvoice, indianDonation, usDonation } from '../../test/support/donations.js';
import { JobRunner } from '../jobs/runner.js';
import { serverJobs } from '../jobs/schedule.js';
import { issueMissingReceipts, RECEIPT_GRACE_MS, sweepMissingReceipts } from './missing-receipts.js';
import { formatReceiptNumber } from './receipt-number.js';

// A completed donation whose receipt was never issued (the process was killed after saving it and
// before the browser's generate-and-send or the webhook's background task issued it) gets exactly one receipt from
// the receipt sweep, with its mail queued, once the normal path's grace period is over; two sweeps at once (two
// processes on one database) never issue two receipts for one donation nor skip or repeat a number.

const later = (ms: number) => new Date(Date.now() + ms);

describeEachDatabase('receipt sweep', (ctx) => {
  let app: FastifyInstance;
  // A second process on the same database: on PostgreSQL a connection pool of its own (real concurrency, as two API
  // processes); PGlite is one process's database by design, so there it shares the handle (interleaved statements).
  let second: FastifyInstance;
  let secondHandle: DatabaseHandle | null = null;

  beforeAll(async () => {
    // The receipt sweep's timer is the server's (server.ts), not the app's: here the tests run the sweep themselves,
    // with a later `now` standing for the time the timer would run at. Webhook events held back: the browser saves each donation and nothing issues its receipt unless a test does.
    ({ app } = await buildSandboxApp(ctx, { holdEvents: true }));
    if (ctx.kind === 'postgres') secondHandle = await openDatabase(ctx.config);
    ({ app: second } = await buildSandboxApp({ config: ctx.config, database: secondHandle ?? ctx.database }, { holdEvents: true }));
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
    await secondHandle?.close();
  });

  const deps = (on: FastifyInstance) => ({ db: on.db, mailer: on.mailer, log: on.log, publicBaseUrl: 'https://give.example.org' });
  const receiptsOf = (ids: number[]) => ctx.database.db.select().from(receipts).where(inArray(receipts.donationId, ids));

  it('issues one receipt for a completed donation that has none, after the grace period, with its mail queued', async () => {
    const { donationId } = await donate(app, indianDonation());
    // Still the normal path's to issue: the sweep leaves it alone.
    expect(await sweepMissingReceipts(deps(app), { now: later(RECEIPT_GRACE_MS - 5_000) })).toBe(0);
    expect(await receiptsOf([donationId])).toEqual([]);

    expect(await sweepMissingReceipts(deps(app), { now: later(RECEIPT_GRACE_MS + 1_000) })).toBe(1);
    const [receipt, ...more] = await receiptsOf([donationId]);
    expect(more).toEqual([]);
    expect(receipt!.number).toBe(formatReceiptNumber(receipt!.financialYear, receipt!.sequence));
    const [donation] = await ctx.database.db.select().from(donations).where(eq(donations.id, donationId));
    expect(donation!.receiptNumber).toBe(receipt!.number);
    // The mail composed into the outbox (no SMTP_URL here: kept there as 'stored'), once, to the donor, PDF attached.
    const mails = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.receiptId, receipt!.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'asha.verma@example.org', status: 'stored' });
    expect(mails[0]!.subject).toContain(receipt!.number);
    expect(receipt).toMatchObject({ mailStatus: 'stored', mailOutboxId: mails[0]!.id });

    // Nothing left to do: no second receipt or mail however often it runs, and the donor's own request gets this one.
    expect(await sweepMissingReceipts(deps(app), { now: later(10 * 60_000) })).toBe(0);
    expect(await receiptsOf([donationId])).toHaveLength(1);
    expect(await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.receiptId, receipt!.id))).toHaveLength(1);
  });

  it('leaves donations that are not completed, and those whose receipt the donor already has', async () => {
    const refunded = await donate(app, usDonation());
    await ctx.database.db.update(donations).set({ status: 'refunded' }).where(eq(donations.id, refunded.donationId));
    const invoiced = await donate(app, indianDonation());
    expect((await generateInvoice(app, invoiced.donationId, invoiced.intentId)).statusCode).toBe(200);
    await app.payments.idle();

    expect(await issueMissingReceipts(app.db, { now: later(RECEIPT_GRACE_MS + 1_000) })).toEqual([]);
    expect(await receiptsOf([refunded.donationId])).toEqual([]);
    expect(await receiptsOf([invoiced.donationId])).toHaveLength(1);
  });

  it('never issues two receipts for one donation when two sweeps run at once, and keeps the numbers gap-free', async () => {
    const saved: number[] = [];
    for (let i = 0; i < 8; i += 1) saved.push((await donate(app, i % 2 ? usDonation() : indianDonation())).donationId);

    // Both see the same eight donations, in the same order: they contend for every one of them.
    const now = later(RECEIPT_GRACE_MS + 1_000);
    const [a, b] = await Promise.all([sweepMissingReceipts(deps(app), { now }), sweepMissingReceipts(deps(second), { now })]);
    expect(a + b).toBe(saved.length);

    const issued = await receiptsOf(saved);
    expect(issued.map((receipt) => receipt.donationId).sort((x, y) => x - y)).toEqual(saved);
    // Gap-free: the sequences of the whole year, these included, are 1, 2, 3 … and the counter is at the last.
    const year = issued[0]!.financialYear;
    const all = await ctx.database.db.select({ sequence: receipts.sequence }).from(receipts).where(eq(receipts.financialYear, year));
    const sequences = all.map((row) => row.sequence).sort((x, y) => x - y);
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    const [counter] = await ctx.database.db.select().from(receiptCounters).where(eq(receiptCounters.financialYear, year));
    expect(counter!.lastNumber).toBe(sequences.length);
    // One mail per receipt: only the sweep that issued a receipt mails it.
    const mails = await ctx.database.db
      .select({ receiptId: mailOutbox.receiptId })
      .from(mailOutbox)
      .where(inArray(mailOutbox.receiptId, issued.map((receipt) => receipt.id)));
    expect(mails.map((mail) => mail.receiptId).sort((x, y) => x! - y!)).toEqual(issued.map((receipt) => receipt.id).sort((x, y) => x - y));
  });

  it("runs as the server's 'missing-receipts' job, issuing what the grace period has passed for, until stopped", async () => {
    // Saved a minute ago by a process that died before issuing its receipt.
    const left = await insertDonation(app.db, { createdAt: new Date(Date.now() - 60_000), donorEmail: 'left.behind@example.org' });
    const sweep = new JobRunner({ db: app.db, jobs: serverJobs(app).filter((job) => job.name === 'missing-receipts'), log: app.log, pollMs: 20 });
    await sweep.ensureSchedule();
    sweep.start();
    try {
      const deadline = Date.now() + 20_000;
      while ((await receiptsOf([left.id])).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await sweep.stop();
    }
    const issued = await receiptsOf([left.id]);
    expect(issued).toHaveLength(1);
    const mails = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.receiptId, issued[0]!.id));
    expect(mails.map((mail) => mail.to)).toEqual(['left.behind@example.org']);
  });
});
