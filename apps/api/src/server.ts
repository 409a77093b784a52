import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DatabaseLockedError } from './db/lock.js';
import { DatabaseConnectionError, openDatabase, type DatabaseHandle } from './db/open.js';
import { prepareDatabase } from './db/prepare.js';
import { createLogger } from './logger.js';
import { issueMissingReceipts, startReceiptSweep } from './receipts/missing-receipts.js';
import { mailReceipt } from './receipts/issuing.js';
import { startPaymentReconciler, type PaymentReconciler } from './donations/use-cases/reconcile.js';
import { startRecurringJobs } from './recurring/jobs.js';
import { startAttemptPruning } from './donations/use-cases/prune-attempts.js';

// The production entry point (`npm start`, `node apps/api/dist/server.js`): validate settings, open and
// prepare the database, serve, and shut down cleanly on SIGINT/SIGTERM.

/** Problems an operator can fix: printed as their one sentence, without a stack trace. */
const OPERATOR_ERRORS = [ConfigError, DatabaseLockedError, DatabaseConnectionError];

function fail(error: unknown): never {
  if (OPERATOR_ERRORS.some((kind) => error instanceof kind)) {
    process.stderr.write(`${(error as Error).message}\n`);
  } else {
    process.stderr.write(`The server could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
}

function listenError(error: unknown, config: Config): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    return new ConfigError(`PORT ${config.port} on ${config.host} is already in use; stop the other server or set PORT to a free port.`);
  }
  if (code === 'EACCES') {
    return new ConfigError(`PORT ${config.port} needs elevated privileges on this system; choose a PORT above 1023.`);
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new ConfigError(`HOST ${config.host} is not an address of this machine; use 0.0.0.0 or 127.0.0.1.`);
  }
  return error as Error;
}

function handleShutdownSignals(app: FastifyInstance, database: DatabaseHandle, reconciler: PaymentReconciler, receiptSweep: { stop(): Promise<void> }) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C means "now": skip waiting for in-flight requests (the lock is still released).
      await database.close().catch(() => {});
      process.exit(1);
    }
    stopping = true;
    reconciler.stop();
    // No new receipt sweep; one under way finishes before the database closes (its mails are left queued by app.close).
    const sweepStopped = receiptSweep.stop();
    app.log.info(`${signal} received: finishing in-flight requests, then stopping`);
    // Stuck connections must not keep the process (and the database lock) alive forever.
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting anyway');
      void database.close().finally(() => process.exit(1));
    }, 10_000);
    timer.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await sweepStopped;
      await database.close(); // for PGlite this also releases DATA_DIR/db.lock
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      await database.close().catch(() => {});
      process.exit(1);
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * Receipts an earlier process left unissued (it was killed between saving a donation and issuing its receipt):
 * issued before the server listens, all of them whatever their age (the periodic sweep leaves the last 30 s to the
 * normal path; a request of this process cannot be under way yet, and one of another process racing this is
 * harmless: one of the two issues the receipt, the other finds it). Mailed after, as the normal path does.
 * A database failure here is logged, not fatal: the periodic receipt sweep issues them later.
 */
async function issueReceiptsLeftBehind(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, mailer: app.mailer, log: app.log, publicBaseUrl: app.config.publicBaseUrl };
  try {
    const issued = await issueMissingReceipts(app.db, { olderThanMs: 0 });
    if (issued.length === 0) return;
    app.log.warn({ issued: issued.length }, 'start-up: issued receipts for completed donations that had none');
    for (const receipt of issued) app.payments.background('mailing a receipt', () => mailReceipt(deps, receipt));
  } catch (error) {
    app.log.error({ err: error }, 'start-up: could not issue missing receipts; the receipt sweep tries again');
  }
}

async function main() {
  let config: Config;
  try {
    // A .env file in the working directory, as env.example describes; real environment variables win.
    if (existsSync('.env')) process.loadEnvFile('.env');
    config = loadConfig();
  } catch (error) {
    fail(error);
  }

  const logger = createLogger(config.logLevel);
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config);
  } catch (error) {
    fail(error);
  }

  try {
    const started = Date.now();
    const { seeded } = await prepareDatabase(database, config);
    if (seeded.campaigns || seeded.events) logger.info(seeded, 'seeded an empty database with demonstration content');
    logger.info({ driver: database.kind, ms: Date.now() - started }, 'database ready');

    const app = await buildApp({ config, database, logger });
    // Before listening: a payment that succeeded while an earlier process was killed gets its donation and receipt
    // now, so nobody can see the site without them. Then once a minute for deliveries that failed while running.
    const reconciler = startPaymentReconciler(app);
    await reconciler.runOnce();
    // After the re-delivery: the donations it wrote are among those needing a receipt.
    await issueReceiptsLeftBehind(app);
    // Monthly gifts: the sandbox's renewals that fell due while no server ran, and card expiry reminders.
    const recurringJobs = startRecurringJobs(app);
    await recurringJobs.runOnce();
    // Payments that never became donations, kept ATTEMPT_RETENTION_DAYS: pruned now and every hour.
    const attemptPruning = startAttemptPruning(app);
    await attemptPruning.runOnce();
    const receiptSweep = startReceiptSweep({ db: app.db, mailer: app.mailer, log: app.log, publicBaseUrl: app.config.publicBaseUrl });
    handleShutdownSignals(app, database, reconciler, {
      stop: async () => Promise.all([receiptSweep.stop(), recurringJobs.stop(), attemptPruning.stop()]).then(() => {}),
    });
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      throw listenError(error, config);
    }
    // Printed even at LOG_LEVEL=warn: it is the line people wait for.
    if (config.logLevel !== 'silent') {
      process.stdout.write(`Charity site ready on http://localhost:${config.port}\n`);
    }
  } catch (error) {
    // Release the database (and its lock) before exiting, or the next start would find it held.
    await database.close().catch(() => {});
    fail(error);
  }
}

await main();
