import { and, asc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { eventImages, events, type EventStatus, type StoredImageVariant } from '../db/schema.js';
import type { EventImageRow, EventRow } from './json.js';

// Every event query. Lists load their images in one more query (never one per event).

export interface EventWithImages {
  event: EventRow;
  images: EventImageRow[];
}

export type EventOrder = 'newest' | 'soonest';

export interface EventFilter {
  status?: EventStatus;
  /** Only events that have at least one image. */
  withImages?: boolean;
  /** newest: date descending, undated last; soonest: date ascending, undated last. Ties by id. */
  order: EventOrder;
  limit?: number;
}

const ORDERS: Record<EventOrder, SQL[]> = {
  // PostgreSQL sorts NULL first in descending order: an undated event must not top the list.
  newest: [sql`${events.date} desc nulls last`, asc(events.id)],
  soonest: [sql`${events.date} asc nulls last`, asc(events.id)],
};

async function imagesOf(db: Database, eventIds: number[]): Promise<Map<number, EventImageRow[]>> {
  const byEvent = new Map<number, EventImageRow[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const rows = await db.select().from(eventImages).where(inArray(eventImages.eventId, eventIds)).orderBy(asc(eventImages.id));
  for (const row of rows) byEvent.get(row.eventId)?.push(row);
  return byEvent;
}

export async function listEvents(db: Database, filter: EventFilter): Promise<EventWithImages[]> {
  const conditions = [
    filter.status ? eq(events.status, filter.status) : undefined,
    filter.withImages ? exists(db.select({ one: sql`1` }).from(eventImages).where(eq(eventImages.eventId, events.id))) : undefined,
  ];
  const query = db
    .select()
    .from(events)
    .where(and(...conditions))
    .orderBy(...ORDERS[filter.order]);
  const rows = filter.limit === undefined ? await query : await query.limit(filter.limit);
  const images = await imagesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((event) => ({ event, images: images.get(event.id) ?? [] }));
}

export async function findEvent(db: Database, id: number): Promise<EventWithImages | null> {
  const [event] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  if (!event) return null;
  const images = await imagesOf(db, [event.id]);
  return { event, images: images.get(event.id) ?? [] };
}

export async function eventExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, id)).limit(1);
  return row !== undefined;
}

export interface EventValues {
  title: string;
  description: string;
  date: string | null;
  location: string | null;
  impact: string | null;
  status: EventStatus;
}

export async function insertEvent(db: Database, values: EventValues): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  return row!;
}

/** Replaces every field (PUT is a full edit); null when the event does not exist. */
export async function updateEvent(db: Database, id: number, values: EventValues): Promise<EventRow | null> {
  const [row] = await db
    .update(events)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(events.id, id))
    .returning();
  return row ?? null;
}

/** Deletes an event and (by the foreign key's cascade) its image rows; returns those rows so their files can go. */
export async function deleteEvent(db: Database, id: number): Promise<EventImageRow[] | null> {
  return db.transaction(async (tx) => {
    const images = await tx.select().from(eventImages).where(eq(eventImages.eventId, id));
    const deleted = await tx.delete(events).where(eq(events.id, id)).returning({ id: events.id });
    return deleted.length > 0 ? images : null;
  });
}

export interface NewEventImage {
  filePath: string;
  width: number;
  height: number;
  variants: StoredImageVariant[];
}

/** Adds images to an event in one statement (all or none). The event's foreign key refuses a deleted event. */
export async function insertEventImages(db: Database, eventId: number, images: readonly NewEventImage[]): Promise<EventImageRow[]> {
  if (images.length === 0) return [];
  return db
    .insert(eventImages)
    .values(images.map((image) => ({ eventId, ...image })))
    .returning();
}

/** Deletes one image of one event; null when that event has no such image. */
export async function deleteEventImage(db: Database, eventId: number, imageId: number): Promise<EventImageRow | null> {
  const [row] = await db
    .delete(eventImages)
    .where(and(eq(eventImages.id, imageId), eq(eventImages.eventId, eventId)))
    .returning();
  return row ?? null;
}

/** Every stored file of an image: its sizes, and file_path for pictures stored before sizes existed. */
export function imageFiles(image: Pick<EventImageRow, 'filePath' | 'variants'>): string[] {
  return [...new Set([image.filePath, ...image.variants.map((v) => v.url)])];
}
