import { useEffect, useState } from 'react';
import type { EventRecord } from '@charity/domain';
import { api } from '../../../lib/api';
import { loadPublicEvents } from '../api/events-api';

export type PublicEventsState =
  | { status: 'loading' }
  | { status: 'ready'; events: EventRecord[]; isSample: boolean };

/** Loads the public events once per mount; aborted when the page unmounts. */
export function usePublicEvents(): PublicEventsState {
  const [state, setState] = useState<PublicEventsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    loadPublicEvents(api, controller.signal).then(
      (result) => setState({ status: 'ready', ...result }),
      () => {
        // Only an abort rejects (see loadPublicEvents): the page is gone, nothing to show.
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
