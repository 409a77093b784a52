import type { EventImageReply, EventReply } from '@charity/domain/contract';
import type { eventImages, events } from '../db/schema.js';

// An event as the API answers it (the contract the site is built against):
// { id, title, description, date: 'YYYY-MM-DD' | null, location, impact, status, images, created_at, updated_at },
// each image { id, file_path, width, height, variants: [{ width, url }] }. The contract's schemas also make Fastify
// serialise quickly and guarantee no other column ever leaks into an answer.

export type EventRow = typeof events.$inferSelect;
export type EventImageRow = typeof eventImages.$inferSelect;

/** The contract's EventImageReply and EventReply (packages/domain/src/contract/events.ts). */
export type EventImageJson = EventImageReply;
export type EventJson = EventReply;

export function eventImageJson(row: EventImageRow): EventImageJson {
  return {
    id: row.id,
    file_path: row.filePath,
    width: row.width,
    height: row.height,
    variants: [...row.variants].sort((a, b) => a.width - b.width).map((v) => ({ width: v.width, url: v.url })),
  };
}

export function eventJson(row: EventRow, images: readonly EventImageRow[]): EventJson {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    date: row.date,
    location: row.location,
    impact: row.impact,
    status: row.status,
    images: images.map(eventImageJson),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
