import { chmodSync, copyFileSync, createReadStream, createWriteStream, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, type Dirent } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rm, stat, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { formatFileSize } from '@charity/domain';
import * as tar from 'tar-stream';
import { BackupRefused } from './archive.js';
import { readDatabaseFacts, type DatabaseFacts, type QueryRows } from './database-facts.js';

// The embedded database's part of a backup, made the way PostgreSQL documents for a running server ("Making a Base
// Backup Using the Low Level API", decision 042): pg_backup_start, a copy of the data files while the site goes on
// writing, pg_backup_stop, then the write-ahead log from the backup's start to its stop and the backup_label that
// tells PostgreSQL where to replay from. The site's queries wait only for the checkpoint pg_backup_start makes and
// for the few milliseconds of pg_backup_stop and the log copy; the data files are copied while donations go on
// (a page caught half-written is repaired on replay from the full-page image PostgreSQL logs during a backup).
// The copy sits in DATA_DIR/.backup-copy-<pid>-<hex> (same disk, so it is a fast local copy), is started once in a
// PGlite of its own (replaying the log: proof it starts, and the manifest's counts are the copy's own), then packed
// as a gzipped tar and removed. Memory stays flat whatever the database's size: nothing is held whole in memory.

/** The prefix of the folders a backup copies the database into, inside DATA_DIR. */
export const COPY_PREFIX = '.backup-copy-';
/** `.backup-copy-<pid of the backup command>-<8 hex>`: the pid lets a starting server remove a dead command's copy. */
export const COPY_NAME = /^\.backup-copy-(\d+)-[0-9a-f]{8}$/;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

/**
 * Removes the copies a backup command left when it died (they can be as large as the database), unless that command
 * still runs; answers their names. Run by the server when it starts and by each backup of the embedded database.
 */
