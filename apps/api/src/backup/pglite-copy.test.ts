import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import * as tar from 'tar-stream';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDir } from '../../test/support/databases.js';
import type { Database } from '../db/open.js';
import { startBackupSocket } from './control-socket.js';
import { copyPgliteOnline, extractDatabasePart, removeAbandonedCopies, startRestoredDatabase } from './pglite-copy.js';

// The embedded database's online copy (decision 042): made while it keeps taking writes, holding it only for the
// start checkpoint and the stop; the copy carries the log from the backup's start to its stop and nothing older, and
// starts at the instant of the stop. And the refusals around it, and the restore's unpacking of the part.

const open: PGlite[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close().catch(() => {});
});

/** A database on disk with `rows` gifts (50,000: about 25 MB of log, so pg_wal holds segments older than a backup's start). */
async function database(rows = 1000): Promise<{ client: PGlite; dir: string }> {
  const dir = path.join(temporaryDir(), 'db');
  const client = await PGlite.create(dir);
  open.push(client);
  await client.exec(`create table gifts (id serial primary key, donor text not null, note text not null)`);
  await client.exec(`insert into gifts (donor, note) select 'before', repeat('x', 400) from generate_series(1, ${rows})`);
  return { client, dir };
}

async function count(client: PGlite, donor: string): Promise<number> {
  return (await client.query<{ n: number }>('select count(*)::int as n from gifts where donor = $1', [donor])).rows[0]!.n;
}

const segments = (dir: string) => readdirSync(path.join(dir, 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name));

describe('the embedded database copied while it takes writes', () => {
  it('starts at the instant of the stop, with the writes made during the copy, and carries only the log it needs', async () => {
    const { client, dir } = await database(50_000);
    const copy = path.join(temporaryDir(), 'copy');
    const result = await copyPgliteOnline(client, dir, copy, {
      // After every data file was copied: the copy's pages are stale, only the log can bring these rows in.
      afterDataFiles: async () => {
        for (let i = 0; i < 200; i += 1) await client.query(`insert into gifts (donor, note) values ('during', 'copy')`);
        await client.query(`update gifts set note = 'changed' where id <= 1000`);
      },
    });
    await client.query(`insert into gifts (donor, note) values ('after', 'stop')`);
    expect(result.heldMs).toBeGreaterThan(0);
    expect(result.bytes).toBeGreaterThan(20 * 1024 * 1024);

    const label = readFileSync(path.join(copy, 'backup_label'), 'utf8');
    const start = /\(file ([0-9A-F]{24})\)/.exec(label)![1]!;
    const copied = segments(copy);
    expect(copied[0]).toBe(start);
    expect(copied.length).toBeLessThan(segments(dir).length);
    expect(existsSync(path.join(copy, 'postmaster.pid'))).toBe(false);
    expect(statSync(path.join(copy, 'PG_VERSION')).mode & 0o777).toBe(0o600);

    const restored = await PGlite.create(copy);
    open.push(restored);
    expect(await count(restored, 'before')).toBe(50_000);
    expect(await count(restored, 'during')).toBe(200);
    expect(await count(restored, 'after')).toBe(0);
    expect((await restored.query<{ n: number }>(`select count(*)::int as n from gifts where note = 'changed'`)).rows[0]!.n).toBe(1000);
  }, 60_000);

  it('refuses, and leaves backup mode, when a checkpoint during the copy reused the log it needs', async () => {
    const { client, dir } = await database();
    const copy = path.join(temporaryDir(), 'copy');
    await expect(
      copyPgliteOnline(client, dir, copy, {
        // What writing more than max_wal_size during the copy would do: the log moves on and a checkpoint recycles it.
        afterDataFiles: async () => {
          for (let i = 0; i < 3; i += 1) {
            await client.query(`insert into gifts (donor, note) values ('during', 'copy')`);
            await client.query('select pg_switch_wal()');
            await client.query('checkpoint');
          }
        },
      }),
    ).rejects.toThrow(
      'The site wrote so much while its database was being copied that PostgreSQL reused the log the copy needs: run the backup again (at a quieter time).',
    );
    // Backup mode was ended: the next backup starts.
    const again = path.join(temporaryDir(), 'copy');
    await copyPgliteOnline(client, dir, again);
    expect(existsSync(path.join(again, 'backup_label'))).toBe(true);
  }, 60_000);

  it('makes one copy at a time, and refuses one the disk has no room for', async () => {
    const { client, dir } = await database();
    const first = copyPgliteOnline(client, dir, path.join(temporaryDir(), 'copy'));
    await expect(copyPgliteOnline(client, dir, path.join(temporaryDir(), 'copy'))).rejects.toThrow(
      'A backup of this database is being made already: run this one when it has finished.',
    );
    await first;
    const target = path.join(temporaryDir(), 'copy');
    await expect(copyPgliteOnline(client, dir, target, { freeBytes: async () => 10 * 1024 * 1024 })).rejects.toThrow(
      /^There is not enough free disk space in DATA_DIR to copy the database for the backup: it needs about \d+(\.\d)? MB, and 10\.0 MB is free\.$/,
    );
    expect(existsSync(target)).toBe(false);
    // Nothing was started: a copy goes ahead straight after.
    await copyPgliteOnline(client, dir, target);
  }, 60_000);
});

