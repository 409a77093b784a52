import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Config } from '../../src/config.js';
import { startBackupSocket, type BackupSocket } from '../../src/backup/control-socket.js';
import { createBackup } from '../../src/backup/create-backup.js';
import { restoreBackup } from '../../src/backup/restore-backup.js';
import { openStoredFiles } from '../../src/backup/stored-files.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/open.js';
import { prepareDatabase } from '../../src/db/prepare.js';
import { backupRuns, campaigns, donations, receipts, refunds } from '../../src/db/schema.js';
import { formatReceiptNumber } from '../../src/receipts/receipt-number.js';
import type { SandboxProvider } from '../../src/donations/provider/sandbox-provider.js';
import { bearer, createUser, signIn } from '../support/auth.js';
import { createTemporaryDatabase, describeEachDatabase, temporaryDir, testConfig, type DatabaseContext } from '../support/databases.js';
import { buildSandboxApp, donate, generateInvoice, indianDonation } from '../support/donations.js';
import { requireBuiltServer, startApiProcess, type ApiProcess } from '../faults/api-process.js';
import { donateOnce, type LedgerEntry } from '../faults/donor-client.js';
import { tableRows } from './table-rows.js';

// Issue 22's proof (docs/decisions/042-backups.md), on both databases: a product holding donations with receipts, a
// refund, a monthly gift and photos is backed up while it serves (PGlite: through the backup socket, as the CLI does
// against a running server), restored into a fresh DATA_DIR (and a fresh PostgreSQL database), and the built server
// started on it: the same rows, the same receipt PDFs byte for byte, every photo served, and the next receipt
// number follows on. Then a backup taken under a steady stream of donations restores to a state that existed.

/** A fresh place to restore into: an empty DATA_DIR, and on PostgreSQL an empty database. */
async function freshTarget(kind: DatabaseContext['kind']): Promise<{ config: Config; drop(): Promise<void> }> {
  if (kind === 'pglite') return { config: testConfig(), drop: async () => {} };
  const database = await createTemporaryDatabase('charity_restore');
  return { config: testConfig({ DATABASE_URL: database.url }), drop: database.drop };
}

function serverEnv(config: Config): Record<string, string> {
  return { DATA_DIR: config.dataDir, ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}) };
}

