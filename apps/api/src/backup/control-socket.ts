import { createHash } from 'node:crypto';
import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open.js';
import { BackupRefused } from './archive.js';
import { parseBackupRun, recordBackupRun, type BackupRun } from './backup-runs.js';
import { COPY_NAME, copyPgliteOnline, removeAbandonedCopies, type OnlineCopy } from './pglite-copy.js';

// The embedded database lives inside the server's process: no second process may open DATA_DIR/db while it runs
// (db/lock.ts). So `npm run backup` asks the running server for the copy, over a Unix socket in DATA_DIR that only
// the server's own user can open (mode 0600; the same user can read DATA_DIR anyway). Two requests: "copy the database
// into DATA_DIR/<name>" (pglite-copy.ts: the server copies while it serves; the command packs and removes the copy),
// and "record this archive" for the dashboard. Nothing listens on a network port; on PostgreSQL there is no
// socket (pg_dump reads the server directly). Decision 042.

/** Unix socket paths are limited to about 100 bytes: a deep DATA_DIR gets one in the temporary folder, named by a hash of it. */
export function backupSocketPath(dataDir: string): string {
  const inside = path.join(path.resolve(dataDir), 'backup.sock');
  if (Buffer.byteLength(inside) <= 100) return inside;
  return path.join(os.tmpdir(), `charity-backup-${createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16)}.sock`);
}

export interface BackupSocket {
  readonly path: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 16 * 1024;

/** Listens on DATA_DIR's backup socket for the server holding the embedded database (called once it serves). */
export async function startBackupSocket(options: { dataDir: string; client: PGlite; db: Database; log: FastifyBaseLogger }): Promise<BackupSocket> {
  const socketPath = backupSocketPath(options.dataDir);
  // This process holds DATA_DIR's lock, so a socket file there is a dead process's.
  await rm(socketPath, { force: true });
  for (const copy of await removeAbandonedCopies(options.dataDir)) options.log.info({ copy }, 'removed the database copy of a backup that did not finish');
  const server = http.createServer((request, reply) => {
    void handle(request, reply).catch((error: unknown) => {
      options.log.error({ err: error }, 'backup socket request failed');
      if (!reply.headersSent) reply.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      reply.end(error instanceof Error ? error.message : 'failed');
    });
  });

  async function handle(request: http.IncomingMessage, reply: http.ServerResponse): Promise<void> {
    if (request.method === 'POST' && request.url === '/database-copy') {
      const body = await readBody(request);
      const name = body === null ? null : (parseJson(body) as { copy?: unknown } | null)?.copy;
      if (typeof name !== 'string' || !COPY_NAME.test(name)) {
        reply.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('not a copy name');
        return;
      }
      try {
        const copy = await copyPgliteOnline(options.client, path.join(options.dataDir, 'db'), path.join(options.dataDir, name));
        options.log.info({ bytes: copy.bytes, heldMs: copy.heldMs }, 'database copied for a backup');
        reply.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(copy));
      } catch (error) {
        await rm(path.join(options.dataDir, name), { recursive: true, force: true });
        if (!(error instanceof BackupRefused)) throw error;
        reply.writeHead(409, { 'content-type': 'text/plain; charset=utf-8' }).end(error.message);
      }
      return;
    }
    if (request.method === 'POST' && request.url === '/backup-runs') {
      const body = await readBody(request);
      if (body === null) {
        reply.writeHead(413).end();
        return;
      }
      let run: BackupRun | null;
      try {
        run = parseBackupRun(JSON.parse(body.toString('utf8')));
      } catch {
        run = null;
      }
      if (!run) {
        reply.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('not a backup run');
        return;
      }
      await recordBackupRun(options.db, run);
      reply.writeHead(204).end();
      return;
    }
    reply.writeHead(404).end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return {
    path: socketPath,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await rm(socketPath, { force: true });
    },
  };
}

/** A request's body, or null past MAX_BODY_BYTES. */
async function readBody(request: http.IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

/** A request to the server on DATA_DIR's socket; null when nothing listens there. */
function ask(dataDir: string, route: string, body: Buffer | null): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders } | null> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: backupSocketPath(dataDir), path: route, method: 'POST', headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {} },
      (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('end', () => resolve({ status: reply.statusCode ?? 0, body: Buffer.concat(chunks), headers: reply.headers }));
        reply.on('error', reject);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    request.end(body ?? undefined);
  });
}

function notAnswering(dataDir: string, pid: number): BackupRefused {
  return new BackupRefused(
    `The server (pid ${pid}) is using DATA_DIR but does not answer backups on its socket (${backupSocketPath(dataDir)}): if it runs an older version of the product, restart it with this one, then run the backup again.`,
  );
}

/** Asks the running server to copy its database into DATA_DIR/<copyName>; answers how long its queries waited. */
export async function requestDatabaseCopy(dataDir: string, serverPid: number, copyName: string): Promise<OnlineCopy> {
  const answer = await ask(dataDir, '/database-copy', Buffer.from(JSON.stringify({ copy: copyName })));
  if (!answer || answer.status === 404) throw notAnswering(dataDir, serverPid);
  if (answer.status === 409) throw new BackupRefused(answer.body.toString('utf8'));
  if (answer.status !== 200) throw new BackupRefused(`The server could not copy its database: ${answer.body.toString('utf8').slice(0, 300) || `status ${answer.status}`}.`);
  return JSON.parse(answer.body.toString('utf8')) as OnlineCopy;
}

/** Records a backup run through the running server (which holds the embedded database). */
export async function recordThroughServer(dataDir: string, serverPid: number, run: BackupRun): Promise<void> {
  const answer = await ask(dataDir, '/backup-runs', Buffer.from(JSON.stringify(run)));
  if (!answer) throw notAnswering(dataDir, serverPid);
  if (answer.status !== 204) throw new BackupRefused(`The server did not record the backup (status ${answer.status}).`);
}
