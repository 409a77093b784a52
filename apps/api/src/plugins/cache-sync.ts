import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { RESPONSE_CACHE_TAGS, type ResponseCache, type ResponseCacheTag } from './response-cache.js';

// Caches that agree across replicas (docs/decisions/041-replicas.md). Each API process keeps its public reads in its
// own ResponseCache; on PostgreSQL a write's invalidation is sent to every replica with NOTIFY on one channel, and each
// replica LISTENs on a connection of its own. PostgreSQL delivers a notice to every listening session once the
// sending statement has committed, in a few milliseconds on one network, so an edit on one replica is gone from the
// others' caches well within a second. On PGlite there is one process and nothing to tell.
//
// A notice can be missed only while the listening connection is down. So while it is down the cache neither serves
// nor keeps anything (every read goes to the database, correct if slower), and when it comes back everything kept
// before is dropped. A notice that cannot be SENT (the pool failed) is logged; the other replicas' entries then live
// at most RESPONSE_CACHE_MAX_AGE_MS.

/** The channel every replica listens on. */
export const CACHE_CHANNEL = 'response_cache';
/** The listening connection's name in pg_stat_activity. */
export const CACHE_SYNC_APPLICATION_NAME = 'charity-api cache-sync';
/** How long to wait before opening the listening connection again after it failed, doubling up to the last. */
export const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000] as const;

interface Notice {
  /** The sending process: it has already dropped its own entries. */
  from: string;
  tags: ResponseCacheTag[];
}

function parseNotice(payload: string | undefined): Notice | null {
  try {
    const value = JSON.parse(payload ?? '') as Partial<Notice>;
    if (typeof value.from !== 'string' || !Array.isArray(value.tags)) return null;
    const tags = value.tags.filter((tag): tag is ResponseCacheTag => RESPONSE_CACHE_TAGS.includes(tag as ResponseCacheTag));
    return { from: value.from, tags };
  } catch {
    return null;
  }
}

export interface CacheSync {
  /** This process's name in notices. */
  readonly id: string;
  /** Resolves once the listening connection is up (tests, start-up). */
  ready(): Promise<void>;
  /** The listening connection's backend pid, or null while it is down (tests end it with pg_terminate_backend). */
  readonly listenerPid: number | null;
  close(): Promise<void>;
}

/**
 * Ties `cache` to every other replica's through PostgreSQL: its invalidations are sent on CACHE_CHANNEL through
 * `pool`, and a dedicated connection (the pool's settings) listens for the others'.
 */
export function startCacheSync(cache: ResponseCache, pool: pg.Pool, log: FastifyBaseLogger): CacheSync {
  const id = `${process.pid}-${randomBytes(6).toString('hex')}`;
  let client: pg.Client | null = null;
  let listenerPid: number | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;
  let readyWaiters: (() => void)[] = [];

  // The invalidations of one turn of the event loop go out as one notice, on the listening connection when it is up
  // (no pool connection taken, nothing added to a request's own round trips), else through the pool.
  let pending = new Set<ResponseCacheTag>();
  const flush = () => {
    const tags = [...pending];
    pending = new Set();
    if (closed || tags.length === 0) return;
    const payload = JSON.stringify({ from: id, tags } satisfies Notice);
    (client ?? pool).query('select pg_notify($1, $2)', [CACHE_CHANNEL, payload]).catch((error: unknown) => {
      log.warn({ err: error, tags }, 'cache sync: could not tell the other replicas of a write; their copies expire on their own');
    });
  };
  cache.onInvalidate((tags) => {
    if (closed || tags.length === 0) return;
    if (pending.size === 0) setImmediate(flush);
    for (const tag of tags) pending.add(tag);
  });

  // Until the first connection is up, other replicas' writes could be missed: nothing is cached.
  cache.setSuspended(true);

  const connect = async () => {
    retry = null;
    if (closed) return;
    const next = new pg.Client({ ...pool.options, application_name: CACHE_SYNC_APPLICATION_NAME } as pg.ClientConfig);
    next.on('error', () => {
      // 'end' follows and reconnects; the error itself is logged there.
    });
    next.on('notification', (message) => {
      if (message.channel !== CACHE_CHANNEL) return;
      const notice = parseNotice(message.payload);
      if (notice && notice.from !== id) cache.invalidateFromElsewhere(notice.tags);
    });
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      listenerPid = null;
      cache.setSuspended(true);
      if (!closed) {
        log.warn('cache sync: the listening connection closed; public reads are not cached until it is back');
        schedule();
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${CACHE_CHANNEL}`);
      const { rows } = await next.query<{ pid: number }>('select pg_backend_pid() as pid');
      if (closed) {
        await next.end().catch(() => {});
        return;
      }
      client = next;
      listenerPid = rows[0]?.pid ?? null;
      failures = 0;
      // Whatever was kept before (nothing while suspended) may have missed notices: start empty.
      cache.setSuspended(false);
      for (const resolve of readyWaiters) resolve();
      readyWaiters = [];
    } catch (error) {
      await next.end().catch(() => {});
      log.warn({ err: error }, 'cache sync: could not listen for other replicas\' writes; trying again');
      schedule();
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  };
  void connect();

  return {
    id,
    get listenerPid() {
      return listenerPid;
    },
    ready() {
      if (client) return Promise.resolve();
      return new Promise((resolve) => readyWaiters.push(resolve));
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      listenerPid = null;
      for (const resolve of readyWaiters) resolve();
      readyWaiters = [];
      await current?.end().catch(() => {});
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The response cache's link to the other replicas (PostgreSQL only; null on PGlite). */
    cacheSync: CacheSync | null;
  }
}

/** Needs the context plugin (database) and the response cache. Waits for the first LISTEN before the app is ready. */
export const cacheSyncPlugin = fp(
  async (app, { cache }: { cache: ResponseCache }) => {
    const database = app.database;
    if (database.kind !== 'postgres') {
      app.decorate('cacheSync', null);
      return;
    }
    const sync = startCacheSync(cache, database.client, app.log);
    app.decorate('cacheSync', sync);
    app.addHook('onReady', async () => {
      // Not forever: a listener that cannot connect leaves the cache suspended (correct, uncached) and keeps trying.
      await Promise.race([sync.ready(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    });
    app.addHook('onClose', async () => {
      await sync.close();
    });
  },
  { name: 'cache-sync', dependencies: ['context', 'response-cache'] },
);
