import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open.js';
import { rowsOf } from '../admin/sql-rows.js';

// The rate limits' counters in the database (docs/decisions/041-replicas.md), shared by every replica: with the
// library's default in-memory store, three replicas behind a round-robin balancer would each allow the limit, three
// times over in all, and a restart would forget every counter. One statement per limited request counts the hit and
// opens a new window when the last one has ended (a fixed window, as the in-memory store's); the counter's key is a
// hash of the route and the client's key (an address, a staff id, an e-mail), so the table holds no address or e-mail.
// Expired windows are deleted at most once a minute per process.

/** How often a process deletes windows that have ended. */
export const RATE_LIMIT_PRUNE_INTERVAL_MS = 60_000;

interface Counter {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

type Callback = (error: Error | null, result?: Counter) => void;


/** The counter's key: route and client, hashed (the client part may be an address or an e-mail). */
function counterKey(route: string, key: string): string {
  return createHash('sha256').update(`${route}\n${key}`).digest('base64url');
}

/**
 * A store class for @fastify/rate-limit (`store` option) over `db`. The library makes one per route (child()), and
 * calls incr(key, callback, timeWindow, max) for each request the route limits.
 */
export function databaseRateLimitStore(db: Database, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let lastPrune = 0;

  const prune = () => {
    const now = Date.now();
    if (now - lastPrune < RATE_LIMIT_PRUNE_INTERVAL_MS) return;
    lastPrune = now;
    db.execute(sql`delete from rate_limit_counters where resets_at < now()`).catch((error: unknown) => {
      log.warn({ err: error }, 'rate limits: could not delete ended windows; trying again later');
    });
  };

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** The library passes its options (unused: each call brings its window); child() passes the route. */
    constructor(_options?: unknown, private readonly route = '') {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      prune();
      const window = Math.max(1, Math.trunc(timeWindow));
      db.execute(sql`
        insert into rate_limit_counters as c (key, hits, resets_at)
        values (${counterKey(this.route, key)}, 1, now() + ${window} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when c.resets_at <= now() then 1 else c.hits + 1 end,
          resets_at = case when c.resets_at <= now() then excluded.resets_at else c.resets_at end
        returning hits, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::bigint as ttl`)
        .then((result) => {
          const [row] = rowsOf<{ hits: number | string; ttl: number | string }>(result);
          callback(null, { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? window) });
        })
        .catch((error: unknown) => callback(error as Error));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The route's own count: `routeInfo` is what the library hands (its types name only the route options).
      const info = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${info?.method ?? routeOptions.method} ${info?.url ?? routeOptions.url}`);
    }
  };
}
