import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../paths.js';

// What a backup's manifest says of its database, and what a restore prints beside it (docs/decisions/042-backups.md):
// row counts of what a charity would miss, the migration level, the server's version. Read through a bare query
// function so the same code counts inside a PostgreSQL snapshot, a PGlite copy loaded from a dump, or a restored site.

/** The manifest's counts: its name → the table it counts. */
export const BACKUP_COUNT_TABLES = {
  donations: 'donations',
  receipts: 'receipts',
  refunds: 'refunds',
  monthly_gifts: 'recurring_gifts',
  campaigns: 'campaigns',
  events: 'events',
  photos: 'event_images',
  messages: 'contact_messages',
  certificates: 'tax_certificates',
  staff_accounts: 'admin_users',
} as const;

export type BackupCountName = keyof typeof BACKUP_COUNT_TABLES | 'files';
export type BackupCounts = Record<BackupCountName, number>;
export const BACKUP_COUNT_NAMES = [...Object.keys(BACKUP_COUNT_TABLES), 'files'] as BackupCountName[];

/** Runs one SQL statement and gives its rows (pg's Pool/Client and PGlite both fit through a small adapter). */
export type QueryRows = (sql: string) => Promise<Array<Record<string, unknown>>>;

export interface DatabaseFacts {
  counts: Omit<BackupCounts, 'files'>;
  migrations: { count: number; latest: string | null };
  serverVersion: string;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** This product's migrations, oldest first (apps/api/drizzle/meta/_journal.json). */
export function knownMigrations(migrationsFolder = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return [...journal.entries].sort((a, b) => a.idx - b.idx);
}

export async function readDatabaseFacts(query: QueryRows): Promise<DatabaseFacts> {
  const counts = {} as Record<keyof typeof BACKUP_COUNT_TABLES, number>;
  const names = Object.keys(BACKUP_COUNT_TABLES) as Array<keyof typeof BACKUP_COUNT_TABLES>;
  // One statement: every count from the same snapshot even outside a transaction.
  const [row] = await query(`select ${names.map((name) => `(select count(*) from "${BACKUP_COUNT_TABLES[name]}")::int as "${name}"`).join(', ')}`);
  for (const name of names) counts[name] = Number(row?.[name] ?? 0);
  return { counts, migrations: await readMigrationLevel(query), serverVersion: await readServerVersion(query) };
}

/** How many of this product's migrations the database has, and the newest one's tag (null for none, or one we don't know). */
export async function readMigrationLevel(query: QueryRows): Promise<{ count: number; latest: string | null }> {
  const [exists] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists?.present) return { count: 0, latest: null };
  const rows = await query(`select created_at::text as created_at from drizzle.__drizzle_migrations order by created_at`);
  const byWhen = new Map(knownMigrations().map((entry) => [String(entry.when), entry.tag]));
  const newest = rows.at(-1);
  return { count: rows.length, latest: newest ? (byWhen.get(String(newest.created_at)) ?? `unknown migration ${String(newest.created_at)}`) : null };
}

async function readServerVersion(query: QueryRows): Promise<string> {
  const [row] = await query('show server_version');
  return String(row?.server_version ?? 'unknown');
}
