import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type DatabaseHandle } from '../db/open.js';
import { rowsOf } from '../admin/sql-rows.js';
import { CONTACT_RATE_LIMIT, CONTACT_ROUTE_MESSAGES } from '../routes/contact.js';
import { describeEachDatabase } from '../../test/support/databases.js';

// The rate limits' counters live in the database (decision 041): two apps on one database (two replicas; on PGlite the
// same handle, on PostgreSQL two pools) share one count per client, a restart keeps it, and the table holds no address.

const message = (n: number) => ({ name: 'Ravi Kumar', email: 'ravi@example.org', phone: '+91 98765 43210', subject: 'volunteer', message: `Message number ${n} about volunteering.` });

describeEachDatabase('rate limits shared by replicas', (ctx) => {
  let second: DatabaseHandle;
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    second = ctx.kind === 'postgres' ? await openDatabase(ctx.config) : ctx.database;
    one = await buildApp({ config: ctx.config, database: ctx.database });
    two = await buildApp({ config: ctx.config, database: second });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    if (second !== ctx.database) await second?.close();
  });

  const send = (app: FastifyInstance, n: number, remoteAddress: string) => app.inject({ method: 'POST', url: '/api/contact', payload: message(n), remoteAddress });

  it(`counts one address's messages across replicas: ${CONTACT_RATE_LIMIT.max} in the window, then 429 from either`, async () => {
    const statuses: number[] = [];
    for (let n = 0; n < CONTACT_RATE_LIMIT.max; n += 1) statuses.push((await send(n % 2 === 0 ? one : two, n, '203.0.113.7')).statusCode);
    expect(statuses).toEqual(Array.from({ length: CONTACT_RATE_LIMIT.max }, () => 201));
    for (const app of [one, two]) {
      const refused = await send(app, 99, '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, message: CONTACT_ROUTE_MESSAGES.tooMany });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(CONTACT_RATE_LIMIT.windowMs / 1000 - 60);
    }
    // Another address has its own count.
    expect((await send(two, 100, '203.0.113.8')).statusCode).toBe(201);
  });

  it('keeps counting after a replica restarts, and opens a new window once the old one has ended', async () => {
    await one.close();
    one = await buildApp({ config: ctx.config, database: ctx.database });
    expect((await send(one, 101, '203.0.113.7')).statusCode).toBe(429);
    // The window's end moved into the past: the next message starts a new window.
    await ctx.database.db.execute(sql`update rate_limit_counters set resets_at = now() - interval '1 second'`);
    expect((await send(one, 102, '203.0.113.7')).statusCode).toBe(201);
  });

  it('stores hashes, never the address or the route', async () => {
    const rows = rowsOf<{ key: string; hits: number }>(await ctx.database.db.execute(sql`select key, hits from rate_limit_counters`));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(row.key).not.toContain('203.0.113');
    }
  });
});
