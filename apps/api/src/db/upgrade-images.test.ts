import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/databases.js';
import { solidImage } from '../../test/support/images.js';
import { eventImages, events } from './schema.js';
import { upgradeEventImages } from './upgrade-images.js';

describeEachDatabase('upgrading event photos stored before sizes existed', (ctx) => {
  it('re-encodes each into the sizes, removes the old file, and leaves photos whose file is missing alone', async () => {
    const { db } = ctx.database;
    const dir = path.join(ctx.config.uploadsDir, 'events');
    mkdirSync(dir, { recursive: true });
    const oldUrl = '/uploads/events/0123456789abcdef01234567.webp';
    writeFileSync(path.join(ctx.config.dataDir, oldUrl), await solidImage(960, 640, 'webp'));
    const [event] = await db.insert(events).values({ title: 'Old', description: 'd' }).returning();
    const [legacy, missing] = await db
      .insert(eventImages)
      .values([
        { eventId: event!.id, filePath: oldUrl },
        { eventId: event!.id, filePath: '/uploads/events/fedcba9876543210fedcba98.webp' },
      ])
      .returning();

    expect(await upgradeEventImages(db, ctx.config)).toEqual({ upgraded: 1, skipped: 1 });
    const [upgraded] = await db.select().from(eventImages).where(eq(eventImages.id, legacy!.id));
    expect(upgraded).toMatchObject({ width: 800, height: 533 });
    expect(upgraded!.filePath).toMatch(/^\/uploads\/events\/[0-9a-f]{24}-800\.webp$/);
    expect(upgraded!.variants.map((v) => v.width)).toEqual([400, 800]);
    for (const variant of upgraded!.variants) expect(existsSync(path.join(ctx.config.dataDir, variant.url))).toBe(true);
    expect(existsSync(path.join(ctx.config.dataDir, oldUrl))).toBe(false);
    const [untouched] = await db.select().from(eventImages).where(eq(eventImages.id, missing!.id));
    expect(untouched).toMatchObject({ filePath: missing!.filePath, width: null, variants: [] });

    // A second start finds only the one it cannot help.
    expect(await upgradeEventImages(db, ctx.config)).toEqual({ upgraded: 0, skipped: 1 });
  });
});
