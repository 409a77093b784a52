import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/open.js';
import { rowsOf } from '../admin/sql-rows.js';

// The rate limits' counters in the database (docs/decisions/041-replicas.md), shared by every replica: with the
// library's default in-memory store, three replicas behind a round-robin balancer would each allow the limit, three
// times over in all, and a restart would forget every counter. One statement per limited request counts the hit and
// opens a new window when the last one has ended (a fixed window, as the in-memory store's); the counter's key is a
// hash of the route and the client's key (an address, a staff id, an e-mail), so the table holds no address or e-mail.
// Ended windows are deleted by the 'rate-limit-pruning' job (src/jobs/schedule.ts), not on a request's path.

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
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** The library passes its options (unused: each call brings its window); child() passes the route. */
    constructor(_options?: unknown, private readonly route = '') {}

    incr(key: string, callback: Callback, timeWindow: number): void {
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
