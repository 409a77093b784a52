import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueRoute } from '../admin/route-catalogue.js';
import { rowsOf } from '../admin/sql-rows.js';
import { hashToken, newToken } from '../auth/tokens.js';
import { buildApp } from '../app.js';
import { adminSessions, eventImages, events } from '../db/schema.js';
import { insertDonation, insertMessages } from '../../test/support/admin-fixtures.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/support/auth.js';
import { insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';

// Access control of EVERY admin route (docs/decisions/005-admin-console.md): the list is not written here but read from
// the app itself (app.routeCatalogue: each route, recorded as it is registered, with whether app.requireAdmin guards
// it), and cross-checked against app.printRoutes, so a new admin route is tested the day it is added and a route under
// /api/admin without the guard fails. Each one must refuse a missing, forged, malformed, revoked, expired or idle token
// with 401 and a signed-in non-admin with 403, and a refused write must change nothing in the database.

const REQUIRED = { success: false, message: 'Authentication required' };
const EXPIRED = { success: false, message: 'Session expired' };
const DENIED = { success: false, message: 'Access denied' };

/** Admin routes that exist today: none of them may lose its guard (the catalogue may hold more). */
const KNOWN_ADMIN_ROUTES = [
  'POST /api/campaigns',
  'PUT /api/campaigns/:id',
  'DELETE /api/campaigns/:id',
  'POST /api/events',
  'PUT /api/events/:id',
  'DELETE /api/events/:id',
  'POST /api/events/:id/images',
  'DELETE /api/events/:id/images/:imageId',
  'GET /api/admin/dashboard',
  'GET /api/admin/campaigns',
  'GET /api/admin/donations',
  'GET /api/admin/donations/export.csv',
  'GET /api/admin/donations/:id',
  'GET /api/admin/payment-attempts',
  'POST /api/admin/donations/:id/resend-receipt',
  'GET /api/admin/messages',
  'GET /api/admin/messages/:id',
  'PATCH /api/admin/messages/:id',
  'GET /api/admin/outbox',
];

/**
 * Valid bodies for routes whose schema checks the body (Fastify validates before the guard runs, so an invalid
 * body would answer 400 and never reach the guard) and for writes that would change something if let through.
 */
const BODIES: Record<string, Record<string, unknown>> = {
  'PATCH /api/admin/messages/:id': { status: 'archived' },
  'POST /api/campaigns': { title: 'Hijacked', description: 'Not allowed.', target_amount: 5, status: 'active' },
  'PUT /api/campaigns/:id': { title: 'Hijacked' },
  'POST /api/events': { title: 'Hijacked', description: 'Not allowed.' },
  'PUT /api/events/:id': { title: 'Hijacked', description: 'Not allowed.' },
};

/** `app.printRoutes({ commonPrefix: false })` read back into "METHOD /path" pairs. */
function printedRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line.trimEnd());
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = depth === 0 ? match[2]! : `${stack[depth - 1]}${match[2]}`.replace('//', '/');
    stack[depth] = full;
    for (const method of match[3]!.split(', ')) routes.push(`${method} ${full}`);
  }
  return routes;
}

