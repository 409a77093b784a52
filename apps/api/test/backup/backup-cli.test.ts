import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStoredFiles } from '../../src/backup/stored-files.js';
import { openDatabase } from '../../src/db/open.js';
import { prepareDatabase } from '../../src/db/prepare.js';
import { loadConfig } from '../../src/config.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { temporaryDir } from '../support/databases.js';
import { requireBuiltServer, startApiProcess } from '../faults/api-process.js';

// The two commands as an operator runs them (`npm run backup` / `npm run restore` run these built files): their
// usage, their exit codes, what they print, and a site whose photos live in a bucket (STORAGE_URL) backed up from the
// bucket while the server runs and restored into another bucket prefix.

const CLI = path.resolve(import.meta.dirname, '../../dist/cli');

function run(program: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(CLI, `${program}.js`), ...args], {
      // An empty working directory: no .env is read but the one a test writes.
      cwd: temporaryDir('charity-cli-'),
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run backup and npm run restore, as commands', () => {
  let s3: S3TestServer;

  beforeAll(async () => {
    requireBuiltServer();
    s3 = await startS3Server({ prefix: 'site-a/' });
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it('print their usage for wrong arguments (exit 2) and for --help (exit 0)', async () => {
    const none = await run('backup', [], {});
    expect(none.code).toBe(2);
    expect(none.stdout).toContain('Usage: npm run backup -- <file>');
    expect((await run('backup', ['--help'], {})).code).toBe(0);
    const two = await run('restore', ['a.tar', 'b.tar'], {});
    expect(two.code).toBe(2);
    expect(two.stdout).toContain('Usage: npm run restore -- <file> [--force]');
  });

  it('say why nothing was done (exit 1)', async () => {
    const dataDir = temporaryDir('charity-empty-');
    const noDatabase = await run('backup', [path.join(dataDir, 'x.tar')], { DATA_DIR: dataDir });
    expect(noDatabase.code).toBe(1);
    expect(noDatabase.stderr).toBe(`No backup was made: There is no database in DATA_DIR (${dataDir}) to back up: check DATA_DIR (the server's own), or start the server once.\n`);
    const noFolder = await run('backup', ['/nonexistent/folder/x.tar'], { DATA_DIR: dataDir });
    expect(noFolder.stderr).toBe('No backup was made: Cannot write the archive /nonexistent/folder/x.tar: the folder /nonexistent/folder does not exist.\n');
    const notArchive = path.join(dataDir, 'photo.jpg');
    writeFileSync(notArchive, Buffer.alloc(2048, 7));
    const restore = await run('restore', [notArchive], { DATA_DIR: temporaryDir('charity-target-') });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toBe(`${notArchive} is not a backup archive made by npm run backup.\n`);
  });

  it('back up a running site whose photos are in a bucket, and restore it into another bucket prefix', async () => {
    const dataDir = temporaryDir('charity-bucket-site-');
    const site = { DATA_DIR: dataDir, ...s3.env };
    const server = await startApiProcess(site, 120_000);
    const archive = path.join(temporaryDir('charity-archives-'), 'nightly.tar');
    let backup;
    try {
      backup = await run('backup', [archive], site);
    } finally {
      await server.stop();
    }
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Copying stored files from the bucket s3:\/\/charity-test\/site-a\/…\nCopying the embedded database…\nBackup written: .*nightly\.tar \([\d.]+ [kM]B, \d+ parts\) in [\d.]+ s; the server's database was held for \d+ ms\.\n/);
    expect(backup.stdout).toMatch(/campaigns 8, events 8, photos \d+, .*files \d+\.\n$/);
    // The seed's photos went to the bucket, not the disk.
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);

    const target = { DATA_DIR: temporaryDir('charity-restored-'), ...s3.env, STORAGE_URL: s3.storageUrl.replace('site-a/', 'site-b/') };
    const restored = await run('restore', [archive], target);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('Copying the stored files into the bucket…');
    expect(restored.stdout).toMatch(/\ncampaigns\s+8\s+8\n/);
    expect(restored.stdout).not.toContain('differs');
    // Every file of site-a is in site-b, byte for byte.
    const configA = loadConfig({ DATA_DIR: dataDir, ...s3.env });
    const configB = loadConfig(target);
    const [a, b] = [await openStoredFiles(configA), await openStoredFiles(configB)];
    try {
      const [listA, listB] = [await a.list(), await b.list()];
      expect(listB).toEqual(listA);
      expect(listA.length).toBeGreaterThan(10);
      for (const entry of listA.slice(0, 5)) expect((await b.get(entry.key))!.equals((await a.get(entry.key))!)).toBe(true);
    } finally {
      a.close();
      b.close();
    }
    // Restoring again into the same bucket is refused: it holds files now.
    const again = await run('restore', [archive], { ...target, DATA_DIR: temporaryDir('charity-restored-') });
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('Nothing was restored: the bucket in STORAGE_URL holds files. Restore into an empty one, or add --force to replace what is there (it is kept aside, not deleted).\n');
    // The restored DATA_DIR holds the database only (the files are in the bucket), and opens.
    expect(readdirSync(target.DATA_DIR).sort()).toEqual(['db']);
    const handle = await openDatabase(configB);
    await prepareDatabase(handle, configB);
    await handle.close();
  }, 240_000);
});
