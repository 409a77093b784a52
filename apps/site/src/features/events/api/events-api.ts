import type { KyInstance } from 'ky';
import { parseEventList, type EventRecord } from '@charity/domain';
import type { ApiLogger } from '../../../lib/api/client';
import { SAMPLE_EVENT } from './sample-event';

/**
 * GET /api/events/completed (spec section 7: what the public events page uses). Silent: on failure the page
 * shows the sample event instead of an error, so a toast would only contradict it.
 */
export async function fetchCompletedEvents(client: KyInstance, signal?: AbortSignal): Promise<EventRecord[]> {
  const body = await client.get('events/completed', { signal, context: { silent: true } }).json<unknown>();
  return parseEventList(body);
}

export interface PublicEvents {
  events: EventRecord[];
  /** True when the fetch failed and the built-in sample event stands in (spec section 8, "Fallback"). */
  isSample: boolean;
}

/**
 * The events of the public page: the completed events, or, if fetching them fails in any way (no reply, an
 * error status, an unreadable reply), the sample event. An empty list is not a failure: the page says so.
 * An abort (the visitor left) rethrows, so nothing is shown for a page that is gone.
 */
export async function loadPublicEvents(client: KyInstance, signal?: AbortSignal, log: ApiLogger = console): Promise<PublicEvents> {
  try {
    return { events: await fetchCompletedEvents(client, signal), isSample: false };
  } catch (error) {
    if (signal?.aborted) throw error;
    log.error(`[events] Could not load events, showing the sample event: ${error instanceof Error ? error.message : String(error)}`);
    return { events: [SAMPLE_EVENT], isSample: true };
  }
}
