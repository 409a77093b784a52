import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DatabaseLockedError } from './db/lock.js';
import { DatabaseConnectionError, openDatabase, type DatabaseHandle } from './db/open.js';
import { prepareDatabase } from './db/prepare.js';
import { createLogger } from './logger.js';
import { JobRunner } from './jobs/runner.js';
import { startBackupSocket, type BackupSocket } from './backup/control-socket.js';
import { serverJobs, STARTUP_JOBS } from './jobs/schedule.js';

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

function handleShutdownSignals(app: FastifyInstance, database: DatabaseHandle, jobs: JobRunner, backupSocket: () => BackupSocket | null) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C means "now": skip waiting for in-flight requests (the lock is still released).
      await database.close().catch(() => {});
      process.exit(1);
    }
    stopping = true;
    // No new job starts; one under way finishes (and releases its lease) before the database closes.
    const jobsStopped = jobs.stop();
    app.log.info(`${signal} received: finishing in-flight requests, then stopping`);
    // Stuck connections must not keep the process (and the database lock) alive forever.
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting anyway');
      void database.close().finally(() => process.exit(1));
    }, 10_000);
    timer.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await backupSocket()?.close();
      await jobsStopped;
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
    // Background work, run once across every replica on this database (docs/decisions/040-job-queue.md).
    const jobs = new JobRunner({ db: app.db, jobs: serverJobs(app), log: app.log, pollMs: config.jobs.pollMs, leaseMs: config.jobs.leaseMs });
    await jobs.ensureSchedule();
    // A process killed mid-job (this one's previous run, typically) holds its lease for up to JOB_LEASE_MS: ended now, so
    // the start-up run below is not skipped. PGlite's lock makes this the only process, so every lease there is stale.
    await jobs.endLeasesOfDeadProcesses({ exclusive: database.kind === 'pglite' });
    // Before listening: a payment that succeeded while an earlier process was killed gets its donation, then every
    // completed donation its receipt, so nobody can see the site without them (a job another replica is running
    // right now is left to it).
    await jobs.runDue(STARTUP_JOBS, { anyTime: true, startup: true });
    jobs.start();
    let backupSocket: BackupSocket | null = null;
    handleShutdownSignals(app, database, jobs, () => backupSocket);
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      throw listenError(error, config);
    }
    // The embedded database can only be copied by this process: `npm run backup` asks for it here (decision 042).
    if (database.kind === 'pglite') {
      backupSocket = await startBackupSocket({ dataDir: config.dataDir, client: database.client, db: app.db, log: app.log });
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
