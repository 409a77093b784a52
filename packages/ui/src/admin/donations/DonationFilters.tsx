import { useId, useRef, useState, type FormEvent } from 'react';
import {
  ADMIN_DONATION_STATUSES,
  ADMIN_DONATION_STATUS_LABELS,
  ADMIN_SEARCH_MAX_LENGTH,
  DONATION_SOURCE_TEXT,
  DONATION_TYPES,
  DONATION_TYPE_LABELS,
  PARTNER_FILTER_NONE,
  donationDateRangeError,
  hasDonationFilters,
  isDonationType,
  partnerFilterText,
  partnerSourceText,
  type AdminDonationStatus,
  type DonationFilters as DonationFilterValues,
} from '@charity/domain';
import { Button } from '../../components/Button';
import { FormField, Input } from '../../components/FormField';
import { Select, type SelectOption } from '../../components/Select';
import { SearchIcon } from '../../campaigns/icons';
import { cn } from '../../lib/cn';
import { GENERAL_DONATION_LABEL } from './donation-text';

export const DONATION_FILTERS_TEXT = {
  searchRegion: 'Donation search',
  search: 'Search donations',
  searchPlaceholder: 'Name, e-mail, receipt or payment id',
  searchButton: 'Search',
  from: 'From',
  to: 'To',
  campaign: 'Campaign',
  anyCampaign: 'Any campaign',
  generalDonation: GENERAL_DONATION_LABEL,
  country: 'Country',
  anyCountry: 'Any country',
  currency: 'Currency',
  anyCurrency: 'Any currency',
  type: 'Type',
  anyType: 'Any type',
  status: 'Status',
  anyStatus: 'Any status',
  /** The partner filter: where the gift was made (the charity's site, or a partner's widget). */
  source: 'Source',
  anySource: DONATION_SOURCE_TEXT.anySource,
  website: DONATION_SOURCE_TEXT.website,
  clear: 'Clear filters',
  export: 'Export CSV',
  exporting: 'Exporting...',
} as const;

/** Radix Select cannot hold '' as a value; this stands for "any" in every select and maps back to ''. */
const ANY = 'any';
/** The campaign filter's value for donations without a campaign (domain DonationFilters.campaign). */
const GENERAL = 'none';

const fromSelect = (value: string) => (value === ANY ? '' : value);
const toSelect = (value: string) => value || ANY;

/** The options after "any", plus the current value when the lists do not offer it (a link to a deleted campaign). */
function withCurrent(options: SelectOption[], current: string, label: (value: string) => string): SelectOption[] {
  if (!current || options.some((option) => option.value === current)) return options;
  return [...options, { value: current, label: label(current) }];
}

const TYPE_OPTIONS: SelectOption[] = [
  { value: ANY, label: DONATION_FILTERS_TEXT.anyType },
  ...DONATION_TYPES.map((type) => ({ value: type, label: DONATION_TYPE_LABELS[type] })),
];
const STATUS_OPTIONS: SelectOption[] = [
  { value: ANY, label: DONATION_FILTERS_TEXT.anyStatus },
  ...ADMIN_DONATION_STATUSES.map((status) => ({ value: status, label: ADMIN_DONATION_STATUS_LABELS[status] })),
];
const isAdminDonationStatus = (value: string): value is AdminDonationStatus =>
  (ADMIN_DONATION_STATUSES as readonly string[]).includes(value);

export interface DonationFiltersProps {
  /** The filters in effect (from the URL); the controls follow them when they change. */
  value: DonationFilterValues;
  campaigns: ReadonlyArray<{ id: number; title: string }>;
  countries: ReadonlyArray<{ code: string; name: string }>;
  currencies: readonly string[];
  /**
   * The partner sites to filter by (configured or seen on a donation), each offered as 'Widget: <origin>' after
   * 'Any source' and 'Website' (the charity's own site).
   */
  partners?: ReadonlyArray<{ origin: string }>;
  /** Every change of a filter, as a whole new filter object. The search term only on Enter or 'Search'. */
  onChange: (next: DonationFilterValues) => void;
  onClear: () => void;
  onExport: () => void;
  exporting?: boolean;
  className?: string;
}

/**
 * The filters of /admin/donations: search, date range, campaign, country, currency, type, status and source (the
 * partner's widget a gift came through, or the charity's own site),
 * 'Clear filters' and 'Export CSV' (of the filters in effect). A reversed or unreadable date range shows the
 * domain's message and is not applied until it is fixed.
 */
