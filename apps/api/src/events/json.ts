import type { eventImages, events } from '../db/schema.js';

// An event as the API answers it (the contract the site is built against):
// { id, title, description, date: 'YYYY-MM-DD' | null, location, impact, status, images, created_at, updated_at },
// each image { id, file_path, width, height, variants: [{ width, url }] }. The schemas also make Fastify
// serialise quickly and guarantee no other column ever leaks into an answer.

export type EventRow = typeof events.$inferSelect;
export type EventImageRow = typeof eventImages.$inferSelect;

export interface EventImageJson {
  id: number;
  /** The default size (800 wide, or the widest one of a narrower picture). */
  file_path: string;
  width: number | null;
  height: number | null;
  /** Narrowest first. */
  variants: Array<{ width: number; url: string }>;
}

export interface EventJson {
  id: number;
  title: string;
  description: string;
  date: string | null;
  location: string | null;
  impact: string | null;
  status: EventRow['status'];
  images: EventImageJson[];
  created_at: string;
  updated_at: string;
}

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

const nullableString = { type: ['string', 'null'] } as const;
const nullableInteger = { type: ['integer', 'null'] } as const;

export const eventImageSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    file_path: { type: 'string' },
    width: nullableInteger,
    height: nullableInteger,
    variants: {
      type: 'array',
      items: { type: 'object', properties: { width: { type: 'integer' }, url: { type: 'string' } } },
    },
  },
} as const;

export const eventSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    description: { type: 'string' },
    date: nullableString,
    location: nullableString,
    impact: nullableString,
    status: { type: 'string' },
    images: { type: 'array', items: eventImageSchema },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;
