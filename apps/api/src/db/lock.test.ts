import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDir } from '../../test/support/databases.js';
import { DatabaseLockedError, lockDataDir } from './lock.js';
import { openDatabase, type DatabaseHandle } from './open.js';

function deadPid(): number {
  // A process that has certainly exited: its pid is free (and, on a busy machine, unlikely to be reused at once).
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const sentence = (pid: number) =>
  `Another process (pid ${pid}) is using the database in DATA_DIR; stop it first or use a different DATA_DIR.`;

describe('the DATA_DIR lock', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('writes our pid and removes the file on release', () => {
    const dir = temporaryDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'db.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path.join(dir, 'db.lock'))).toBe(false);
  });

  it('refuses while another live process holds it, naming its pid', () => {
    const dir = temporaryDir();
    const holder = spawn('sleep', ['30']);
    cleanups.push(() => holder.kill());
    writeFileSync(path.join(dir, 'db.lock'), `${holder.pid}\n`);
    expect(() => lockDataDir(dir)).toThrowError(new DatabaseLockedError(holder.pid!));
    expect(() => lockDataDir(dir)).toThrow(sentence(holder.pid!));
  });

  it('takes over a stale lock left by a process that has died', () => {
    const dir = temporaryDir();
    writeFileSync(path.join(dir, 'db.lock'), `${deadPid()}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'db.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock naming our own pid that this process does not hold (a restarted container)', () => {
    const dir = temporaryDir();
    writeFileSync(path.join(dir, 'db.lock'), `${process.pid}\n`);
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(sentence(process.pid));
    lock.release();
  });

  it('takes over an empty lock file left by a crash mid-write', () => {
    const dir = temporaryDir();
    writeFileSync(path.join(dir, 'db.lock'), '');
    lockDataDir(dir).release();
  });

  it('never removes a lock that another process has taken since', () => {
    const dir = temporaryDir();
    const lock = lockDataDir(dir);
    writeFileSync(path.join(dir, 'db.lock'), '999999\n'); // an operator removed ours; someone else took it
    lock.release();
    expect(readFileSync(path.join(dir, 'db.lock'), 'utf8')).toBe('999999\n');
  });
});

describe('opening PGlite in a DATA_DIR', () => {
  let open: DatabaseHandle | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  it('refuses a second open of the same DATA_DIR with the sentence, and allows it after close', async () => {
    const dataDir = temporaryDir();
    open = await openDatabase({ dataDir, databaseUrl: null });
    await expect(openDatabase({ dataDir, databaseUrl: null })).rejects.toThrow(sentence(process.pid));
    await open.close();
    open = await openDatabase({ dataDir, databaseUrl: null });
    expect(open.kind).toBe('pglite');
  });

  it('starts on a DATA_DIR whose previous owner died without cleaning up', async () => {
    const dataDir = temporaryDir();
    writeFileSync(path.join(dataDir, 'db.lock'), `${deadPid()}\n`);
    open = await openDatabase({ dataDir, databaseUrl: null });
    expect(readFileSync(path.join(dataDir, 'db.lock'), 'utf8').trim()).toBe(String(process.pid));
    await open.close();
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });
});