export function DonationFilters({
  value,
  campaigns,
  countries,
  currencies,
  partners = [],
  onChange,
  onClear,
  onExport,
  exporting = false,
  className,
}: DonationFiltersProps) {
  const id = useId();
  const rangeErrorId = `${id}-range-error`;
  // The search box and the dates are drafts: the search runs on submit, the dates once the range is valid.
  const [term, setTerm] = useState(value.q);
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  // Follow the filters from outside when they change (Clear filters, the back button), adjusting during render.
  const [applied, setApplied] = useState(value);
  if (value.q !== applied.q || value.from !== applied.from || value.to !== applied.to) {
    setApplied(value);
    setTerm(value.q);
    setFrom(value.from);
    setTo(value.to);
  }
  const rangeError = donationDateRangeError(from, to);
  const searchRef = useRef<HTMLInputElement>(null);

  function clear() {
    setTerm('');
    setFrom('');
    setTo('');
    // 'Clear filters' goes away with the filters; focus moves to the start of the filters, not the page's.
    searchRef.current?.focus();
    onClear();
  }

  function changeDates(nextFrom: string, nextTo: string) {
    setFrom(nextFrom);
    setTo(nextTo);
    if (donationDateRangeError(nextFrom, nextTo) === null && (nextFrom !== value.from || nextTo !== value.to)) {
      onChange({ ...value, from: nextFrom, to: nextTo });
    }
  }

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = term.trim();
    if (q !== value.q) onChange({ ...value, q });
  }

  function select<K extends 'campaign' | 'country' | 'currency' | 'partner'>(key: K) {
    return (next: string) => {
      const filter = fromSelect(next);
      if (filter !== value[key]) onChange({ ...value, [key]: filter });
    };
  }

  const campaignOptions = withCurrent(
    [
      { value: ANY, label: DONATION_FILTERS_TEXT.anyCampaign },
      { value: GENERAL, label: DONATION_FILTERS_TEXT.generalDonation },
      ...campaigns.map((campaign) => ({ value: String(campaign.id), label: campaign.title })),
    ],
    value.campaign,
    (current) => `Campaign #${current}`,
  );
  const countryOptions = withCurrent(
    [
      { value: ANY, label: DONATION_FILTERS_TEXT.anyCountry },
      ...countries.map((country) => ({ value: country.code, label: country.name })),
    ],
    value.country,
    (current) => current,
  );
  const currencyOptions = withCurrent(
    [{ value: ANY, label: DONATION_FILTERS_TEXT.anyCurrency }, ...currencies.map((currency) => ({ value: currency, label: currency }))],
    value.currency,
    (current) => current,
  );

  const partnerOptions = withCurrent(
    [
      { value: ANY, label: DONATION_FILTERS_TEXT.anySource },
      { value: PARTNER_FILTER_NONE, label: DONATION_FILTERS_TEXT.website },
      ...partners.map((partner) => ({ value: partner.origin, label: partnerSourceText(partner.origin) })),
    ],
    value.partner,
    partnerFilterText,
  );

  return (
    <div className={cn('cs-donation-filters', className)}>
      <form role="search" aria-label={DONATION_FILTERS_TEXT.searchRegion} className="cs-donation-filters__search" onSubmit={submitSearch}>
        <FormField label={DONATION_FILTERS_TEXT.search} id={`${id}-q`} className="cs-donation-filters__field">
          <Input
            ref={searchRef}
            type="search"
            name="q"
            value={term}
            maxLength={ADMIN_SEARCH_MAX_LENGTH}
            onChange={(event) => setTerm(event.target.value)}
            placeholder={DONATION_FILTERS_TEXT.searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
          />
        </FormField>
        <Button type="submit" icon={<SearchIcon size={18} />}>
          {DONATION_FILTERS_TEXT.searchButton}
        </Button>
      </form>

      <div className="cs-donation-filters__range">
        <div className="cs-donation-filters__dates">
          <FormField label={DONATION_FILTERS_TEXT.from} id={`${id}-from`} className="cs-donation-filters__field">
            <Input
              type="date"
              name="from"
              value={from}
              onChange={(event) => changeDates(event.target.value, to)}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? rangeErrorId : undefined}
            />
          </FormField>
          <FormField label={DONATION_FILTERS_TEXT.to} id={`${id}-to`} className="cs-donation-filters__field">
            <Input
              type="date"
              name="to"
              value={to}
              onChange={(event) => changeDates(from, event.target.value)}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? rangeErrorId : undefined}
            />
          </FormField>
        </div>
        <div aria-live="polite">
          {rangeError ? (
            <p id={rangeErrorId} className="cs-field__error">
              {rangeError}
            </p>
          ) : null}
        </div>
      </div>

      <div className="cs-donation-filters__selects">
        <Select
          id={`${id}-campaign`}
          label={DONATION_FILTERS_TEXT.campaign}
          options={campaignOptions}
          value={toSelect(value.campaign)}
          onValueChange={select('campaign')}
          className="cs-donation-filters__field"
        />
        <Select
          id={`${id}-country`}
          label={DONATION_FILTERS_TEXT.country}
          options={countryOptions}
          value={toSelect(value.country)}
          onValueChange={select('country')}
          className="cs-donation-filters__field"
        />
        <Select
          id={`${id}-currency`}
          label={DONATION_FILTERS_TEXT.currency}
          options={currencyOptions}
          value={toSelect(value.currency)}
          onValueChange={select('currency')}
          className="cs-donation-filters__field"
        />
        <Select
          id={`${id}-type`}
          label={DONATION_FILTERS_TEXT.type}
          options={TYPE_OPTIONS}
          value={toSelect(value.type)}
          onValueChange={(next) => {
            const type = fromSelect(next);
            if (type !== value.type && (type === '' || isDonationType(type))) onChange({ ...value, type });
          }}
          className="cs-donation-filters__field"
        />
        <Select
          id={`${id}-status`}
          label={DONATION_FILTERS_TEXT.status}
          options={STATUS_OPTIONS}
          value={toSelect(value.status)}
          onValueChange={(next) => {
            const status = fromSelect(next);
            if (status !== value.status && (status === '' || isAdminDonationStatus(status))) onChange({ ...value, status });
          }}
          className="cs-donation-filters__field"
        />
        <Select
          id={`${id}-partner`}
          label={DONATION_FILTERS_TEXT.source}
          options={partnerOptions}
          value={toSelect(value.partner)}
          onValueChange={select('partner')}
          className="cs-donation-filters__field"
        />
      </div>

      <div className="cs-donation-filters__actions">
        {hasDonationFilters(value) ? (
          <Button variant="ghost" onClick={clear}>
            {DONATION_FILTERS_TEXT.clear}
          </Button>
        ) : null}
        <Button variant="outline" onClick={onExport} loading={exporting} loadingText={DONATION_FILTERS_TEXT.exporting}>
          {DONATION_FILTERS_TEXT.export}
        </Button>
      </div>
    </div>
  );
}
