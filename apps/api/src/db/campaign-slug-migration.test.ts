import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { campaignSlugBase } from '@charity/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths.js';
import { migrateDatabase } from './migrate.js';
import { openDatabase, type DatabaseHandle } from './open.js';

// Migration 0012 gives every existing campaign a slug (decision 030): a database at 0011 with campaigns in it is
// migrated, and each campaign must get the slug the domain would give its title, unique, numbered in id order.

describe('migration 0012: slugs for existing campaigns', () => {
  let folder: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'migrations-0011-'));
    await cp(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
    journal.entries = journal.entries.filter((entry) => entry.idx <= 11);
    await writeFile(journalFile, JSON.stringify(journal));
    handle = await openDatabase({ databaseUrl: undefined, dataDir: '' } as never, { inMemory: true });
    await migrateDatabase(handle, folder);
  });

  afterAll(async () => {
    await handle?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('names each campaign from its title as the domain does, numbering repeats in id order', async () => {
    if (handle.kind !== 'pglite') throw new Error('in-memory PGlite expected');
    const titles = [
      'Winter Blankets & Socks',
      'Midday Meals for 500 Children',
      'Midday meals for 500 children!',
      '2026',
      'शिक्षा सबके लिए',
      `A very long title ${'that goes on '.repeat(8)}and on`,
    ];
    for (const title of titles) {
      await handle.client.query(`insert into campaigns (title, description, target_amount) values ($1, 'd', 100)`, [title]);
    }
    await migrateDatabase(handle);
    const { rows } = await handle.client.query<{ title: string; slug: string }>('select title, slug from campaigns order by id');
    expect(rows.map((row) => row.slug)).toEqual([
      'winter-blankets-and-socks',
      'midday-meals-for-500-children',
      'midday-meals-for-500-children-2',
      'campaign-2026',
      'campaign',
      expect.stringMatching(/^a-very-long-title-that-goes-on/),
    ]);
    // The domain's rule for the same titles where SQL can follow it (SQL cuts at 60 characters, not at a word).
    for (const index of [0, 1]) expect(rows[index]!.slug).toBe(campaignSlugBase(titles[index]!));
    expect(rows[5]!.slug.length).toBeLessThanOrEqual(60);
    expect(rows[5]!.slug).not.toMatch(/-$/);
    await expect(
      handle.client.query(`insert into campaigns (slug, title, description, target_amount) values ('campaign', 't', 'd', 1)`),
    ).rejects.toThrow(/campaigns_slug_idx/);
  });
});
