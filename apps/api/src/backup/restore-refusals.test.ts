import { cpSync, createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { lockDataDir } from '../db/lock.js';
import { migrateDatabase } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';
import { MIGRATIONS_DIR } from '../paths.js';
import { campaigns } from '../db/schema.js';
import { createTemporaryDatabase, POSTGRES_SKIP_REASON, temporaryDir, testConfig } from '../../test/support/databases.js';
import { MANIFEST_NAME, type BackupManifest } from './archive.js';
import { createBackup } from './create-backup.js';
import { restoreBackup } from './restore-backup.js';

// Bad input to `npm run restore` (issue 22): a damaged, partial or foreign file, an archive of a newer product, a
// DATA_DIR or database that holds data, a running server — each refused with its sentence, and nothing changed. And
// an archive of an older version: restored, then brought up to date by the migrations it lacks.

/** A copy of `source` with its entries changed: dropped, their bytes altered, or the manifest rewritten. */
async function rewriteArchive(
  source: string,
  target: string,
  change: { drop?: (name: string) => boolean; bytes?: (name: string, data: Buffer) => Buffer; manifest?: (manifest: BackupManifest) => BackupManifest },
): Promise<void> {
  const extract = tar.extract();
  createReadStream(source).pipe(extract as unknown as NodeJS.WritableStream);
  const entries: Array<{ name: string; data: Buffer }> = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
  }
  const pack = tar.pack();
  const out: Buffer[] = [];
  pack.on('data', (chunk) => out.push(chunk as Buffer));
  const ended = new Promise<void>((resolve) => pack.on('end', () => resolve()));
  for (const { name, data } of entries) {
    if (change.drop?.(name)) continue;
    let bytes = change.bytes ? change.bytes(name, data) : data;
    if (name === MANIFEST_NAME && change.manifest) bytes = Buffer.from(JSON.stringify(change.manifest(JSON.parse(data.toString('utf8')) as BackupManifest)));
    pack.entry({ name, size: bytes.length }, bytes);
  }
  pack.finalize();
  await ended;
  writeFileSync(target, Buffer.concat(out));
}

/** A small site on PGlite, not running: migrated (with `migrationsFolder`), one campaign, one photo file. */
async function smallSite(migrationsFolder = MIGRATIONS_DIR): Promise<Config> {
  const config = testConfig();
  const handle = await openDatabase(config);
  try {
    await migrateDatabase(handle, migrationsFolder);
    await handle.db.insert(campaigns).values({ slug: 'wells', title: 'Clean water', description: 'Wells for schools.', targetAmount: 100_000, status: 'active' } as typeof campaigns.$inferInsert);
  } finally {
    await handle.close();
  }
  mkdirSync(path.join(config.dataDir, 'uploads', 'events'), { recursive: true });
  writeFileSync(path.join(config.dataDir, 'uploads', 'events', `${'ab'.repeat(12)}-400.webp`), Buffer.from('RIFF....WEBPVP8 photo bytes'));
  return config;
}

const refusedWith = async (config: Config, archive: string, message: string | RegExp, force = false) => {
  await expect(restoreBackup(config, archive, { force })).rejects.toThrow(message);
};

