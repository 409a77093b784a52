import { useId, useState, type FormEvent } from 'react';
import {
  CAMPAIGN_FEATURED_FILTERS,
  CAMPAIGN_STATUS_FILTERS,
  DEFAULT_CAMPAIGN_FEATURED_FILTER,
  DEFAULT_CAMPAIGN_STATUS_FILTER,
  type CampaignFeaturedFilter,
  type CampaignStatusFilter,
} from '@charity/domain';
import { Button } from '../components/Button';
import { FormField, Input } from '../components/FormField';
import { Select, type SelectOption } from '../components/Select';
import { cn } from '../lib/cn';
import { SearchIcon } from './icons';

export const CAMPAIGN_STATUS_FILTER_LABELS: Readonly<Record<CampaignStatusFilter, string>> = {
  all: 'All',
  active: 'Active',
  completed: 'Completed',
  paused: 'Paused',
};

export const CAMPAIGN_FEATURED_FILTER_LABELS: Readonly<Record<CampaignFeaturedFilter, string>> = {
  all: 'All',
  featured: 'Featured only',
  regular: 'Regular only',
};

const STATUS_OPTIONS: SelectOption[] = CAMPAIGN_STATUS_FILTERS.map((value) => ({
  value,
  label: CAMPAIGN_STATUS_FILTER_LABELS[value],
}));
const FEATURED_OPTIONS: SelectOption[] = CAMPAIGN_FEATURED_FILTERS.map((value) => ({
  value,
  label: CAMPAIGN_FEATURED_FILTER_LABELS[value],
}));

const isStatusFilter = (value: string): value is CampaignStatusFilter =>
  (CAMPAIGN_STATUS_FILTERS as readonly string[]).includes(value);
const isFeaturedFilter = (value: string): value is CampaignFeaturedFilter =>
  (CAMPAIGN_FEATURED_FILTERS as readonly string[]).includes(value);

export interface CampaignFiltersProps {
  /** The search term in effect; the box shows it, and follows it when it changes (Clear Filters, back button). */
  search?: string;
  status?: CampaignStatusFilter;
  featured?: CampaignFeaturedFilter;
  /** The Search button or Enter in the box: the trimmed term ('' searches everything). */
  onSearch: (term: string) => void;
  onStatusChange: (status: CampaignStatusFilter) => void;
  onFeaturedChange: (featured: CampaignFeaturedFilter) => void;
  className?: string;
}

/**
 * Search box with a Search button, status filter (default Active) and featured filter (default All), spec §2.
 * The search only runs on submit (spec §4: "search submit reloads page 1"), never on every key stroke.
 */
export function CampaignFilters({
  search = '',
  status = DEFAULT_CAMPAIGN_STATUS_FILTER,
  featured = DEFAULT_CAMPAIGN_FEATURED_FILTER,
  onSearch,
  onStatusChange,
  onFeaturedChange,
  className,
}: CampaignFiltersProps) {
  const id = useId();
  const [term, setTerm] = useState(search);
  // Follow the term from outside when it changes (adjusting state during render, as React recommends).
  const [appliedSearch, setAppliedSearch] = useState(search);
  if (search !== appliedSearch) {
    setAppliedSearch(search);
    setTerm(search);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(term.trim());
  };

  return (
    <div className={cn('cs-campaign-filters', className)}>
      <form role="search" aria-label="Campaign search" className="cs-campaign-filters__search" onSubmit={submit}>
        <FormField label="Search campaigns" id={`${id}-search`} className="cs-campaign-filters__field">
          <Input
            type="search"
            name="q"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            placeholder="Search by title or description"
            autoComplete="off"
            enterKeyHint="search"
          />
        </FormField>
        <Button type="submit" icon={<SearchIcon size={18} />} className="cs-campaign-filters__submit">
          Search
        </Button>
      </form>
      <div className="cs-campaign-filters__selects">
        <Select
          label="Status"
          id={`${id}-status`}
          options={STATUS_OPTIONS}
          value={status}
          onValueChange={(value) => {
            if (isStatusFilter(value) && value !== status) onStatusChange(value);
          }}
          className="cs-campaign-filters__field"
        />
        <Select
          label="Featured"
          id={`${id}-featured`}
          options={FEATURED_OPTIONS}
          value={featured}
          onValueChange={(value) => {
            if (isFeaturedFilter(value) && value !== featured) onFeaturedChange(value);
          }}
          className="cs-campaign-filters__field"
        />
      </div>
    </div>
  );
}
