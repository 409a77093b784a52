import { randomUUID } from 'node:crypto';
import { campaignSlugBase } from '@charity/domain';
import type { Database } from '../../src/db/open.js';
import { campaigns } from '../../src/db/schema.js';
import type { AdminGuard } from '../../src/plugins/admin-guard.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** For tests of admin routes before sign-in exists: every request counts as an admin's. */
export const allowAll: AdminGuard = async () => {};

export type CampaignInsert = typeof campaigns.$inferInsert;

/** Inserts campaigns with defaults for what a test does not care about; returns their rows in order. */
export async function insertCampaigns(db: Database, rows: Array<Partial<CampaignInsert> & { title: string }>) {
  const inserted = [];
  for (const row of rows) {
    const [campaign] = await db
      .insert(campaigns)
      // A unique slug whatever the titles: tests of slugs themselves go through insertCampaign.
      .values({ description: `About ${row.title}.`, status: 'active', targetAmount: 100_000, slug: `${campaignSlugBase(row.title)}-${randomUUID().slice(0, 8)}`, ...row })
      .returning();
    inserted.push(campaign!);
  }
  return inserted;
}
