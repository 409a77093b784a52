import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupRefused } from './archive.js';
import { readDatabaseFacts, type DatabaseFacts } from './database-facts.js';

// The database part of an archive on PostgreSQL (docs/decisions/042-backups.md; the embedded database's is in
// pglite-copy.ts): pg_dump in custom format, inside a snapshot exported from a repeatable-read transaction in which the
// counts are read too: dump and manifest describe the same instant, and nothing is locked against writes.

/** DATABASE_URL without its password (which goes to pg_dump and pg_restore in PGPASSWORD, never on a command line). */
function splitPassword(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

interface ToolRun {
  code: number | null;
  stderr: string;
}

function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (stderr.length < 20_000) stderr += text;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new BackupRefused(
            `${tool} was not found. Install PostgreSQL's client programs, of the server's major version or newer (Debian: apt-get install postgresql-client), or put them on PATH.`,
          ),
        );
      } else reject(error);
    });
    child.on('close', (code) => resolve({ code, stderr: stderr.trim() }));
  });
}

/** The first lines pg_dump or pg_restore printed about a failure, without the connection string. */
function toolMessage(run: ToolRun): string {
  return run.stderr.split('\n').slice(0, 4).join(' ').replace(/postgres(ql)?:\/\/\S+/g, '<DATABASE_URL>') || `exit code ${String(run.code)}`;
}

/**
 * pg_dump of DATABASE_URL in custom format into `file`, from a snapshot in which the facts are read too. Returns the
 * facts. Writes go on meanwhile; only DDL (a migration) would wait for it.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<DatabaseFacts> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'charity-backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const facts = await readDatabaseFacts(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
    const { url, env } = splitPassword(databaseUrl);
    const run = await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0]!.snapshot}`, `--file=${file}`, `--dbname=${url}`], env);
    if (run.code !== 0) throw new BackupRefused(`pg_dump failed: ${toolMessage(run)}`);
    await client.query('commit');
    return facts;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * pg_restore of a custom-format dump into DATABASE_URL, in one transaction: it all lands or nothing does.
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = splitPassword(databaseUrl);
  const run = await runTool('pg_restore', ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${url}`, file], env);
  if (run.code !== 0) throw new BackupRefused(`pg_restore failed, and restored nothing: ${toolMessage(run)}`);
}
