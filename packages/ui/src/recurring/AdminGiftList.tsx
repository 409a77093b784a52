import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  ADMIN_SEARCH_MAX_LENGTH,
  GIFT_STATUS_LABELS,
  LISTED_GIFT_STATUSES,
  formatCurrency,
  formatNumber,
  isGiftOngoing,
  type ListedGiftStatus,
} from '@charity/domain';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { FormField, Input } from '../components/FormField';
import { Select, type SelectOption } from '../components/Select';
import { HeartIcon } from '../components/icons';
import { SearchIcon } from '../campaigns/icons';
import { inrEquivalentText } from '../admin/donations/donation-text';
import { cn } from '../lib/cn';
import { GiftStatusBadge } from './GiftStatusBadge';
import { giftShortDate } from './gift-text';
import type { AdminGiftRecord, AdminGiftTotalsRecord } from './types';

export const ADMIN_GIFTS_TEXT = {
  totals: 'Monthly gift totals',
  active: 'Active gifts',
  monthlyAmount: 'Monthly amount (INR)',
  gained: 'Gained this month',
  lost: 'Lost this month',
  status: 'Status',
  allStatuses: 'All',
  searchRegion: 'Monthly gift search',
  search: 'Search donor name or email',
  searchButton: 'Search',
  caption: 'Monthly gifts',
  empty: 'No monthly gifts yet',
  emptyFiltered: 'No monthly gifts match these filters',
  emptyFilteredHint: 'Change or clear the filters to see more gifts.',
  columnDonor: 'Donor',
  columnAmount: 'Monthly amount',
  columnStatus: 'Status',
  columnStarted: 'Started',
  columnNextCharge: 'Next charge',
  columnPayments: 'Payments',
  columnFailure: 'Failure reason',
  columnActions: 'Actions',
  none: 'None',
  cancelReason: 'Reason:',
  resendLink: 'Resend link',
  cancel: 'Cancel',
} as const;

/** Radix Select cannot hold '' as a value; this stands for "all" and maps back to ''. */
const ALL = 'all';
const STATUS_OPTIONS: SelectOption[] = [
  { value: ALL, label: ADMIN_GIFTS_TEXT.allStatuses },
  ...LISTED_GIFT_STATUSES.map((status) => ({ value: status, label: GIFT_STATUS_LABELS[status] })),
];
const isListedStatus = (value: string): value is ListedGiftStatus => (LISTED_GIFT_STATUSES as readonly string[]).includes(value);

export interface AdminGiftListProps {
  /** The current page of gifts. */
  gifts: readonly AdminGiftRecord[];
  totals: AdminGiftTotalsRecord;
  /** The status filter in effect; '' for all. */
  status: '' | ListedGiftStatus;
  /** The search in effect (the box follows it when it changes). */
  search: string;
  /** The gift whose action (resend, cancel) is running: its buttons wait. */
  busyId: number | null;
  onStatusChange: (status: '' | ListedGiftStatus) => void;
  /** Called with the trimmed term when the search is submitted (Enter or 'Search'), not on every key. */
  onSearchChange: (search: string) => void;
  /** 'Cancel' of an ongoing gift's row: the site asks first (StaffCancelGiftDialog). */
  onCancel: (gift: AdminGiftRecord) => void;
  /** 'Resend link': a new management link by email to the donor's address on file. */
  onResendLink: (gift: AdminGiftRecord) => void;
  /** Below the table, e.g. the Pagination. */
  footer?: ReactNode;
  className?: string;
}

/**
 * The staff list of monthly gifts: four figures (active gifts, their monthly amount in INR, gained and lost this
 * month), a status filter and a donor search, and a table of gifts with 'Resend link' and, for a gift that would be
 * charged again, 'Cancel'. Nothing here edits a gift's amount or email: a compromised staff account must not be able
 * to redirect a donor's payments. Cells wrap, so the table fits beside the admin navigation at 1280 px; narrower, it
 * scrolls sideways inside a keyboard-focusable region.
 */
