import { useState } from 'react';
import { EmptyState, EventDetails, EventPicker, EventsClosing, EventsHero, Gallery, Spinner } from '@charity/ui';
import { galleryImages } from '../features/events/gallery-images';
import { usePublicEvents } from '../features/events/hooks/use-public-events';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageMeta } from '../lib/PageMeta';

export const EVENTS_PAGE_TEXT = {
  loading: 'Loading events...',
  emptyTitle: 'No events found',
  emptyDescription: 'Check back later for upcoming events',
  sampleNotice: "We couldn't load our latest events just now, so here is an example of our work.",
} as const;

/** /events (spec section 2): completed events with their galleries; the sample event when the fetch fails. */
export default function EventsPage() {
  useDocumentTitle('Events');
  const state = usePublicEvents();
  const [selectedId, setSelectedId] = useState<number | string | null>(null);
  const events = state.status === 'ready' ? state.events : [];
  // The first event is selected until the visitor picks another.
  const selected = events.find((event) => event.id === selectedId) ?? events[0];

  return (
    <>
      <PageMeta path="/events" />
      <EventsHero />
      <div className="cs-container cs-events-page__body">
        {state.status === 'loading' ? (
          <div className="cs-events-page__state">
            <Spinner label={EVENTS_PAGE_TEXT.loading} size="lg" />
          </div>
        ) : !selected ? (
          <EmptyState title={EVENTS_PAGE_TEXT.emptyTitle} description={EVENTS_PAGE_TEXT.emptyDescription} />
        ) : (
          <>
            {state.isSample ? <p className="cs-events-page__notice">{EVENTS_PAGE_TEXT.sampleNotice}</p> : null}
            {events.length > 1 ? <EventPicker events={events} selectedId={selected.id} onSelect={setSelectedId} /> : null}
            <EventDetails event={selected}>
              {/* Keyed by event: a new event starts with its own broken-image list and a closed lightbox. */}
              <Gallery key={selected.id} images={galleryImages(selected)} />
            </EventDetails>
          </>
        )}
      </div>
      <EventsClosing />
    </>
  );
}
