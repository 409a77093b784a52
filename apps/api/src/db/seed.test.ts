import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { CAMPAIGN_STATUSES, CONTACT_SUBJECTS, DONATION_TYPES, EVENT_STATUSES } from '@charity/domain';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/databases.js';
import { campaigns, eventImages, events, organisation } from './schema.js';
import { CAMPAIGN_STATUS_VALUES, CONTACT_SUBJECT_VALUES, DONATION_TYPE_VALUES, EVENT_STATUS_VALUES } from './schema.js';
import { seedDatabase } from './seed.js';
import { LocalDiskStorage } from '../storage/storage.js';

describe('the schema', () => {
  it('allows exactly the statuses packages/domain defines', () => {
    expect(CAMPAIGN_STATUS_VALUES).toEqual(CAMPAIGN_STATUSES);
    expect(EVENT_STATUS_VALUES).toEqual(EVENT_STATUSES);
  });

  it('allows exactly the contact subjects and donation types packages/domain defines', () => {
    expect(CONTACT_SUBJECT_VALUES).toEqual(CONTACT_SUBJECTS.map((s) => s.value));
    expect(DONATION_TYPE_VALUES).toEqual(DONATION_TYPES);
  });
});

describeEachDatabase('migrations and seed', (ctx) => {
  async function counts() {
    const { db } = ctx.database;
    const [o] = await db.select({ n: count() }).from(organisation);
    const [c] = await db.select({ n: count() }).from(campaigns);
    const [e] = await db.select({ n: count() }).from(events);
    const [i] = await db.select({ n: count() }).from(eventImages);
    return { organisation: o?.n, campaigns: c?.n, events: e?.n, eventImages: i?.n };
  }

  it('seeds an empty database once; running it again (after migrating again) changes nothing', async () => {
    const first = await seedDatabase(ctx.database.db, new LocalDiskStorage(ctx.config.uploadsDir));
    expect(first).toMatchObject({ organisation: true, campaigns: 8, events: 8 });
    const afterFirst = await counts();
    expect(afterFirst).toEqual({ organisation: 1, campaigns: 8, events: 8, eventImages: first.eventImages });

    await ctx.reopen(); // applies migrations again: must be a no-op
    const second = await seedDatabase(ctx.database.db, new LocalDiskStorage(ctx.config.uploadsDir));
    expect(second).toEqual({ organisation: false, campaigns: 0, events: 0, eventImages: 0 });
    expect(await counts()).toEqual(afterFirst);
  });

  it('holds the organisation details, including registration and tax approvals', async () => {
    const [org] = await ctx.database.db.select().from(organisation);
    expect(org).toMatchObject({ name: 'Bright Beginnings Foundation', registrationNumber: '602 of 2019', taxApprovals: ['12A', '80G'] });
    expect(org?.phones.main).toMatch(/^\+91 /);
    expect(org?.address).toContain('Bengaluru');
  });

  it('has campaigns in all four statuses, some featured, INR amounts, future end dates and one past', async () => {
    const rows = await ctx.database.db.select().from(campaigns);
    expect(new Set(rows.map((c) => c.status))).toEqual(new Set(CAMPAIGN_STATUS_VALUES));
    expect(rows.filter((c) => c.isFeatured).length).toBeGreaterThanOrEqual(3);
    const now = Date.now();
    expect(rows.filter((c) => c.endDate!.getTime() < now)).toHaveLength(1);
    expect(rows.filter((c) => c.endDate!.getTime() > now).length).toBeGreaterThanOrEqual(5);
    for (const campaign of rows) {
      expect(campaign.currency).toBe('INR');
      expect(typeof campaign.targetAmount).toBe('number');
      expect(campaign.targetAmount).toBeGreaterThan(0);
      expect(campaign.raisedAmount).toBeGreaterThanOrEqual(0);
      expect(campaign.imageUrl).toMatch(/^\/uploads\/campaigns\/[0-9a-f]{24}\.webp$/);
      expect(existsSync(path.join(ctx.config.dataDir, campaign.imageUrl!))).toBe(true);
    }
  });

  it('has two events in each of the four statuses, each with 2–4 photos whose files exist', async () => {
    const { db } = ctx.database;
    const rows = await db.select().from(events);
    for (const status of EVENT_STATUS_VALUES) {
      expect(rows.filter((e) => e.status === status), status).toHaveLength(2);
    }
    for (const event of rows) {
      expect(event.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const images = await db.select().from(eventImages).where(eq(eventImages.eventId, event.id));
      expect(images.length).toBeGreaterThanOrEqual(2);
      expect(images.length).toBeLessThanOrEqual(4);
      for (const image of images) {
        // The same shape as an uploaded photo: sizes 400 to 1600 (drawn at 1600 wide), file_path the 800 one.
        const base = /^\/uploads\/events\/([0-9a-f]{24})-800\.webp$/.exec(image.filePath)?.[1];
        expect(base, image.filePath).toBeDefined();
        expect(image).toMatchObject({ width: 800, height: 533 });
        expect(image.variants).toEqual([
          { width: 400, height: 267, url: `/uploads/events/${base}-400.webp` },
          { width: 800, height: 533, url: `/uploads/events/${base}-800.webp` },
          { width: 1200, height: 800, url: `/uploads/events/${base}-1200.webp` },
          { width: 1600, height: 1066, url: `/uploads/events/${base}-1600.webp` },
        ]);
        for (const variant of image.variants) {
          expect(statSync(path.join(ctx.config.dataDir, variant.url)).size).toBeGreaterThan(1000);
        }
      }
    }
  });

  it('draws real WebP pictures, without metadata', async () => {
    const [image] = await ctx.database.db.select().from(eventImages).limit(1);
    const meta = await sharp(path.join(ctx.config.dataDir, image!.filePath)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 533 });
    expect(meta.exif).toBeUndefined();
  });

  it('deletes an event’s images with it (on delete cascade)', async () => {
    const { db } = ctx.database;
    const [event] = await db.select().from(events).limit(1);
    await db.delete(events).where(eq(events.id, event!.id));
    const left = await db.select().from(eventImages).where(eq(eventImages.eventId, event!.id));
    expect(left).toHaveLength(0);
  });

  it('rejects statuses outside the lists (check constraints)', async () => {
    const { db } = ctx.database;
    await expect(db.insert(events).values({ title: 't', description: 'd', status: 'postponed' as never })).rejects.toThrow();
    await expect(
      db.insert(campaigns).values({ slug: 't', title: 't', description: 'd', targetAmount: 1, status: 'archived' as never }),
    ).rejects.toThrow();
  });

  it('keeps its data across close and reopen', async () => {
    const { db } = ctx.database;
    const [created] = await db
      .insert(events)
      .values({ title: 'Persistence check', description: 'Still here after a restart', date: '2030-01-15' })
      .returning();
    const handle = await ctx.reopen();
    const [found] = await handle.db.select().from(events).where(eq(events.id, created!.id));
    expect(found).toMatchObject({ title: 'Persistence check', date: '2030-01-15', status: 'upcoming' });
  });
});