async function gzippedTar(entries: Array<{ name: string; body?: string; type?: 'file' | 'directory' | 'symlink' }>): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk) => chunks.push(chunk as Buffer));
  const ended = new Promise<void>((resolve) => pack.on('end', () => resolve()));
  for (const entry of entries) {
    if (entry.type === 'symlink') pack.entry({ name: entry.name, type: 'symlink', linkname: '/etc/passwd' });
    else if (entry.type === 'directory') pack.entry({ name: entry.name, type: 'directory' });
    else pack.entry({ name: entry.name }, entry.body ?? '');
  }
  pack.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}

describe("the restore's unpacking of the database part", () => {
  it("restores the first archives' part (PGlite's own dumpDataDir, paths from /)", async () => {
    const source = await PGlite.create();
    open.push(source);
    await source.exec(`create table gifts (id serial primary key, donor text not null); insert into gifts (donor) values ('Asha'), ('Ravi')`);
    const part = path.join(temporaryDir(), 'part.tar.gz');
    writeFileSync(part, Buffer.from(await (await source.dumpDataDir('gzip')).arrayBuffer()));
    const target = path.join(temporaryDir(), 'db');
    await extractDatabasePart(part, target);
    const restored = await startRestoredDatabase(target);
    open.push(restored);
    expect((await restored.query<{ donor: string }>('select donor from gifts order by id')).rows.map((row) => row.donor)).toEqual(['Asha', 'Ravi']);
  }, 60_000);

  it.each([
    ['a path out of the folder', [{ name: '../escape', body: 'x' }], 'The database part of the archive is damaged (it names ../escape, outside the database folder).'],
    ['a link', [{ name: 'base', type: 'directory' as const }, { name: 'base/link', type: 'symlink' as const }], 'The database part of the archive is damaged (it holds a symlink base/link).'],
  ])('refuses %s', async (_what, entries, message) => {
    const root = temporaryDir();
    const part = path.join(root, 'part.tar.gz');
    writeFileSync(part, await gzippedTar(entries));
    await expect(extractDatabasePart(part, path.join(root, 'inner', 'db'))).rejects.toThrow(message);
    expect(existsSync(path.join(root, 'inner', 'escape'))).toBe(false);
  });

  it('refuses a part that is not gzip data', async () => {
    const root = temporaryDir();
    const part = path.join(root, 'part.tar.gz');
    writeFileSync(part, 'not a database');
    await expect(extractDatabasePart(part, path.join(root, 'db'))).rejects.toThrow('The database part of the archive is damaged (not gzip data).');
  });
});

describe('a backup command that died', () => {
  it("leaves a copy the server removes when it starts, unless its command is still running", async () => {
    const dataDir = temporaryDir();
    const dead = path.join(dataDir, '.backup-copy-999999999-0123abcd');
    const running = path.join(dataDir, `.backup-copy-${process.pid}-89abcdef`);
    for (const copy of [dead, running]) mkdirSync(path.join(copy, 'base'), { recursive: true });
    const logged: unknown[] = [];
    const log = { info: (entry: unknown) => logged.push(entry), error: () => {} } as unknown as FastifyBaseLogger;
    const client = await PGlite.create();
    open.push(client);
    const socket = await startBackupSocket({ dataDir, client, db: {} as Database, log });
    try {
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(running)).toBe(true);
      expect(logged).toEqual([{ copy: '.backup-copy-999999999-0123abcd' }]);
    } finally {
      await socket.close();
    }
  });

  it('leaves a copy the next backup removes too (no server in between), and nothing else of DATA_DIR', async () => {
    const dataDir = temporaryDir();
    const names = ['.backup-copy-999999998-0123abcd', `.backup-copy-${process.pid}-89abcdef`, 'uploads', 'db'];
    for (const name of names) mkdirSync(path.join(dataDir, name, 'inside'), { recursive: true });
    expect(await removeAbandonedCopies(dataDir)).toEqual(['.backup-copy-999999998-0123abcd']);
    expect(readdirSync(dataDir).sort()).toEqual(names.slice(1).sort());
  });
});