export async function removeAbandonedCopies(dataDir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dataDir).catch(() => [] as string[])) {
    const pid = COPY_NAME.exec(name)?.[1];
    if (!name.startsWith(COPY_PREFIX) || (pid !== undefined && isRunning(Number(pid)))) continue;
    await rm(path.join(dataDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Folders whose contents a copy leaves out: rebuilt at start (PostgreSQL's list), or for pg_wal, the backup's own log is added. */
const CONTENTS_LEFT_OUT = new Set(['pg_wal', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans', 'pg_replslot']);
/** Files of PGDATA's top level a copy leaves out: a running server's, or an earlier backup's label. */
const FILES_LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'backup_label.old', 'tablespace_map', 'tablespace_map.old']);
/** A write-ahead log segment's file name: timeline, then the segment's number in two halves. */
const SEGMENT = /^[0-9A-F]{24}$/;
/** Room kept free beside the copy (the archive is written elsewhere; PostgreSQL needs some to start the copy). */
const FREE_SPACE_MARGIN = 64 * 1024 * 1024;

/** PGlite's rows through the bare query function database-facts.ts reads with. */
export function pgliteQuery(client: Pick<PGlite, 'query'>): QueryRows {
  return async (sql) => (await client.query<Record<string, unknown>>(sql)).rows;
}

export interface OnlineCopy {
  /** How long the site's queries could wait: the start checkpoint plus the stop and the log copy. */
  heldMs: number;
  /** The bytes copied. */
  bytes: number;
}

export interface OnlineCopyHooks {
  /** Runs between the data files and pg_backup_stop (tests: writes during the copy, or a checkpoint that recycles its log). */
  afterDataFiles?: () => Promise<void>;
  /** The free bytes on DATA_DIR's disk (tests: a disk too small for the copy). */
  freeBytes?: (folder: string) => Promise<number>;
}

/** One backup at a time per database: PostgreSQL allows one non-exclusive backup per session, and PGlite has one session. */
const copying = new WeakSet<PGlite>();

/**
 * Copies the database `client` has open (PGDATA in `pgdata`) into `target` (which must not exist) while it keeps
 * serving. The result is a data directory that starts by replaying its log up to the instant of pg_backup_stop.
 */
export async function copyPgliteOnline(client: PGlite, pgdata: string, target: string, hooks: OnlineCopyHooks = {}): Promise<OnlineCopy> {
  if (copying.has(client)) throw new BackupRefused('A backup of this database is being made already: run this one when it has finished.');
  copying.add(client);
  let started = false;
  try {
    await checkFreeSpace(pgdata, path.dirname(target), hooks.freeBytes ?? diskFreeBytes);
    // Each hold is timed inside its transaction: from when it has the database (after the query under way) to its end.
    let heldMs = 0;
    // A checkpoint, then PostgreSQL logs whole pages until the stop: the copy below may catch any page mid-write.
    await client.transaction(async (tx) => {
      const held = performance.now();
      await tx.query(`select pg_backup_start('npm run backup', true)`);
      started = true;
      heldMs += performance.now() - held;
    });

    let bytes = await copyTree(pgdata, target);
    await hooks.afterDataFiles?.();

    // The stop and the copy of its log in one transaction: no other query may write (or recycle a segment) in between.
    const label = await client.transaction(async (tx) => {
      const held = performance.now();
      const { rows } = await tx.query<{ labelfile: string; segment: string; segment_bytes: string }>(
        `select labelfile, pg_walfile_name(lsn) as segment, (select setting from pg_settings where name = 'wal_segment_size') as segment_bytes
           from pg_backup_stop(false)`,
      );
      started = false;
      const stop = rows[0]!;
      bytes += await copyLog(pgdata, target, stop.labelfile, stop.segment, Number(stop.segment_bytes));
      heldMs += performance.now() - held;
      return stop.labelfile;
    });
    await writeFile(path.join(target, 'backup_label'), label, { mode: 0o600 });
    return { heldMs: Math.round(heldMs), bytes };
  } finally {
    // A copy that failed half-way still has to leave backup mode, or the next backup (and PGlite's close) would find it on.
    if (started) await client.query('select pg_backup_stop(false)').catch(() => {});
    copying.delete(client);
  }
}

async function diskFreeBytes(folder: string): Promise<number> {
  const disk = await statfs(folder);
  return disk.bavail * disk.bsize;
}

/** The copy's size up front, and a refusal rather than a full disk under the running database. */
async function checkFreeSpace(pgdata: string, folder: string, freeBytes: (folder: string) => Promise<number>): Promise<void> {
  const needed = (await treeBytes(pgdata)) + FREE_SPACE_MARGIN;
  const free = await freeBytes(folder);
  if (free < needed) {
    throw new BackupRefused(
      `There is not enough free disk space in DATA_DIR to copy the database for the backup: it needs about ${formatFileSize(needed)}, and ${formatFileSize(free)} is free.`,
    );
  }
}

/**
 * The process's event loop is shared with the site when the server makes the copy: PGDATA's thousands of small files
 * are read and copied synchronously in slices of a few milliseconds, with a turn of the loop between slices (one
 * asynchronous call per file would wait behind the site's queries thousands of times); large files are copied
 * asynchronously, off the loop.
 */
const SLICE_MS = 8;
const SMALL_FILE = 1024 * 1024;

function slices(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await nextTurn();
    since = performance.now();
  };
}

function entriesOf(folder: string): Dirent[] | null {
  try {
    return readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    // A folder dropped while the copy runs (a table rewritten): the log replay recreates what the copy needs.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Whether a copy takes this entry of PGDATA: `relative` is the folder's path inside PGDATA ('' at the top). */
function takes(relative: string, name: string, isDirectory: boolean): boolean {
  if (name.startsWith('pgsql_tmp')) return false;
  if (relative === '' && !isDirectory && FILES_LEFT_OUT.has(name)) return false;
  const top = relative === '' ? (isDirectory ? name : '') : relative.split('/')[0]!;
  if (relative !== '' && CONTENTS_LEFT_OUT.has(top)) return isDirectory && top === 'pg_wal'; // pg_wal/archive_status, pg_wal/summaries: kept, empty
  return true;
}

interface TreeEntry {
  /** Path inside the tree, '/'-separated. */
  name: string;
  directory: boolean;
  size: number;
}

/** The entries a copy takes, folders before what they hold, in name order; `keep` filters further. */
async function listTree(root: string, keep: (relative: string, name: string, isDirectory: boolean) => boolean): Promise<TreeEntry[]> {
  const found: TreeEntry[] = [];
  const pause = slices();
  const walk = async (relative: string) => {
    for (const entry of entriesOf(relative ? path.join(root, relative) : root) ?? []) {
      if (!keep(relative, entry.name, entry.isDirectory())) continue;
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        found.push({ name, directory: true, size: 0 });
        await walk(name);
      } else if (entry.isFile()) {
        let size: number;
        try {
          size = statSync(path.join(root, name)).size;
        } catch {
          continue; // gone since the listing
        }
        found.push({ name, directory: false, size });
      }
      await pause();
    }
  };
  await walk('');
  return found;
}

async function treeBytes(folder: string): Promise<number> {
  return (await listTree(folder, takes)).reduce((sum, entry) => sum + entry.size, 0);
}

async function copyTree(from: string, to: string): Promise<number> {
  const entries = await listTree(from, takes);
  mkdirSync(to, { mode: 0o700 });
  const pause = slices();
  let bytes = 0;
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const copy = path.join(to, entry.name);
    if (entry.directory) {
      mkdirSync(copy, { mode: 0o700 });
      continue;
    }
    try {
      if (entry.size < SMALL_FILE) copyFileSync(source, copy);
      else await copyFile(source, copy);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // dropped meanwhile: replay deals with it
      throw error;
    }
    chmodSync(copy, 0o600);
    bytes += statSync(copy).size;
    await pause();
  }
  return bytes;
}

/** A segment's position in the log, to check the copied ones follow each other without a gap. */
function segmentNumber(name: string, segmentBytes: number): bigint {
  return BigInt(`0x${name.slice(8, 16)}`) * (0x1_0000_0000n / BigInt(segmentBytes)) + BigInt(`0x${name.slice(16, 24)}`);
}

/** Copies the log segments from the backup's start to its stop (and any timeline history) into the copy's pg_wal. */
async function copyLog(pgdata: string, target: string, labelFile: string, stopSegment: string, segmentBytes: number): Promise<number> {
  const startSegment = /\(file ([0-9A-F]{24})\)/.exec(labelFile)?.[1];
  if (!startSegment) throw new Error(`pg_backup_stop gave a backup label without its start segment: ${labelFile.slice(0, 200)}`);
  const log = path.join(pgdata, 'pg_wal');
  const names = (await readdir(log)).sort();
  const segments = names.filter((name) => SEGMENT.test(name) && name.slice(0, 8) === startSegment.slice(0, 8) && name >= startSegment && name <= stopSegment);
  const wanted = segmentNumber(stopSegment, segmentBytes) - segmentNumber(startSegment, segmentBytes) + 1n;
  if (segments[0] !== startSegment || BigInt(segments.length) !== wanted) {
    // A checkpoint during the copy reused the first segments (only when more than max_wal_size was written meanwhile).
    throw new BackupRefused(
      'The site wrote so much while its database was being copied that PostgreSQL reused the log the copy needs: run the backup again (at a quieter time).',
    );
  }
  let bytes = 0;
  for (const name of [...segments, ...names.filter((name) => name.endsWith('.history'))]) {
    await copyFile(path.join(log, name), path.join(target, 'pg_wal', name));
    await chmod(path.join(target, 'pg_wal', name), 0o600);
    bytes += (await stat(path.join(target, 'pg_wal', name))).size;
  }
  return bytes;
}

/**
 * Starts the copy in a PGlite of its own: it replays its log to the backup's stop and shuts down cleanly, so the
 * archive holds a database that needs no recovery, proven to start. Answers what it holds (the manifest's counts).
 */
export async function settleCopy(copy: string): Promise<DatabaseFacts> {
  let client: PGlite;
  try {
    client = await PGlite.create(copy);
  } catch (error) {
    throw new BackupRefused(`The copy of the embedded database did not start, so no archive was written: ${error instanceof Error ? error.message : String(error)}.`);
  }
  try {
    return await readDatabaseFacts(pgliteQuery(client));
  } finally {
    await client.close();
  }
}

/** The copy as the archive's database part: a gzipped tar of the data directory, paths relative to it. */
export async function packCopy(copy: string, file: string): Promise<void> {
  const pack = tar.pack();
  // Tar blocks gathered into large chunks before gzip: each chunk is one trip to zlib's thread, and a trip per 512-byte
  // block would wait behind the site's queries each time in a process that also serves.
  const written = pipeline(pack, inChunksOf(4 * 1024 * 1024), createGzip({ level: 6, chunkSize: 1024 * 1024 }), createWriteStream(file, { mode: 0o600 }));
  written.catch(() => {}); // awaited below; a failed write must not be an unhandled rejection meanwhile
  const pause = slices();
  const add = (header: Parameters<tar.Pack['entry']>[0], body?: Buffer) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (body) pack.entry(header, body, done);
      else pack.entry(header, done);
    });
  try {
    // backup_label.old: left by the settling start, of no use to a restore.
    for (const entry of await listTree(copy, (relative, name, isDirectory) => isDirectory || relative !== '' || !FILES_LEFT_OUT.has(name))) {
      const full = path.join(copy, entry.name);
      if (entry.directory) {
        await add({ name: entry.name, type: 'directory', mode: 0o700 });
      } else if (entry.size < SMALL_FILE) {
        await add({ name: entry.name, size: entry.size, mode: 0o600, type: 'file' }, readFileSync(full));
      } else {
        await new Promise<void>((resolve, reject) => {
          const sink = pack.entry({ name: entry.name, size: entry.size, mode: 0o600, type: 'file' }, (error) => (error ? reject(error) : resolve()));
          createReadStream(full)
            .on('error', (error) => {
              sink.destroy(error);
              reject(error);
            })
            .pipe(sink);
        });
      }
      await pause();
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
  }
  await written;
}

/** Passes bytes on in chunks of at least `size` (the last one smaller). */
function inChunksOf(size: number): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes >= size) {
        this.push(Buffer.concat(held));
        held = [];
        heldBytes = 0;
      }
      done();
    },
    flush(done) {
      if (heldBytes > 0) this.push(Buffer.concat(held));
      done();
    },
  });
}