export function AdminGiftList({
  gifts,
  totals,
  status,
  search,
  busyId,
  onStatusChange,
  onSearchChange,
  onCancel,
  onResendLink,
  footer,
  className,
}: AdminGiftListProps) {
  const id = useId();
  const [term, setTerm] = useState(search);
  // Follow the search from outside when it changes (the back button, a cleared filter), adjusting during render.
  const [applied, setApplied] = useState(search);
  if (search !== applied) {
    setApplied(search);
    setTerm(search);
  }

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = term.trim();
    if (next !== search) onSearchChange(next);
  }

  const filtered = status !== '' || search !== '';
  return (
    <div className={cn('cs-admin-gifts', className)}>
      <section aria-label={ADMIN_GIFTS_TEXT.totals}>
        <dl className="cs-console-totals__grid cs-admin-gifts__tiles">
          <Tile label={ADMIN_GIFTS_TEXT.active} value={formatNumber(totals.active)} />
          <Tile label={ADMIN_GIFTS_TEXT.monthlyAmount} value={formatCurrency(totals.monthly_amount_inr, 'INR')} />
          <Tile label={ADMIN_GIFTS_TEXT.gained} value={formatNumber(totals.gained_this_month)} />
          <Tile label={ADMIN_GIFTS_TEXT.lost} value={formatNumber(totals.lost_this_month)} />
        </dl>
      </section>

      <div className="cs-admin-gifts__filters">
        <Select
          id={`${id}-status`}
          label={ADMIN_GIFTS_TEXT.status}
          options={STATUS_OPTIONS}
          value={status || ALL}
          onValueChange={(next) => {
            const chosen = next === ALL ? '' : next;
            if (chosen !== status && (chosen === '' || isListedStatus(chosen))) onStatusChange(chosen);
          }}
          className="cs-admin-gifts__status"
        />
        <form role="search" aria-label={ADMIN_GIFTS_TEXT.searchRegion} className="cs-admin-gifts__search" onSubmit={submitSearch}>
          <FormField label={ADMIN_GIFTS_TEXT.search} id={`${id}-q`} className="cs-admin-gifts__field">
            <Input
              type="search"
              name="q"
              value={term}
              maxLength={ADMIN_SEARCH_MAX_LENGTH}
              onChange={(event) => setTerm(event.target.value)}
              autoComplete="off"
              enterKeyHint="search"
            />
          </FormField>
          <Button type="submit" icon={<SearchIcon size={18} />}>
            {ADMIN_GIFTS_TEXT.searchButton}
          </Button>
        </form>
      </div>

      {gifts.length === 0 ? (
        filtered ? (
          <EmptyState icon={<HeartIcon />} title={ADMIN_GIFTS_TEXT.emptyFiltered} description={ADMIN_GIFTS_TEXT.emptyFilteredHint} />
        ) : (
          <EmptyState icon={<HeartIcon />} title={ADMIN_GIFTS_TEXT.empty} />
        )
      ) : (
        <div className="cs-admin-gifts__scroll" tabIndex={0} role="region" aria-label={ADMIN_GIFTS_TEXT.caption}>
          <table className="cs-admin-gifts__table">
            <caption className="cs-visually-hidden">{ADMIN_GIFTS_TEXT.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{ADMIN_GIFTS_TEXT.columnDonor}</th>
                <th scope="col" className="cs-admin-gifts__number">
                  {ADMIN_GIFTS_TEXT.columnAmount}
                </th>
                <th scope="col">{ADMIN_GIFTS_TEXT.columnStatus}</th>
                <th scope="col">{ADMIN_GIFTS_TEXT.columnStarted}</th>
                <th scope="col">{ADMIN_GIFTS_TEXT.columnNextCharge}</th>
                <th scope="col" className="cs-admin-gifts__number">
                  {ADMIN_GIFTS_TEXT.columnPayments}
                </th>
                <th scope="col">{ADMIN_GIFTS_TEXT.columnFailure}</th>
                <th scope="col">
                  <span className="cs-visually-hidden">{ADMIN_GIFTS_TEXT.columnActions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {gifts.map((gift) => (
                <GiftRow key={gift.id} gift={gift} busy={busyId === gift.id} onCancel={onCancel} onResendLink={onResendLink} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {footer ? <div className="cs-admin-gifts__footer">{footer}</div> : null}
    </div>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="cs-console-tile">
      <dt className="cs-console-tile__label">{label}</dt>
      <dd className="cs-console-tile__value">{value}</dd>
    </div>
  );
}

/** A value the gift does not have: a dash to the eye, 'None' to a screen reader. */
function None() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="cs-visually-hidden">{ADMIN_GIFTS_TEXT.none}</span>
    </>
  );
}

function DateCell({ iso }: { iso: string | null }) {
  const text = giftShortDate(iso);
  return <td className="cs-admin-gifts__date">{text && iso ? <time dateTime={iso}>{text}</time> : <None />}</td>;
}

function GiftRow({
  gift,
  busy,
  onCancel,
  onResendLink,
}: {
  gift: AdminGiftRecord;
  busy: boolean;
  onCancel: (gift: AdminGiftRecord) => void;
  onResendLink: (gift: AdminGiftRecord) => void;
}) {
  const inr = inrEquivalentText(gift);
  return (
    <tr aria-busy={busy || undefined}>
      <th scope="row" className="cs-admin-gifts__donor">
        <span className="cs-admin-gifts__name">{gift.donor_name}</span>
        <span className="cs-admin-gifts__email">{gift.donor_email}</span>
      </th>
      <td className="cs-admin-gifts__number">
        <span className="cs-admin-gifts__amount">{formatCurrency(gift.amount, gift.currency)}</span>
        {inr ? <span className="cs-admin-gifts__inr">{inr}</span> : null}
      </td>
      <td>
        <GiftStatusBadge status={gift.status} />
        {gift.status === 'cancelled' && gift.cancel_reason ? (
          <span className="cs-admin-gifts__note">
            {ADMIN_GIFTS_TEXT.cancelReason} {gift.cancel_reason}
          </span>
        ) : null}
      </td>
      <DateCell iso={gift.started_at} />
      <DateCell iso={gift.next_charge_at} />
      <td className="cs-admin-gifts__number">{formatNumber(gift.payments_count)}</td>
      <td className="cs-admin-gifts__failure">{gift.last_failure_reason || <None />}</td>
      <td>
        <div className="cs-admin-gifts__actions">
          <Button variant="outline" size="sm" disabled={busy} onClick={() => onResendLink(gift)}>
            {ADMIN_GIFTS_TEXT.resendLink}
            <span className="cs-visually-hidden"> to {gift.donor_name}</span>
          </Button>
          {isGiftOngoing(gift.status) ? (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => onCancel(gift)}>
              {ADMIN_GIFTS_TEXT.cancel}
              <span className="cs-visually-hidden"> the gift of {gift.donor_name}</span>
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