async function withDatabase<T>(config: Config, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase(config);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

describeEachDatabase('backup and restore', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;
  let socket: BackupSocket | null = null;
  let headers: Record<string, string>;
  const targets: Array<{ drop(): Promise<void> }> = [];
  const servers: ApiProcess[] = [];

  const settle = async () => {
    await app.payments.idle();
    await sandbox.recurring.idle();
    await app.payments.idle();
  };

  beforeAll(async () => {
    requireBuiltServer();
    // The demonstration campaigns, events and their photos, as `npm start` seeds an empty database.
    await prepareDatabase(ctx.database, ctx.config);
    ({ app, sandbox } = await buildSandboxApp(ctx));
    // What server.ts starts for the embedded database: a backup of a running PGlite site goes through it.
    if (ctx.database.kind === 'pglite') socket = await startBackupSocket({ dataDir: ctx.config.dataDir, client: ctx.database.client, db: ctx.database.db, log: app.log });
    headers = bearer(await signIn(app, await createUser(ctx.database.db)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop().catch(() => null)));
    await socket?.close();
    await app?.close();
    for (const target of targets) await target.drop();
  }, 60_000);

  it('backs up donations, receipts, a refund, a monthly gift and photos, and restores them whole into a fresh site', async () => {
    const campaign = (await ctx.database.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.status, 'active')).limit(1))[0]!;
    // Three one-time gifts with their receipts (the PDF a donor downloads, kept to compare), a monthly gift, a refund.
    const issued: Array<{ donationId: number; intentId: string }> = [];
    for (let i = 0; i < 3; i += 1) issued.push(await donate(app, indianDonation({ campaign_id: campaign.id, amount: 1000 + i * 250 })));
    issued.push(await donate(app, indianDonation({ donation_type: 'monthly', campaign_id: campaign.id })));
    await settle();
    const refund = await app.inject({ method: 'POST', url: `/api/admin/donations/${issued[0]!.donationId}/refunds`, headers, payload: { amount_minor: 50_000, reason: 'Gave twice by mistake' } });
    expect(refund.statusCode, refund.body).toBe(201);
    await settle();
    // Each receipt as its donor downloads it, after the refund (a refunded receipt says so): kept to compare.
    const downloads: Array<{ url: string; pdf: Buffer }> = [];
    for (const { donationId, intentId } of issued) {
      const invoice = await generateInvoice(app, donationId, intentId);
      expect(invoice.statusCode, invoice.body).toBe(200);
      const url = invoice.json().data.invoice.download_url as string;
      const pdf = await app.inject({ method: 'GET', url });
      expect(pdf.statusCode).toBe(200);
      downloads.push({ url, pdf: pdf.rawPayload });
    }
    await settle();

    const before = await tableRows(ctx.database);
    const sourceFiles = await openStoredFiles(ctx.config);
    const files = await sourceFiles.list();
    sourceFiles.close();
    expect(files.filter((file) => file.key.startsWith('uploads/events/')).length).toBeGreaterThan(10);

    const archive = path.join(temporaryDir('charity-backup-'), 'site.tar');
    const backup = await createBackup(ctx.config, archive);
    const counts = backup.manifest.counts;
    expect(counts).toMatchObject({ donations: 4, receipts: 4, refunds: 1, monthly_gifts: 1, files: files.length });
    expect(counts.photos).toBeGreaterThan(10);
    // PGlite: the hold the server measured (its copy), not the transfer after it; PostgreSQL holds nothing.
    if (ctx.database.kind === 'postgres') expect(backup.blockedMs).toBeNull();
    else expect(backup.blockedMs).toBeGreaterThanOrEqual(0);
    // The dashboard's row: made after the archive was complete.
    const [run] = await ctx.database.db.select().from(backupRuns).orderBy(backupRuns.id);
    expect(run).toMatchObject({ archiveName: 'site.tar', archiveBytes: backup.bytes, source: 'backup', counts });

    const target = await freshTarget(ctx.database.kind);
    targets.push(target);
    const restored = await restoreBackup(target.config, archive);
    expect(restored.restored).toEqual(counts);
    expect(restored.migrationsApplied).toBe(0);
    // The same rows in every table (the restore adds only the archive's row to backup_runs).
    const after = await withDatabase(target.config, (handle) => tableRows(handle));
    expect(after).toEqual(before);

    // The built server, started on the restored site as `npm start` would be.
    const server = await startApiProcess(serverEnv(target.config), 120_000);
    servers.push(server);
    for (const download of downloads) {
      const response = await fetch(`${server.base}${download.url}`);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(download.pdf), `${download.url} byte for byte`).toBe(true);
    }
    const restoredFiles = await openStoredFiles(target.config);
    try {
      for (const file of files.filter((entry) => entry.key.startsWith('uploads/'))) {
        const response = await fetch(`${server.base}/${file.key}`);
        expect(response.status, file.key).toBe(200);
        expect((await response.arrayBuffer()).byteLength, file.key).toBe(file.size);
      }
      expect((await restoredFiles.list()).map((entry) => entry.key)).toEqual(files.map((entry) => entry.key));
    } finally {
      restoredFiles.close();
    }
    // The next receipt follows on from the last one in the archive: no gap, no repeat.
    const numbers = (before.receipts as Array<{ financial_year: string; sequence: number }>).map((row) => row.sequence);
    const year = (before.receipts as Array<{ financial_year: string }>)[0]!.financial_year;
    const agent = new http.Agent({ keepAlive: false });
    const ledger: LedgerEntry[] = [];
    const next = await donateOnce(agent, server.base, indianDonation({ campaign_id: campaign.id }), { ledger });
    agent.destroy();
    expect(next.receiptNumber).toBe(formatReceiptNumber(year, Math.max(...numbers) + 1));
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
    // The restored site records the archive it came from as its last backup (the dashboard shows it).
    const recorded = await withDatabase(target.config, (handle) => handle.db.select().from(backupRuns));
    expect(recorded).toMatchObject([{ archiveName: 'site.tar', source: 'restored', counts }]);
  }, 300_000);

  it('a backup taken under a steady stream of donations restores to a state that existed', async () => {
    const [campaign] = await ctx.database.db.select({ id: campaigns.id, raised: campaigns.raisedAmount, count: campaigns.donationCount }).from(campaigns).where(eq(campaigns.status, 'active')).limit(1);
    const existing = await ctx.database.db.select({ id: donations.id, amount: donations.amountInr }).from(donations).where(eq(donations.campaignId, campaign!.id));
    const seed = { raised: campaign!.raised - existing.reduce((sum, row) => sum + row.amount, 0), count: campaign!.count - existing.length };
    const acknowledged: Array<{ id: number; at: number }> = [];
    let stop = false;
    // A steady stream, not a flood: three donors, each giving again 50 ms after the last gift was saved.
    const donors = Array.from({ length: 3 }, async (_, worker) => {
      for (let n = 0; !stop; n += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const data = indianDonation({ campaign_id: campaign!.id, amount: 500 + worker * 100 + n });
        const { intentId, donationId } = await donate(app, data);
        acknowledged.push({ id: donationId, at: performance.now() });
        // Every other donor asks for the receipt as the browser does; the rest leave it to the job.
        if (worker % 2 === 0) expect((await generateInvoice(app, donationId, intentId)).statusCode).toBe(200);
      }
    });
    while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));
    const archive = path.join(temporaryDir('charity-backup-'), 'busy.tar');
    const startedAt = performance.now();
    const backup = await createBackup(ctx.config, archive);
    console.log(`backup under load on ${ctx.database.kind}: ${backup.durationMs} ms, database held ${String(backup.blockedMs)} ms, ${acknowledged.length} donations so far`);
    const during = acknowledged.filter((entry) => entry.at > startedAt).length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop = true;
    await Promise.all(donors);
    await settle();
    expect(during, 'donations kept being acknowledged while the backup ran').toBeGreaterThan(0);

    const target = await freshTarget(ctx.database.kind);
    targets.push(target);
    const restored = await restoreBackup(target.config, archive);
    expect(restored.restored).toEqual(backup.manifest.counts);
    await withDatabase(target.config, async (handle) => {
      const rows = await handle.db.select({ id: donations.id, campaignId: donations.campaignId, amount: donations.amountInr, receiptNumber: donations.receiptNumber, status: donations.status }).from(donations);
      const ids = new Set(rows.map((row) => row.id));
      // Every donation acknowledged before the backup began is in it.
      expect(acknowledged.filter((entry) => entry.at < startedAt && !ids.has(entry.id))).toEqual([]);
      // The campaign's figures moved with its donations, in the same transaction: they agree in the snapshot.
      const inCampaign = rows.filter((row) => row.campaignId === campaign!.id);
      const [figures] = await handle.db.select({ raised: campaigns.raisedAmount, count: campaigns.donationCount }).from(campaigns).where(eq(campaigns.id, campaign!.id));
      expect(figures!.count).toBe(seed.count + inCampaign.length);
      expect(figures!.raised).toBeCloseTo(seed.raised + inCampaign.reduce((sum, row) => sum + row.amount, 0), 2);
      // Receipts numbered 1, 2, 3 … without gap or repeat, each on its donation; no refund without its donation.
      const issued = await handle.db.select({ sequence: receipts.sequence, donationId: receipts.donationId, number: receipts.number }).from(receipts);
      expect(issued.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(issued.map((_, i) => i + 1));
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const receipt of issued) expect(byId.get(receipt.donationId)?.receiptNumber).toBe(receipt.number);
      const refundRows = await handle.db.select({ donationId: refunds.donationId }).from(refunds);
      for (const row of refundRows) expect(ids.has(row.donationId)).toBe(true);
    });
    // Started once, the restored site issues the receipts the snapshot was still waiting for: none is missing after.
    const server = await startApiProcess(serverEnv(target.config), 120_000);
    await server.stop();
    await withDatabase(target.config, async (handle) => {
      const rows = await handle.db.select({ id: donations.id, status: donations.status, receiptNumber: donations.receiptNumber }).from(donations);
      expect(rows.filter((row) => row.status === 'completed' && !row.receiptNumber).map((row) => row.id)).toEqual([]);
      const issued = await handle.db.select({ sequence: receipts.sequence }).from(receipts);
      expect(issued.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(issued.map((_, i) => i + 1));
    });
  }, 300_000);
});
