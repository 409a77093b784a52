import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  ADMIN_CONSOLE_MESSAGES,
  ADMIN_SEARCH_MAX_LENGTH,
  ATTEMPT_OUTCOME_LABELS,
  ATTEMPT_OUTCOMES,
  ATTEMPT_TOP_ADDRESSES_HOURS,
  formatCurrency,
  formatNumber,
  type AdminPaymentAttempt,
  type AttemptFilters,
  type AttemptOutcome,
  type AttemptSummary,
} from '@charity/domain';
import { Badge, type BadgeTone } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { FormField, Input } from '../../components/FormField';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { HeartIcon } from '../../components/icons';
import { SearchIcon } from '../../campaigns/icons';
import { cn } from '../../lib/cn';
import type { AdminRecordsStatus } from '../shared/types';
import { formatAdminDateTime } from '../shared/format';
import { NotGiven } from './NotGiven';
import { GENERAL_DONATION_LABEL } from './donation-text';

export const ATTEMPTS_TABLE_TEXT = {
  caption: 'Failed payment attempts',
  loading: 'Loading payment attempts...',
  loadFailed: ADMIN_CONSOLE_MESSAGES.attemptsLoadFailed,
  retry: 'Try again',
  empty: 'No failed payment attempts',
  emptyHint: 'Declined, failed, abandoned and blocked payments appear here.',
  emptyFiltered: 'No payment attempts match',
  emptyFilteredHint: 'Change or clear the search to see more attempts.',
  searchRegion: 'Payment attempt search',
  search: 'Search by email',
  searchPlaceholder: 'Donor e-mail',
  searchButton: 'Search',
  outcome: 'Outcome',
  allOutcomes: 'All',
  clear: 'Clear search',
  columnTime: 'Time',
  columnDonor: 'Donor',
  columnAmount: 'Amount',
  columnCampaign: 'Campaign',
  columnOutcome: 'Outcome',
  columnReason: 'Reason',
  columnAddress: 'Address',
  noName: 'No name given',
  noEmail: 'No e-mail',
  generalDonation: GENERAL_DONATION_LABEL,
  limitReached: 'Card-testing limit',
  busiest: `Most failures in the last ${ATTEMPT_TOP_ADDRESSES_HOURS} hours`,
} as const;

/** '3 attempts in the hour' ('1 attempt in the hour'). */
export function attemptsInHourText(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'attempt' : 'attempts'} in the hour`;
}

/** '7 failures' ('1 failure'). */
export function failuresText(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'failure' : 'failures'}`;
}