/** A path inside the database folder from a tar entry's name ('/base/1/1259' from PGlite's own dumps, 'base/1/1259' from ours). */
function insidePath(name: string): string | null {
  const parts = name.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.length === 0) return '';
  if (parts.some((part) => part === '..')) return null;
  return parts.join('/');
}

/**
 * Writes the archive's database part (a gzipped tar of PGDATA: ours, or PGlite's dumpDataDir from the first
 * archives) into `directory`, streaming: a database of any size restores in constant memory.
 */
export async function extractDatabasePart(gzipped: string, directory: string): Promise<void> {
  const damaged = (what: string) => new BackupRefused(`The database part of the archive is damaged (${what}).`);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const extract = tar.extract();
  const reading = pipeline(createReadStream(gzipped), createGunzip(), extract);
  let failure: unknown = null;
  reading.catch((error: unknown) => {
    failure = error;
  });
  try {
    for await (const entry of extract) {
      const inside = insidePath(entry.header.name);
      if (inside === null) throw damaged(`it names ${entry.header.name}, outside the database folder`);
      const target = path.join(directory, inside);
      if (entry.header.type === 'directory') {
        mkdirSync(target, { recursive: true, mode: 0o700 });
        entry.resume();
      } else if (entry.header.type === 'file') {
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        // Thousands of small files: written in one call each, not through a stream's several trips to the disk thread.
        if ((entry.header.size ?? 0) < SMALL_FILE) writeFileSync(target, await collectEntry(entry as AsyncIterable<Buffer>), { mode: 0o600 });
        else await pipeline(entry, createWriteStream(target, { mode: 0o600 }));
      } else {
        throw damaged(`it holds a ${entry.header.type} ${entry.header.name}`);
      }
    }
    await reading;
  } catch (error) {
    extract.destroy();
    await reading.catch(() => {});
    if (error instanceof BackupRefused) throw error;
    const cause = failure ?? error;
    const code = (cause as NodeJS.ErrnoException | null)?.code ?? '';
    const message = cause instanceof Error ? cause.message : String(cause);
    if (code.startsWith('Z_')) throw damaged('not gzip data');
    if (/tar|unexpected end/i.test(message)) throw damaged(message);
    throw cause; // the disk, not the archive (no space, no permission): said as it is
  }
}

async function collectEntry(entry: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The embedded database restored from an extracted part. */
export async function startRestoredDatabase(directory: string): Promise<PGlite> {
  try {
    return await PGlite.create(directory);
  } catch (error) {
    throw new BackupRefused(`The embedded database in the archive could not be started: ${error instanceof Error ? error.message : String(error)}.`);
  }
}
