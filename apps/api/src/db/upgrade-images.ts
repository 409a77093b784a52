import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { processImageVariants, storeImageVariants } from '../storage/images.js';
import { LocalDiskStorage } from '../storage/storage.js';
import type { Database } from './open.js';
import { eventImages } from './schema.js';

/**
 * Event photos stored before photos had sizes (one <random>.webp each, no width, no variants) are re-encoded
 * once into the sizes every photo now has, so the site sees one shape. Runs at start-up under the start-up
 * lock; a photo whose file is missing or unreadable is left as it was (the site shows file_path as before).
 */
export async function upgradeEventImages(db: Database, config: Pick<Config, 'uploadsDir'>): Promise<{ upgraded: number; skipped: number }> {
  const legacy = await db
    .select()
    .from(eventImages)
    .where(sql`jsonb_array_length(${eventImages.variants}) = 0`);
  const storage = new LocalDiskStorage(config.uploadsDir);
  let upgraded = 0;
  for (const image of legacy) {
    const file = storage.pathOf(image.filePath);
    let group;
    try {
      if (!file) throw new Error('not a stored upload');
      group = await storeImageVariants(storage, 'events', await processImageVariants(await readFile(file)));
    } catch {
      continue;
    }
    try {
      await db.update(eventImages).set(group).where(eq(eventImages.id, image.id));
    } catch (error) {
      await Promise.all(group.variants.map((v) => storage.remove(v.url)));
      throw error;
    }
    await storage.remove(image.filePath);
    upgraded += 1;
  }
  return { upgraded, skipped: legacy.length - upgraded };
}
