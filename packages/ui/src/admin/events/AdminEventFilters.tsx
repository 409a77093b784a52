import { useId } from 'react';
import {
  ADMIN_EVENTS_FILTER_TEXT,
  ADMIN_EVENT_FILTER_LABELS,
  ADMIN_EVENT_STATUS_FILTERS,
  adminEventsCountText,
  isAdminEventStatusFilter,
  type AdminEventStatusFilter,
} from '@charity/domain';
import { FormField, Input } from '../../components/FormField';
import { Select, type SelectOption } from '../../components/Select';
import { cn } from '../../lib/cn';

const STATUS_OPTIONS: SelectOption[] = ADMIN_EVENT_STATUS_FILTERS.map((value) => ({ value, label: ADMIN_EVENT_FILTER_LABELS[value] }));

export interface AdminEventFiltersProps {
  query: string;
  status: AdminEventStatusFilter;
  /** Called on every keystroke: the events are all on the page, so the list follows as staff type. */
  onQueryChange: (query: string) => void;
  onStatusChange: (status: AdminEventStatusFilter) => void;
  /** Events shown after filtering, and in all. */
  shown: number;
  total: number;
  className?: string;
}

/**
 * Search and status filter above the admin's event list (issue 20: finding one event among 54 took 54 Tab presses).
 * The count below says how many are shown, announced politely as it changes.
 */
export function AdminEventFilters({ query, status, onQueryChange, onStatusChange, shown, total, className }: AdminEventFiltersProps) {
  const id = useId();
  return (
    <div className={cn('cs-admin-event-filters', className)}>
      <div role="search" aria-label={ADMIN_EVENTS_FILTER_TEXT.searchLabel} className="cs-admin-event-filters__row">
        <FormField label={ADMIN_EVENTS_FILTER_TEXT.searchLabel} id={`${id}-q`} className="cs-admin-event-filters__field">
          <Input
            type="search"
            name="q"
            value={query}
            placeholder={ADMIN_EVENTS_FILTER_TEXT.searchPlaceholder}
            onChange={(event) => onQueryChange(event.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </FormField>
        <Select
          id={`${id}-status`}
          label={ADMIN_EVENTS_FILTER_TEXT.statusLabel}
          options={STATUS_OPTIONS}
          value={status}
          onValueChange={(next) => {
            if (isAdminEventStatusFilter(next) && next !== status) onStatusChange(next);
          }}
          className="cs-admin-event-filters__field"
        />
      </div>
      <p className="cs-admin-event-filters__count" role="status">
        {adminEventsCountText(shown, total)}
      </p>
    </div>
  );
}
