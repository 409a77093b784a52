import { count } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase, describePostgres } from '../../test/support/databases.js';
import { openDatabase, type DatabaseHandle } from './open.js';
import { prepareDatabase } from './prepare.js';
import { adminUsers, campaigns, events } from './schema.js';

async function counts(handle: DatabaseHandle) {
  const [a] = await handle.db.select({ n: count() }).from(adminUsers);
  const [c] = await handle.db.select({ n: count() }).from(campaigns);
  const [e] = await handle.db.select({ n: count() }).from(events);
  return { admins: a?.n, campaigns: c?.n, events: e?.n };
}

describeEachDatabase(
  'preparing an empty database',
  (ctx) => {
    it('migrates, seeds and creates the first admin; a second start changes nothing', async () => {
      const printed: string[] = [];
      const first = await prepareDatabase(ctx.database, ctx.config, (m) => printed.push(m));
      expect(first.seeded.campaigns).toBe(8);
      expect(first.admin.created).toBe(true);
      expect(await counts(ctx.database)).toEqual({ admins: 1, campaigns: 8, events: 8 });

      await ctx.reopen();
      const second = await prepareDatabase(ctx.database, ctx.config, (m) => printed.push(m));
      expect(second.seeded).toEqual({ organisation: false, campaigns: 0, events: 0, eventImages: 0 });
      expect(second.admin.created).toBe(false);
      expect(printed).toHaveLength(1);
      expect(await counts(ctx.database)).toEqual({ admins: 1, campaigns: 8, events: 8 });
    });
  },
  { migrate: false },
);

describePostgres(
  'replicas starting together',
  (ctx) => {
    const replicas: DatabaseHandle[] = [];
    afterAll(async () => {
      await Promise.all(replicas.map((replica) => replica.close()));
    });

    it('migrate and seed once between them', async () => {
      // Three "servers", each with its own connection pool, starting at the same moment on one empty database.
      for (let i = 0; i < 3; i += 1) replicas.push(await openDatabase(ctx.config));
      const printed: string[] = [];
      const results = await Promise.all(replicas.map((replica) => prepareDatabase(replica, ctx.config, (m) => printed.push(m))));
      expect(results.filter((r) => r.seeded.campaigns > 0)).toHaveLength(1);
      expect(results.filter((r) => r.admin.created)).toHaveLength(1);
      expect(printed).toHaveLength(1);
      expect(await counts(ctx.database)).toEqual({ admins: 1, campaigns: 8, events: 8 });
    });
  },
  { migrate: false },
);
