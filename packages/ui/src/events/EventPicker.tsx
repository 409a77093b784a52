import { useId } from 'react';
import { formatEventDate } from '@charity/domain';
import { cn } from '../lib/cn';

export interface EventPickerItem {
  id: number | string;
  title: string;
  date?: string | null;
}

export interface EventPickerProps {
  events: readonly EventPickerItem[];
  selectedId: number | string | null;
  onSelect: (id: number | string) => void;
  heading?: string;
  className?: string;
}

/**
 * 'Select an Event': one toggle button per event (aria-pressed marks the shown one). Buttons rather than a
 * listbox so each is a plain tab stop that works with every screen reader and on touch.
 */
export function EventPicker({ events, selectedId, onSelect, heading = 'Select an Event', className }: EventPickerProps) {
  const headingId = useId();
  return (
    <section className={cn('cs-event-picker', className)} aria-labelledby={headingId}>
      <h2 id={headingId} className="cs-event-picker__heading">
        {heading}
      </h2>
      <div role="group" aria-labelledby={headingId} className="cs-event-picker__list">
        {events.map((event) => {
          const selected = event.id === selectedId;
          const date = formatEventDate(event.date);
          return (
            <button
              key={event.id}
              type="button"
              className={cn('cs-event-picker__option', selected && 'cs-event-picker__option--selected')}
              aria-pressed={selected}
              onClick={() => onSelect(event.id)}
            >
              <span className="cs-event-picker__title">{event.title}</span>
              {date ? <span className="cs-event-picker__date">{date}</span> : null}
            </button>
          );
        })}
      </div>
    </section>
  );
}
