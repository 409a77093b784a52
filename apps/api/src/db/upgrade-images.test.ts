import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/databases.js';
import { solidImage } from '../../test/support/images.js';
import { eventImages, events } from './schema.js';
import { upgradeEventImages } from './upgrade-images.js';
import { LocalDiskStorage } from '../storage/storage.js';

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

    expect(await upgradeEventImages(db, new LocalDiskStorage(ctx.config.uploadsDir))).toEqual({ upgraded: 1, completed: 0, skipped: 1 });
    const [upgraded] = await db.select().from(eventImages).where(eq(eventImages.id, legacy!.id));
    expect(upgraded).toMatchObject({ width: 800, height: 533 });
    expect(upgraded!.filePath).toMatch(/^\/uploads\/events\/[0-9a-f]{24}-800\.webp$/);
    expect(upgraded!.variants.map((v) => v.width)).toEqual([400, 800, 960]);
    for (const variant of upgraded!.variants) expect(existsSync(path.join(ctx.config.dataDir, variant.url))).toBe(true);
    expect(existsSync(path.join(ctx.config.dataDir, oldUrl))).toBe(false);
    const [untouched] = await db.select().from(eventImages).where(eq(eventImages.id, missing!.id));
    expect(untouched).toMatchObject({ filePath: missing!.filePath, width: null, variants: [] });

    // A second start finds only the one it cannot help.
    expect(await upgradeEventImages(db, new LocalDiskStorage(ctx.config.uploadsDir))).toEqual({ upgraded: 0, completed: 0, skipped: 1 });
  });

  it('gives a photo stored at 400/800/1600 the 1200 size from its 1600 one, keeping the rest and file_path', async () => {
    const { db } = ctx.database;
    await db.delete(events); // the photos of the test before, with them
    const dir = path.join(ctx.config.uploadsDir, 'events');
    mkdirSync(dir, { recursive: true });
    const base = '/uploads/events/abcdefabcdefabcdefabcdef';
    const stored = [
      { width: 400, height: 267, url: `${base}-400.webp` },
      { width: 800, height: 533, url: `${base}-800.webp` },
      { width: 1600, height: 1067, url: `${base}-1600.webp` },
    ];
    for (const variant of stored) {
      writeFileSync(path.join(ctx.config.dataDir, variant.url), await solidImage(variant.width, variant.height, 'webp'));
    }
    const [event] = await db.insert(events).values({ title: 'Sized', description: 'd' }).returning();
    const [photo, seeded] = await db
      .insert(eventImages)
      .values([
        { eventId: event!.id, filePath: `${base}-800.webp`, width: 800, height: 533, variants: stored },
        // Drawn at 960 and stored at 400/800: its widest size cannot give anything wider.
        { eventId: event!.id, filePath: `${base}-800.webp`, width: 800, height: 533, variants: stored.slice(0, 2) },
      ])
      .returning();

    expect(await upgradeEventImages(db, new LocalDiskStorage(ctx.config.uploadsDir))).toEqual({ upgraded: 0, completed: 1, skipped: 0 });
    const [completed] = await db.select().from(eventImages).where(eq(eventImages.id, photo!.id));
    expect(completed).toMatchObject({ filePath: `${base}-800.webp`, width: 800, height: 533 });
    expect(completed!.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 267],
      [800, 533],
      [1200, 800],
      [1600, 1067],
    ]);
    expect(completed!.variants.slice(0, 2)).toEqual(stored.slice(0, 2));
    expect(completed!.variants[3]).toEqual(stored[2]);
    const added = completed!.variants[2]!;
    expect(added.url).toMatch(/^\/uploads\/events\/[0-9a-f]{24}-1200\.webp$/);
    expect((await sharp(path.join(ctx.config.dataDir, added.url)).metadata()).width).toBe(1200);
    const [untouched] = await db.select().from(eventImages).where(eq(eventImages.id, seeded!.id));
    expect(untouched!.variants).toEqual(stored.slice(0, 2));

    expect(await upgradeEventImages(db, new LocalDiskStorage(ctx.config.uploadsDir))).toEqual({ upgraded: 0, completed: 0, skipped: 0 });
  });
});