/** '8 attempts' ('1 attempt'). */
export function attemptCountText(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'attempt' : 'attempts'}`;
}

const OUTCOME_TONES: Readonly<Record<AttemptOutcome, BadgeTone>> = {
  declined: 'red',
  failed: 'red',
  abandoned: 'yellow',
  blocked: 'grey',
};

export interface AttemptsTableProps {
  attempts: readonly AdminPaymentAttempt[];
  /** Counts per outcome (of the search) and the busiest addresses; null while unknown. */
  summary: AttemptSummary | null;
  status: AdminRecordsStatus;
  /** The search and outcome in effect (from the URL); the search box follows them when they change. */
  filters: AttemptFilters;
  /** A new search (on Enter or 'Search') or outcome, as a whole new filter object. */
  onFiltersChange: (next: AttemptFilters) => void;
  onRetry: () => void;
  /** Below the table, e.g. the Pagination. */
  footer?: ReactNode;
  className?: string;
}

/**
 * The "Failed attempts" of /admin/donations: the payments that did not become donations and the requests the
 * card-testing limit refused, with a search by e-mail and an outcome filter. Rows from an address that reached the
 * card-testing limit are marked, and the busiest addresses are listed above the table, so bursts stand out.
 */
export function AttemptsTable({ attempts, summary, status, filters, onFiltersChange, onRetry, footer, className }: AttemptsTableProps) {
  return (
    <div className={cn('cs-attempts', className)}>
      <AttemptFilterBar filters={filters} summary={summary} onChange={onFiltersChange} />
      <AttemptsBody attempts={attempts} summary={summary} status={status} filters={filters} onRetry={onRetry} footer={footer} />
    </div>
  );
}

function AttemptFilterBar({ filters, summary, onChange }: { filters: AttemptFilters; summary: AttemptSummary | null; onChange: (next: AttemptFilters) => void }) {
  const id = useId();
  const [term, setTerm] = useState(filters.q);
  // Follow the search from outside (Clear, the back button), adjusting during render.
  const [applied, setApplied] = useState(filters.q);
  if (filters.q !== applied) {
    setApplied(filters.q);
    setTerm(filters.q);
  }
  const searchRef = useRef<HTMLInputElement>(null);
  const total = summary ? ATTEMPT_OUTCOMES.reduce((sum, outcome) => sum + summary.counts[outcome], 0) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = term.trim();
    if (q !== filters.q) onChange({ ...filters, q });
  }

  const choices: Array<{ value: AttemptOutcome | ''; label: string; count: number | null }> = [
    { value: '', label: ATTEMPTS_TABLE_TEXT.allOutcomes, count: total },
    ...ATTEMPT_OUTCOMES.map((outcome) => ({ value: outcome, label: ATTEMPT_OUTCOME_LABELS[outcome], count: summary ? summary.counts[outcome] : null })),
  ];
  return (
    <div className="cs-attempts__filters">
      <form role="search" aria-label={ATTEMPTS_TABLE_TEXT.searchRegion} className="cs-attempts__search" onSubmit={submit}>
        <FormField label={ATTEMPTS_TABLE_TEXT.search} id={`${id}-q`} className="cs-attempts__field">
          <Input
            ref={searchRef}
            type="search"
            name="q"
            value={term}
            maxLength={ADMIN_SEARCH_MAX_LENGTH}
            onChange={(event) => setTerm(event.target.value)}
            placeholder={ATTEMPTS_TABLE_TEXT.searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
          />
        </FormField>
        <Button type="submit" icon={<SearchIcon size={18} />}>
          {ATTEMPTS_TABLE_TEXT.searchButton}
        </Button>
        {filters.q ? (
          <Button
            variant="ghost"
            onClick={() => {
              setTerm('');
              searchRef.current?.focus();
              onChange({ ...filters, q: '' });
            }}
          >
            {ATTEMPTS_TABLE_TEXT.clear}
          </Button>
        ) : null}
      </form>
      <div role="group" aria-label={ATTEMPTS_TABLE_TEXT.outcome} className="cs-attempts__outcomes">
        {choices.map((choice) => (
          <Button
            key={choice.value || 'all'}
            size="sm"
            variant={filters.outcome === choice.value ? 'primary' : 'outline'}
            aria-pressed={filters.outcome === choice.value}
            onClick={() => {
              if (filters.outcome !== choice.value) onChange({ ...filters, outcome: choice.value });
            }}
          >
            {choice.label}
            {choice.count === null ? null : <span className="cs-attempts__count"> ({formatNumber(choice.count)})</span>}
          </Button>
        ))}
      </div>
    </div>
  );
}

function AttemptsBody({
  attempts,
  summary,
  status,
  filters,
  onRetry,
  footer,
}: Pick<AttemptsTableProps, 'attempts' | 'summary' | 'status' | 'filters' | 'onRetry' | 'footer'>) {
  if (status === 'loading') {
    return (
      <SkeletonGroup label={ATTEMPTS_TABLE_TEXT.loading}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="cs-donations-table__skeleton-row" />
        ))}
      </SkeletonGroup>
    );
  }
  if (status === 'error') {
    return <EmptyState icon={<HeartIcon />} title={ATTEMPTS_TABLE_TEXT.loadFailed} actions={<Button onClick={onRetry}>{ATTEMPTS_TABLE_TEXT.retry}</Button>} />;
  }
  const busiest = summary?.top_addresses ?? [];
  const filtered = filters.q !== '' || filters.outcome !== '';
  return (
    <>
      {busiest.length > 0 ? (
        <section className="cs-attempts__busiest" aria-labelledby="cs-attempts-busiest">
          <h3 id="cs-attempts-busiest" className="cs-attempts__busiest-heading">
            {ATTEMPTS_TABLE_TEXT.busiest}
          </h3>
          <ul className="cs-attempts__busiest-list">
            {busiest.map((address) => (
              <li key={address.client_ip} className={cn('cs-attempts__address', address.limit_reached && 'cs-attempts__address--limit')}>
                <span className="cs-donations-table__code">{address.client_ip}</span>
                <span>{failuresText(address.failures)}</span>
                {address.limit_reached ? <Badge tone="red">{ATTEMPTS_TABLE_TEXT.limitReached}</Badge> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {attempts.length === 0 ? (
        filtered ? (
          <EmptyState icon={<HeartIcon />} title={ATTEMPTS_TABLE_TEXT.emptyFiltered} description={ATTEMPTS_TABLE_TEXT.emptyFilteredHint} />
        ) : (
          <EmptyState icon={<HeartIcon />} title={ATTEMPTS_TABLE_TEXT.empty} description={ATTEMPTS_TABLE_TEXT.emptyHint} />
        )
      ) : (
        <div className="cs-donations-table">
          <div className="cs-donations-table__scroll" tabIndex={0} role="region" aria-label={ATTEMPTS_TABLE_TEXT.caption}>
            <table className="cs-donations-table__table cs-attempts__table">
              <caption className="cs-visually-hidden">{ATTEMPTS_TABLE_TEXT.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{ATTEMPTS_TABLE_TEXT.columnTime}</th>
                  <th scope="col">{ATTEMPTS_TABLE_TEXT.columnDonor}</th>
                  <th scope="col">{ATTEMPTS_TABLE_TEXT.columnOutcome}</th>
                  <th scope="col">{ATTEMPTS_TABLE_TEXT.columnAddress}</th>
                  <th scope="col" className="cs-donations-table__number">
                    {ATTEMPTS_TABLE_TEXT.columnAmount}
                  </th>
                  <th scope="col">{ATTEMPTS_TABLE_TEXT.columnCampaign}</th>
                  <th scope="col">{ATTEMPTS_TABLE_TEXT.columnReason}</th>
                </tr>
              </thead>
              <tbody>
                {attempts.map((attempt) => (
                  <AttemptRow key={attempt.key} attempt={attempt} />
                ))}
              </tbody>
            </table>
          </div>
          {footer ? <div className="cs-donations-table__footer">{footer}</div> : null}
        </div>
      )}
    </>
  );
}

function AttemptRow({ attempt }: { attempt: AdminPaymentAttempt }) {
  const codes = [attempt.reason.code, attempt.reason.decline_code].filter(Boolean).join(' · ');
  const blocked = attempt.outcome === 'blocked';
  return (
    <tr className={cn(attempt.address_limit_reached && 'cs-attempts__row--limit')}>
      <td className="cs-donations-table__date">
        <time dateTime={attempt.created_at}>{formatAdminDateTime(attempt.created_at) ?? attempt.created_at}</time>
      </td>
      <th scope="row" className="cs-donations-table__donor">
        <span className="cs-donations-table__name">{attempt.donor_name || (blocked ? <NotGiven /> : ATTEMPTS_TABLE_TEXT.noName)}</span>
        <span className="cs-donations-table__email">{attempt.donor_email || ATTEMPTS_TABLE_TEXT.noEmail}</span>
      </th>
      <td>
        <Badge tone={OUTCOME_TONES[attempt.outcome]}>{ATTEMPT_OUTCOME_LABELS[attempt.outcome]}</Badge>
      </td>
      <td className="cs-attempts__address-cell">
        <span className="cs-donations-table__code">{attempt.client_ip}</span>
        <span className="cs-donations-table__email">{attemptsInHourText(attempt.address_attempts_last_hour)}</span>
        {attempt.address_limit_reached ? <Badge tone="red">{ATTEMPTS_TABLE_TEXT.limitReached}</Badge> : null}
      </td>
      <td className="cs-donations-table__number">
        {attempt.amount !== null && attempt.currency ? (
          <span className="cs-donations-table__amount">{formatCurrency(attempt.amount, attempt.currency)}</span>
        ) : (
          <NotGiven />
        )}
      </td>
      <td>{blocked ? <NotGiven /> : attempt.campaign_title || ATTEMPTS_TABLE_TEXT.generalDonation}</td>
      <td className="cs-attempts__reason">
        <span>{attempt.reason.text}</span>
        {codes ? <span className="cs-donations-table__email cs-donations-table__code">{codes}</span> : null}
      </td>
    </tr>
  );
}