describeEachDatabase('admin access control', (ctx) => {
  let app: FastifyInstance;
  let adminRoutes: CatalogueRoute[];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database });
    await app.ready();
    adminRoutes = app.routeCatalogue.filter((route) => route.admin);
    // Real rows behind every :id, so a route that let a request through would change them.
    const db = ctx.database.db;
    const [campaign] = await insertCampaigns(db, [{ title: 'Guarded campaign', status: 'draft' }]);
    const [event] = await db.insert(events).values({ title: 'Guarded event', description: 'Kept.' }).returning();
    const [image] = await db.insert(eventImages).values({ eventId: event!.id, filePath: '/uploads/events/none-800.webp' }).returning();
    const donation = await insertDonation(db);
    const [message] = await insertMessages(db, [{ name: 'Guarded message' }]);
    Object.assign(ids, { campaign: campaign!.id, event: event!.id, image: image!.id, donation: donation.id, message: message!.id });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The route's URL with real ids in place of its parameters. */
  function urlOf(route: CatalogueRoute): string {
    const area = /^\/api\/(?:admin\/)?(campaigns|events|donations|messages)/.exec(route.url)?.[1];
    const idFor: Record<string, number> = { campaigns: ids.campaign!, events: ids.event!, donations: ids.donation!, messages: ids.message! };
    return route.url.replace(':imageId', String(ids.image)).replace(':id', String(area ? idFor[area] : 1));
  }

  function request(route: CatalogueRoute, headers: Record<string, string> = {}): InjectOptions {
    const body = BODIES[`${route.method} ${route.url}`];
    return { method: route.method as InjectOptions['method'], url: urlOf(route), headers, ...(body ? { payload: body } : {}) };
  }

  /** Every public table but those sign-in and the guard write (sessions, attempts, known addresses), as checksums. */
  async function snapshot(): Promise<Record<string, string>> {
    const tables = rowsOf<{ tablename: string }>(
      await ctx.database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
    );
    const result: Record<string, string> = {};
    for (const { tablename } of tables) {
      if (tablename === 'admin_sessions' || tablename === 'login_attempts' || tablename === 'sign_in_addresses') continue;
      const [row] = rowsOf<{ n: number; sum: string }>(
        await ctx.database.db.execute(
          sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${tablename}" t`),
        ),
      );
      result[tablename] = `${row!.n}:${row!.sum}`;
    }
    return result;
  }

  const uploads = () => ['campaigns', 'events'].flatMap((area) => {
    try {
      return readdirSync(path.join(ctx.config.uploadsDir, area));
    } catch {
      return [];
    }
  });

  async function expectRefused(headers: Record<string, string>, status: number, body: object) {
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const response = await app.inject(request(route, headers));
      const label = `${route.method} ${route.url}`;
      expect(response.statusCode, label).toBe(status);
      if (route.method === 'HEAD') continue; // no body to read
      expect(response.json(), label).toEqual(body);
      if (status === 401) expect(response.headers['www-authenticate'], label).toBe('Bearer realm="admin"');
    }
  }

  describe('the list of admin routes', () => {
    it('holds every known admin route, every route under /api/admin, and agrees with printRoutes', () => {
      const listed = new Set(adminRoutes.map((route) => `${route.method} ${route.url}`));
      for (const known of KNOWN_ADMIN_ROUTES) expect(listed, known).toContain(known);

      const catalogue = new Set(app.routeCatalogue.map((route) => `${route.method} ${route.url}`));
      // The API's routes (the printer shortens the static files' wildcard to a bare '*').
      const printed = printedRoutes(app.printRoutes({ commonPrefix: false })).filter((route) => route.split(' ')[1]!.startsWith('/api/'));
      expect(printed.length).toBeGreaterThan(40);
      // The catalogue saw every API route the router has (so no route escaped the check)…
      for (const route of printed) expect(catalogue, route).toContain(route);
      // …and every route of the admin console is guarded.
      const adminArea = printed.filter((route) => route.split(' ')[1]!.startsWith('/api/admin'));
      expect(adminArea.length).toBeGreaterThanOrEqual(18); // 10 routes and the HEAD twins of 8 GETs
      for (const route of adminArea) expect(listed, route).toContain(route);
    });
  });

  describe('refusals', () => {
    let before: Record<string, string>;
    let filesBefore: string[];
    let admin: TestUser;
    let editor: TestUser;

    beforeAll(async () => {
      // Accounts first: the snapshot is taken once they exist.
      admin = await createUser(ctx.database.db);
      editor = await createUser(ctx.database.db, { role: 'editor' });
      before = await snapshot();
      filesBefore = uploads();
    });

    it('401 Authentication required without a token, or with another scheme', async () => {
      await expectRefused({}, 401, REQUIRED);
      await expectRefused({ authorization: 'Basic YWRtaW46YWRtaW4=' }, 401, REQUIRED);
      await expectRefused({ authorization: 'Bearer' }, 401, REQUIRED);
    });

    it('401 before any input is read: a bad id, query or body without a token is refused, not validated', async () => {
      for (const route of adminRoutes) {
        const url = `${route.url.replace(':imageId', 'x').replace(':id', 'not-a-number')}?page=-1&limit=abc&period=forever&status=%00`;
        const response = await app.inject({ method: route.method as InjectOptions['method'], url, headers: { 'content-type': 'application/json' }, payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : '{"status": [1, 2'});
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        if (route.method !== 'HEAD') expect(response.json(), `${route.method} ${route.url}`).toEqual(REQUIRED);
      }
    });

    it('401 Authentication required with a forged or malformed token', async () => {
      await expectRefused(bearer(newToken()), 401, REQUIRED);
      await expectRefused(bearer('not-a-token'), 401, REQUIRED);
      await expectRefused(bearer(`${newToken()}'; drop table donations; --`), 401, REQUIRED);
    });

    it('401 Authentication required with a token revoked by logout', async () => {
      const token = await signIn(app, admin);
      const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      expect(logout.statusCode).toBe(200);
      await expectRefused(bearer(token), 401, REQUIRED);
    });

    it('401 Session expired past the absolute expiry, or after the idle timeout', async () => {
      const expired = await signIn(app, admin);
      await ctx.database.db
        .update(adminSessions)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(adminSessions.tokenHash, hashToken(expired)));
      await expectRefused(bearer(expired), 401, EXPIRED);

      const idle = await signIn(app, admin);
      await ctx.database.db
        .update(adminSessions)
        .set({ lastUsedAt: new Date(Date.now() - (ctx.config.session.idleMinutes + 1) * 60_000) })
        .where(eq(adminSessions.tokenHash, hashToken(idle)));
      await expectRefused(bearer(idle), 401, EXPIRED);
    });

    it('403 Access denied to a signed-in user whose role is not admin', async () => {
      const token = await signIn(app, editor);
      await expectRefused(bearer(token), 403, DENIED);
      // Drafts in the public list go through the same guard.
      for (const url of ['/api/campaigns?status=draft', '/api/campaigns?include_drafts=true', '/api/campaigns/search?status=draft']) {
        expect((await app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode, url).toBe(403);
        expect((await app.inject({ method: 'GET', url })).json(), url).toEqual(REQUIRED);
      }
    });

    it('changed nothing in the database or the uploads for any refused request', async () => {
      await app.mailer.idle();
      expect(await snapshot()).toEqual(before);
      expect(uploads()).toEqual(filesBefore);
    });
  });

  it('lets an admin through on every route (the requests above were real ones)', async () => {
    const admin = await createUser(ctx.database.db);
    const token = await signIn(app, admin);
    for (const route of adminRoutes) {
      const response = await app.inject(request(route, bearer(token)));
      expect([401, 403], `${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 200)}`).not.toContain(response.statusCode);
      expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
    }
    await app.mailer.idle();
  });
});
