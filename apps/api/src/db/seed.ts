import { campaignSlugBase } from '@charity/domain';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { processImageVariants, storeImageVariants, type ImageVariants, type StoredImageGroup } from '../storage/images.js';
import { seedDemoOrganisationSettings } from '../settings/repository.js';
import type { FileStorage } from '../storage/storage.js';
import { renderScene, sceneSvg, type Theme } from './illustrations.js';
import type { Database } from './open.js';
import { campaigns, eventImages, events, organisation } from './schema.js';
import { CAMPAIGN_SEEDS, EVENT_SEEDS, ORGANISATION_SEED } from './seed-data.js';

export interface SeedResult {
  organisation: boolean;
  campaigns: number;
  events: number;
  eventImages: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function daysFrom(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** YYYY-MM-DD of the UTC day, for date columns. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

async function isEmpty(db: Database, table: typeof campaigns | typeof events): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

/** Renders a scene into the storage's uploads/<folder>/<random>.webp and returns its server-relative URL. */
async function writeIllustration(
  storage: FileStorage,
  folder: 'campaigns',
  theme: Theme,
  seed: number,
  size: { width: number; height: number },
  written: string[],
): Promise<string> {
  const { url } = await storage.save(folder, await renderScene({ theme, seed, ...size }), 'webp');
  written.push(url);
  return url;
}

/**
 * Seeded event photos are drawn at 1600×1066, so they are stored at every size an upload of a large photo is
 * (400 to 1600 wide) and stay sharp in the full-screen lightbox (issue 19).
 */
export const EVENT_PHOTO_SIZE = { width: 1600, height: 1066 } as const;

// Drawing and encoding the sizes costs ~100 ms a photo; a process that seeds several databases (the
// tests) does it once per scene.
const eventPhotos = new Map<string, Promise<ImageVariants>>();

/**
 * An event photo goes through the same pipeline as an upload (storage/images.ts), so seeded photos have the
 * same shape as uploaded ones: WebP sizes named <random>-400.webp, -800.webp… and no metadata.
 */
function eventPhoto(theme: Theme, seed: number): Promise<ImageVariants> {
  const key = `${theme}:${seed}`;
  let photo = eventPhotos.get(key);
  if (!photo) {
    // Drawn as a lossless PNG (fast, no compression) so the pipeline's WebP is the only lossy step.
    photo = sharp(Buffer.from(sceneSvg({ theme, seed, width: EVENT_PHOTO_SIZE.width, height: EVENT_PHOTO_SIZE.height })))
      .png({ compressionLevel: 0 })
      .toBuffer()
      .then((png) => processImageVariants(png, `${theme}.png`));
    photo.catch(() => eventPhotos.delete(key));
    eventPhotos.set(key, photo);
  }
  return photo;
}


/**
 * Fills an empty database with the organisation's details and demonstration content. Each part is seeded
 * only when its table is empty, so running it on every start is safe and never duplicates or overwrites
 * what admins have entered since. Callers serialise concurrent starts (see withStartupLock).
 */
export async function seedDatabase(
  db: Database,
  storage: FileStorage,
  now: Date = new Date(),
): Promise<SeedResult> {
  const result: SeedResult = { organisation: false, campaigns: 0, events: 0, eventImages: 0 };

  const org = await db.insert(organisation).values({ id: 1, ...ORGANISATION_SEED }).onConflictDoNothing().returning({ id: organisation.id });
  result.organisation = org.length > 0;
  // The legal and tax details receipts print: demonstration values, marked so (docs/decisions/026-organisation-settings.md).
  await seedDemoOrganisationSettings(db);

  const written: string[] = [];
  try {
    if (await isEmpty(db, campaigns)) {
      const rows = await Promise.all(
        CAMPAIGN_SEEDS.map(async ({ theme, startInDays, endInDays, ...campaign }, index) => ({
          ...campaign,
          // The seed's titles differ, so each title's own slug is free (campaign-page.ts).
          slug: campaignSlugBase(campaign.title),
          // The seed's figures stand for money raised before the website: offline, as staff would enter it.
          offlineAmount: campaign.raisedAmount,
          offlineDonationCount: campaign.donationCount,
          imageUrl: await writeIllustration(storage, 'campaigns', theme, 100 + index, { width: 960, height: 540 }, written),
          startDate: daysFrom(now, startInDays),
          endDate: daysFrom(now, endInDays),
        })),
      );
      result.campaigns = (await db.insert(campaigns).values(rows).returning({ id: campaigns.id })).length;
      written.length = 0; // these pictures are now referenced: never remove them below
    }

    if (await isEmpty(db, events)) {
      const prepared: Array<{ event: typeof events.$inferInsert; photos: StoredImageGroup[] }> = [];
      // One event after the other: each photo is encoded in four sizes, and two cores are shared.
      for (const [eventIndex, { photos, dateInDays, ...event }] of EVENT_SEEDS.entries()) {
        const stored: StoredImageGroup[] = [];
        for (const [photoIndex, theme] of photos.entries()) {
          const group = await storeImageVariants(storage, 'events', await eventPhoto(theme, 1000 + eventIndex * 10 + photoIndex));
          written.push(...group.variants.map((v) => v.url));
          stored.push(group);
        }
        prepared.push({ event: { ...event, date: isoDay(daysFrom(now, dateInDays)) }, photos: stored });
      }
      // One transaction: an event never appears without its gallery.
      await db.transaction(async (tx) => {
        for (const { event, photos } of prepared) {
          const [inserted] = await tx.insert(events).values(event).returning({ id: events.id });
          if (!inserted) throw new Error('Inserting a seed event returned no row.');
          await tx.insert(eventImages).values(photos.map((photo) => ({ eventId: inserted.id, ...photo })));
          result.events += 1;
          result.eventImages += photos.length;
        }
      });
    }
  } catch (error) {
    // Leave no orphaned pictures behind; the next start seeds again from scratch.
    await Promise.all(written.map((url) => storage.remove(url)));
    throw error;
  }
  return result;
}
