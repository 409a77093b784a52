import type { KyInstance } from 'ky';
import { parseEventList, type EventPayload, type EventRecord } from '@charity/domain';

// The admin's event calls (spec section 7, Events). All silent for the global toast: the admin page shows the
// spec's own toasts ('Failed to create event'…) instead. The bearer token is added by the client.

export type EventId = number | string;

const eventPath = (id: EventId) => `events/${encodeURIComponent(String(id))}`;

/** GET /api/events: every event, whatever its status. */
export async function fetchAllEvents(client: KyInstance, signal?: AbortSignal): Promise<EventRecord[]> {
  return parseEventList(await client.get('events', { signal, context: { silent: true } }).json<unknown>());
}

/** POST /api/events with the formatted payload. */
export async function createEvent(client: KyInstance, payload: EventPayload): Promise<void> {
  await client.post('events', { json: payload, context: { silent: true } });
}

/** PUT /api/events/{id} with the full edited event. */
export async function updateEvent(client: KyInstance, id: EventId, payload: EventPayload): Promise<void> {
  await client.put(eventPath(id), { json: payload, context: { silent: true } });
}

/** DELETE /api/events/{id} (the server deletes its images too). */
export async function deleteEvent(client: KyInstance, id: EventId): Promise<void> {
  await client.delete(eventPath(id), { context: { silent: true } });
}

/** POST /api/events/{id}/images: multipart, one repeated `images` field per file. */
export async function uploadEventImages(client: KyInstance, id: EventId, files: readonly File[]): Promise<void> {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name);
  await client.post(`${eventPath(id)}/images`, { body: form, context: { silent: true } });
}

/** DELETE /api/events/{id}/images/{imageId} (the image id, or its list index when it has none). */
export async function deleteEventImage(client: KyInstance, eventId: EventId, imageKey: EventId): Promise<void> {
  await client.delete(`${eventPath(eventId)}/images/${encodeURIComponent(String(imageKey))}`, { context: { silent: true } });
}
