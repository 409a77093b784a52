import { eq } from 'drizzle-orm';
import { processImageVariants, storeImageVariants, variantWidths, type StoredImageGroup } from '../storage/images.js';
import type { FileStorage } from '../storage/storage.js';
import type { Database } from './open.js';
import { eventImages, type StoredImageVariant } from './schema.js';

export interface UpgradeResult {
  /** Photos from before sizes existed, re-encoded into them. */
  upgraded: number;
  /** Photos given the sizes they lacked (1200 for one stored at 400/800/1600). */
  completed: number;
  /** Photos that needed one of those but whose file is missing or unreadable. */
  skipped: number;
}

/** The standard widths a photo with these sizes lacks and its widest size can still give (never enlarged). */
export function lackingWidths(variants: readonly StoredImageVariant[]): number[] {
  if (variants.length === 0) return [];
  const widest = Math.max(...variants.map((v) => v.width));
  const have = new Set(variants.map((v) => v.width));
  return variantWidths(widest).filter((w) => !have.has(w));
}

/**
 * Brings stored event photos to the sizes every photo now has, so the site sees one shape. Runs at start-up
 * under the start-up lock:
 *  - a photo stored before photos had sizes (one <random>.webp, no width, no variants) is re-encoded into them;
 *  - a photo stored before a standard width existed gets it, made from its widest size. Nothing wider can be
 *    made: the original upload was not kept, and a size is never enlarged.
 * A photo whose file is missing or unreadable is left as it was (the site shows what it has, as before).
 */
export async function upgradeEventImages(db: Database, storage: FileStorage): Promise<UpgradeResult> {
  const rows = await db.select({ id: eventImages.id, filePath: eventImages.filePath, variants: eventImages.variants }).from(eventImages);
  const result: UpgradeResult = { upgraded: 0, completed: 0, skipped: 0 };

  /** Stores the new sizes and records them; the new files are removed again if the row cannot be updated. */
  async function record(id: number, group: StoredImageGroup, change: Partial<typeof eventImages.$inferInsert>) {
    try {
      await db.update(eventImages).set(change).where(eq(eventImages.id, id));
    } catch (error) {
      await Promise.all(group.variants.map((v) => storage.remove(v.url)));
      throw error;
    }
  }

  for (const image of rows) {
    const legacy = image.variants.length === 0;
    const lacking = lackingWidths(image.variants);
    if (!legacy && lacking.length === 0) continue;
    const source = legacy ? image.filePath : image.variants.reduce((a, b) => (b.width > a.width ? b : a)).url;
    let group: StoredImageGroup;
    try {
      const original = await storage.read(source);
      if (!original) throw new Error('not a stored upload, or its file is gone');
      const processed = await processImageVariants(original, undefined, legacy ? undefined : lacking);
      if (processed.variants.length === 0) throw new Error('no size to add');
      group = await storeImageVariants(storage, 'events', processed);
    } catch {
      result.skipped += 1;
      continue;
    }
    if (legacy) {
      await record(image.id, group, group);
      await storage.remove(image.filePath);
      result.upgraded += 1;
    } else {
      const variants = [...image.variants, ...group.variants].sort((a, b) => a.width - b.width);
      await record(image.id, group, { variants });
      result.completed += 1;
    }
  }
  return result;
}