describe('npm run restore refuses bad input and changes nothing', () => {
  let source: Config;
  let archive: string;
  let dir: string;

  beforeAll(async () => {
    source = await smallSite();
    dir = temporaryDir('charity-archives-');
    archive = path.join(dir, 'good.tar');
    // The server is not running: the backup opens DATA_DIR itself.
    const backup = await createBackup(source, archive);
    expect(backup.manifest.counts).toMatchObject({ campaigns: 1, files: 1 });
    expect(backup.notRecorded).toBeNull();
  }, 60_000);

  const untouched = (config: Config) => expect(existsSync(config.dataDir) ? readdirSync(config.dataDir) : []).toEqual([]);

  it('a file that is not an archive', async () => {
    const target = testConfig();
    const notArchive = path.join(dir, 'notes.txt');
    writeFileSync(notArchive, 'Dear treasurer, here is the backup.\n'.repeat(40));
    await refusedWith(target, notArchive, `${notArchive} is not a backup archive made by npm run backup.`);
    await refusedWith(target, path.join(dir, 'missing.tar'), `There is no file ${path.join(dir, 'missing.tar')}.`);
    untouched(target);
  });

  it('an archive cut short, in a part or before its manifest', async () => {
    const target = testConfig();
    const whole = readFileSync(archive);
    const cut = path.join(dir, 'cut.tar');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await refusedWith(target, cut, `${cut} is incomplete: it ends in the middle of a part (cut short while it was written or copied).`);
    const noManifest = path.join(dir, 'no-manifest.tar');
    await rewriteArchive(archive, noManifest, { drop: (name) => name === MANIFEST_NAME });
    await refusedWith(target, noManifest, `${noManifest} is incomplete: it has no manifest (a backup cut short, or a file copied before it was finished).`);
    const missingPart = path.join(dir, 'missing-part.tar');
    await rewriteArchive(archive, missingPart, { drop: (name) => name.startsWith('files/') });
    await refusedWith(target, missingPart, `${missingPart} is incomplete: 1 of its 2 parts are missing (first: files/uploads/events/${'ab'.repeat(12)}-400.webp).`);
    untouched(target);
  });

  it('an archive with a changed byte', async () => {
    const target = testConfig();
    const damaged = path.join(dir, 'damaged.tar');
    await rewriteArchive(archive, damaged, { bytes: (name, data) => (name.startsWith('files/') ? Buffer.from(data.toString('latin1').replace('photo', 'phot0'), 'latin1') : data) });
    await refusedWith(target, damaged, `${damaged} is damaged: files/uploads/events/${'ab'.repeat(12)}-400.webp does not match its checksum in the manifest.`);
    untouched(target);
  });

  it('an archive of a newer version of the product', async () => {
    const target = testConfig();
    const newerProduct = path.join(dir, 'newer-product.tar');
    await rewriteArchive(archive, newerProduct, { manifest: (m) => ({ ...m, productVersion: '9.0.0' }) });
    await refusedWith(target, newerProduct, /was made by a newer version of the product \(9\.0\.0, database at 0015_backups\); this is 0\.1\.0\. Update the product first, then restore\.$/);
    const newerDatabase = path.join(dir, 'newer-database.tar');
    await rewriteArchive(archive, newerDatabase, { manifest: (m) => ({ ...m, database: { ...m.database, migrations: { count: m.database.migrations.count + 1, latest: '0099_future' } } }) });
    await refusedWith(target, newerDatabase, /was made by a newer version of the product \(0\.1\.0, database at 0099_future\)/);
    const newerFormat = path.join(dir, 'newer-format.tar');
    await rewriteArchive(archive, newerFormat, { manifest: (m) => ({ ...m, formatVersion: 2 }) });
    await refusedWith(target, newerFormat, `${newerFormat} was made by a newer version of the product (archive format 2); update the product before restoring it.`);
    untouched(target);
  });

  it('an embedded-database archive while DATABASE_URL is set', async () => {
    const target = testConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    await refusedWith(target, archive, `${archive} holds the embedded database: unset DATABASE_URL to restore it into DATA_DIR (the embedded database and PostgreSQL archives are not interchangeable).`);
  });

  it('a DATA_DIR that holds data: refused, and replaced only with --force (what was there kept aside)', async () => {
    const target = await smallSite();
    const before = readdirSync(target.dataDir).sort();
    await refusedWith(target, archive, `Nothing was restored: DATA_DIR (${target.dataDir}) is not empty (db, uploads). Restore into an empty one, or add --force to replace what is there (it is kept aside, not deleted).`);
    expect(readdirSync(target.dataDir).sort()).toEqual(before);
    const forced = await restoreBackup(target, archive, { force: true });
    expect(forced.keptAside).toMatch(new RegExp(`^${target.dataDir}/before-restore-\\d{8}-\\d{6}$`));
    expect(readdirSync(forced.keptAside!).sort()).toEqual(['db', 'uploads']);
    expect(forced.restored).toMatchObject({ campaigns: 1, files: 1 });
  }, 60_000);

  it('a DATA_DIR a running server holds', async () => {
    const target = testConfig();
    mkdirSync(target.dataDir, { recursive: true });
    const lock = lockDataDir(target.dataDir);
    try {
      await refusedWith(target, archive, `Another process (pid ${process.pid}) is using the database in DATA_DIR: stop the server before restoring.`);
    } finally {
      lock.release();
    }
  });

  it('an archive of an older version is restored, then given the migrations it lacks', async () => {
    // The product as it was one migration ago: the journal without its last entry.
    const older = temporaryDir('charity-migrations-');
    cpSync(MIGRATIONS_DIR, older, { recursive: true });
    const journalFile = path.join(older, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const last = journal.entries.pop()!;
    writeFileSync(journalFile, JSON.stringify(journal));
    const site = await smallSite(older);
    const oldArchive = path.join(dir, 'older.tar');
    const backup = await createBackup(site, oldArchive);
    expect(backup.manifest.database.migrations).toEqual({ count: journal.entries.length, latest: journal.entries.at(-1)!.tag });
    // That version had no backup_runs table (0015 adds it): the archive is whole, only not shown on the dashboard.
    expect(backup.notRecorded).toMatch(/backup_runs/);
    const target = testConfig();
    const restored = await restoreBackup(target, oldArchive);
    expect(restored.migrationsApplied).toBe(1);
    expect(last.tag).toBe('0015_backups');
    expect(restored.restored).toMatchObject({ campaigns: 1, files: 1 });
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(`npm run restore into PostgreSQL${process.env.TEST_DATABASE_URL ? '' : ` (${POSTGRES_SKIP_REASON})`}`, () => {
  const databases: Array<{ drop(): Promise<void> }> = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  it('refuses a database with tables unless --force, which keeps the old schemas aside', async () => {
    const sourceDb = await createTemporaryDatabase('charity_backup_src');
    databases.push(sourceDb);
    const source = testConfig({ DATABASE_URL: sourceDb.url });
    const handle = await openDatabase(source);
    await migrateDatabase(handle);
    await handle.db.insert(campaigns).values({ slug: 'wells', title: 'Clean water', description: 'Wells for schools.', targetAmount: 100_000, status: 'active' } as typeof campaigns.$inferInsert);
    await handle.close();
    const archive = path.join(temporaryDir('charity-archives-'), 'pg.tar');
    await createBackup(source, archive);

    const targetDb = await createTemporaryDatabase('charity_backup_dst');
    databases.push(targetDb);
    const target = testConfig({ DATABASE_URL: targetDb.url });
    const occupied = await openDatabase(target);
    await migrateDatabase(occupied);
    await occupied.close();
    await expect(restoreBackup(target, archive)).rejects.toThrow(/^Nothing was restored: the database in DATABASE_URL \(127\.0\.0\.1:5432\/charity_backup_dst_[a-z0-9_]+\) has tables\. Restore into an empty one, or add --force/);
    const forced = await restoreBackup(target, archive, { force: true });
    expect(forced.keptAside).toMatch(/^schemas drizzle_before_restore_\d{8}-\d{6} and public_before_restore_\d{8}-\d{6} of the same database$/);
    expect(forced.restored).toMatchObject({ campaigns: 1 });
    // A PGlite archive cannot go into PostgreSQL.
    const pgliteSite = testConfig();
    const pgliteHandle = await openDatabase(pgliteSite);
    await migrateDatabase(pgliteHandle);
    await pgliteHandle.close();
    const pgliteArchive = path.join(temporaryDir('charity-archives-'), 'pglite.tar');
    await createBackup(pgliteSite, pgliteArchive);
    await expect(restoreBackup(testConfig({ DATABASE_URL: targetDb.url }), pgliteArchive, { force: true })).rejects.toThrow('holds the embedded database: unset DATABASE_URL');
  }, 120_000);
});
