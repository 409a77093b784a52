import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../../src/db/open.js';

// Runs a suite against every database this machine offers, on real databases only:
//  - PGlite always, persisted in a temporary DATA_DIR (so close-and-reopen behaves as in production);
//  - PostgreSQL when TEST_DATABASE_URL is set: a fresh, uniquely named database per suite, dropped afterwards,
//    so test files can run in parallel against one server.

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

export const POSTGRES_SKIP_REASON = 'skipped: set TEST_DATABASE_URL=postgres://… to run';

export interface DatabaseContext {
  readonly kind: DatabaseKind;
  /** Settings pointing at this suite's database and its own temporary DATA_DIR (uploads), logs silent. */
  config: Config;
  /** Opened (and migrated, unless the suite asked not to) before the suite's tests run; closed after them. */
  database: DatabaseHandle;
  /** Closes the current connection and opens the same database again (migrations re-applied: a no-op). */
  reopen(): Promise<DatabaseHandle>;
}

const temporaryDirs: string[] = [];
process.once('exit', () => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

/** A temporary directory, removed when the test process ends at the latest. */
export function temporaryDir(prefix = 'charity-api-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}

/** Settings for tests: a temporary DATA_DIR, no built site, silent logs; `env` overrides any key. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  const dataDir = temporaryDir();
  return loadConfig({ DATA_DIR: dataDir, SITE_DIR: path.join(dataDir, 'no-site'), LOG_LEVEL: 'silent', ...env });
}

async function openMigrated(config: Config): Promise<DatabaseHandle> {
  const handle = await openDatabase(config);
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on TEST_DATABASE_URL's server, created now and named `<prefix>_<time>_<random>` (so test files
 * running in parallel never share one); drop() removes it whatever it holds and whoever is still connected.
 */
export async function createTemporaryDatabase(prefix = 'charity_test'): Promise<{ url: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error(`createTemporaryDatabase needs TEST_DATABASE_URL (${POSTGRES_SKIP_REASON})`);
  const serverUrl = TEST_DATABASE_URL;
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database "${name}"`));
  return {
    url: databaseUrlFor(serverUrl, name),
    drop: async () => {
      await onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

export interface SuiteOptions {
  /** false: the database is opened but left empty, for tests of migrating and preparing it. */
  migrate?: boolean;
}

function defineSuite(
  kind: DatabaseKind,
  suite: (ctx: DatabaseContext) => void,
  create: () => Promise<{ config: Config; dispose(): Promise<void> }>,
  { migrate = true }: SuiteOptions,
) {
  const open = (config: Config) => (migrate ? openMigrated(config) : openDatabase(config));
  let dispose: (() => Promise<void>) | undefined;
  const ctx: DatabaseContext = {
    kind,
    config: undefined as unknown as Config,
    database: undefined as unknown as DatabaseHandle,
    async reopen() {
      await ctx.database.close();
      ctx.database = await open(ctx.config);
      return ctx.database;
    },
  };
  beforeAll(async () => {
    const created = await create();
    dispose = created.dispose;
    ctx.config = created.config;
    ctx.database = await open(ctx.config);
  });
  afterAll(async () => {
    await ctx.database?.close();
    await dispose?.();
  });
  suite(ctx);
}

/** The suite on embedded PGlite, in a temporary DATA_DIR removed afterwards. */
export function describePglite(title: string, suite: (ctx: DatabaseContext) => void, options: SuiteOptions = {}): void {
  describe(`${title} on PGlite`, () => {
    defineSuite(
      'pglite',
      suite,
      async () => {
        const config = testConfig();
        return { config, dispose: async () => rmSync(config.dataDir, { recursive: true, force: true }) };
      },
      options,
    );
  });
}

/**
 * The suite on a PostgreSQL server (TEST_DATABASE_URL) in a database of its own, created for it and dropped
 * afterwards. Without TEST_DATABASE_URL it is reported as skipped, with the reason in its name.
 */
export function describePostgres(title: string, suite: (ctx: DatabaseContext) => void, options: SuiteOptions = {}): void {
  if (!TEST_DATABASE_URL) {
    describe.skip(`${title} on PostgreSQL (${POSTGRES_SKIP_REASON})`, () => {
      suite({} as DatabaseContext); // collected so the report lists what was skipped
    });
    return;
  }
  describe(`${title} on PostgreSQL`, () => {
    defineSuite(
      'postgres',
      suite,
      async () => {
        const database = await createTemporaryDatabase();
        return { config: testConfig({ DATABASE_URL: database.url }), dispose: database.drop };
      },
      options,
    );
  });
}

/** `describeEachDatabase('seeding', (ctx) => { it(...) })` defines "seeding on PGlite" and "seeding on PostgreSQL". */
export function describeEachDatabase(title: string, suite: (ctx: DatabaseContext) => void, options: SuiteOptions = {}): void {
  describePglite(title, suite, options);
  describePostgres(title, suite, options);
}
