import { Fragment, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ADMIN_CONSOLE_MESSAGES, donationSourceText, donationTypeLabel, formatCurrency, formatMinor, type AdminDonation } from '@charity/domain';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { HeartIcon } from '../../components/icons';
import { EyeIcon } from '../../events/icons';
import { cn } from '../../lib/cn';
import type { AdminRecordsStatus } from '../shared/types';
import { DonationStatusBadge } from '../shared/status-badges';
import { NotGiven } from './NotGiven';
import { donationCampaignText, donationSummaryText, GENERAL_DONATION_LABEL, inrEquivalentText } from './donation-text';
import { formatAdminDateTime } from '../shared/format';

export const DONATIONS_TABLE_TEXT = {
  caption: 'Donations',
  loading: 'Loading donations...',
  loadFailed: ADMIN_CONSOLE_MESSAGES.donationsLoadFailed,
  retry: 'Try again',
  empty: ADMIN_CONSOLE_MESSAGES.noDonationsYet,
  emptyFiltered: ADMIN_CONSOLE_MESSAGES.noDonationsMatch,
  emptyFilteredHint: 'Change or clear the filters to see more donations.',
  columnDate: 'Date',
  columnDonor: 'Donor',
  columnAmount: 'Amount',
  columnType: 'Type',
  columnCampaign: 'Campaign',
  columnCountry: 'Country',
  columnStatus: 'Status',
  columnReceipt: 'Receipt',
  columnSource: 'Source',
  columnActions: 'Actions',
  anonymous: 'Anonymous',
  noName: 'No name given',
  generalDonation: GENERAL_DONATION_LABEL,
  view: 'View',
  partlyRefunded: 'Partly refunded',
  /** Under the summary while the table is wider than its box (a phone): says it scrolls and how, by keyboard too. */
  scrollHint: 'More columns to the right: scroll the table sideways, or Tab to it and use the arrow keys.',
} as const;

/**
 * True while the element's content is wider than the element (it scrolls sideways). Measured again whenever the
 * element or its first child (the table) changes size: a window made narrower, a page of longer names.
 */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/** '₹500 refunded' under a partly refunded donation's amount. */
export function refundedAmountText(donation: Pick<AdminDonation, 'currency'> & { refunded_minor: number }): string {
  return `${formatMinor(donation.refunded_minor, donation.currency)} refunded`;
}

export interface DonationsTableProps {
  donations: readonly AdminDonation[];
  /** Count and INR sum of the whole filtered set (every page); null while unknown. */
  summary: { count: number; amount_inr: number } | null;
  status: AdminRecordsStatus;
  /** Some filter is in effect: an empty result then says no donation matches rather than none exist. */
  filtered: boolean;
  /** The row's 'View' button: open the donation's details. */
  onSelect: (donation: AdminDonation) => void;
  onRetry: () => void;
  /** Below the table, e.g. the Pagination. */
  footer?: ReactNode;
  className?: string;
}

/**
 * The donation list of /admin/donations. Beside the admin navigation at 1280 px every column fits, 'Receipt' and
 * 'View' included: cells wrap where their words allow (the donor's name over their e-mail, the campaign, the
 * source), while dates, amounts and receipt numbers stay whole. Narrower (a phone), the table scrolls sideways inside
 * a keyboard-focusable region and a hint above it says so. Each row opens through its 'View' button.
 */
export function DonationsTable(props: DonationsTableProps) {
  const { donations, status, filtered, onRetry, className } = props;
  if (status === 'loading') {
    return (
      <div className={cn('cs-donations-table cs-donations-table--loading', className)}>
        <SkeletonGroup label={DONATIONS_TABLE_TEXT.loading}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="cs-donations-table__skeleton-row" />
          ))}
        </SkeletonGroup>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <EmptyState
        className={className}
        icon={<HeartIcon />}
        title={DONATIONS_TABLE_TEXT.loadFailed}
        actions={<Button onClick={onRetry}>{DONATIONS_TABLE_TEXT.retry}</Button>}
      />
    );
  }
  if (donations.length === 0) {
    return filtered ? (
      <EmptyState
        className={className}
        icon={<HeartIcon />}
        title={DONATIONS_TABLE_TEXT.emptyFiltered}
        description={DONATIONS_TABLE_TEXT.emptyFilteredHint}
      />
    ) : (
      <EmptyState className={className} icon={<HeartIcon />} title={DONATIONS_TABLE_TEXT.empty} />
    );
  }
  return <ReadyTable {...props} />;
}

function ReadyTable({ donations, summary, onSelect, footer, className }: DonationsTableProps) {
  const hintId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const scrollsSideways = useScrollsSideways(scrollRef);
  // The source column only appears when a row on this page came through a partner's widget: it then names the partner
  // ('Widget: <origin>') or 'Website', as the detail, the CSV and the dashboard do (the domain's donationSourceText).
  const showSource = donations.some((donation) => donation.partner_origin);
  return (
    <div className={cn('cs-donations-table', className)}>
      {summary ? (
        <p className="cs-donations-table__summary" role="status">
          {donationSummaryText(summary)}
        </p>
      ) : null}
      {scrollsSideways ? (
        <p id={hintId} className="cs-donations-table__hint">
          {DONATIONS_TABLE_TEXT.scrollHint}
        </p>
      ) : null}
      <div
        ref={scrollRef}
        className="cs-donations-table__scroll"
        tabIndex={0}
        role="region"
        aria-label={DONATIONS_TABLE_TEXT.caption}
        aria-describedby={scrollsSideways ? hintId : undefined}
      >
        <table className="cs-donations-table__table cs-donations-table__table--fit">
          <caption className="cs-visually-hidden">{DONATIONS_TABLE_TEXT.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnDate}</th>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnDonor}</th>
              <th scope="col" className="cs-donations-table__number">
                {DONATIONS_TABLE_TEXT.columnAmount}
              </th>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnType}</th>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnCampaign}</th>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnCountry}</th>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnStatus}</th>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnReceipt}</th>
              {showSource ? <th scope="col">{DONATIONS_TABLE_TEXT.columnSource}</th> : null}
              <th scope="col">
                <span className="cs-visually-hidden">{DONATIONS_TABLE_TEXT.columnActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {donations.map((donation) => (
              <DonationRow key={donation.id} donation={donation} showSource={showSource} onSelect={onSelect} />
            ))}
          </tbody>
        </table>
      </div>
      {footer ? <div className="cs-donations-table__footer">{footer}</div> : null}
    </div>
  );
}

/** Dots start a piece: 'a.b.c' → 'a', '.b', '.c'. */
function dotPieces(text: string): string[] {
  return text.split('.').map((piece, i) => (i === 0 ? piece : `.${piece}`));
}

/** Before '@' and before the dots of the name in front of it: 'venkataramanan' / '.subramaniam' / '@example.org'. */
function emailPieces(email: string): string[] {
  const at = email.indexOf('@');
  return at < 0 ? dotPieces(email) : [...dotPieces(email.slice(0, at)), email.slice(at)];
}

/** After '//' and before the dots of the host: 'Widget: https://' / 'partner-school' / '.example' / '.net'. */
function originPieces(text: string): string[] {
  const slashes = text.indexOf('//');
  return slashes < 0 ? dotPieces(text) : [text.slice(0, slashes + 2), ...dotPieces(text.slice(slashes + 2))];
}

/**
 * An e-mail address or a web origin with places to wrap where a reader expects them, rather than wherever the column
 * ends ('asha.rao' / '@example.org', not 'asha.rao@example.o' / 'rg'). The text (and what is copied) is unchanged.
 */
function withBreaks(pieces: readonly string[]): ReactNode {
  return pieces
    .filter((piece) => piece !== '')
    .map((piece, i) => (
      <Fragment key={i}>
        {i > 0 ? <wbr /> : null}
        {piece}
      </Fragment>
    ));
}

/** A label that wraps only between its words: 'Monthly' / 'renewal', never 'One-' / 'time'. */
function wholeWords(label: string): ReactNode {
  const words = label.split(' ');
  return words.map((word, i) => (
    <Fragment key={i}>
      {i > 0 ? ' ' : null}
      <span className="cs-donations-table__word">{word}</span>
    </Fragment>
  ));
}

/**
 * '22 Nov 2026, 11:15' (the admin screens' one clock), which may wrap after the comma: the day over the time when the
 * column is narrow, never inside either.
 */
function DateTime({ instant }: { instant: string }) {
  const text = formatAdminDateTime(instant) ?? instant;
  const comma = text.lastIndexOf(', ');
  return (
    <time dateTime={instant}>
      {comma < 0 ? (
        text
      ) : (
        <>
          <span className="cs-donations-table__day">{text.slice(0, comma + 1)}</span>{' '}
          <span className="cs-donations-table__clock">{text.slice(comma + 2)}</span>
        </>
      )}
    </time>
  );
}

function DonationRow({
  donation,
  showSource,
  onSelect,
}: {
  donation: AdminDonation;
  showSource: boolean;
  onSelect: (donation: AdminDonation) => void;
}) {
  const inr = inrEquivalentText(donation);
  const country = donation.donor_country || donation.donor_country_code;
  // A fully refunded donation reads 'Refunded'; a completed one that gave some back is marked as partly refunded.
  const refunded = donation.refunded_minor ?? 0;
  const partlyRefunded = donation.status === 'completed' && refunded > 0;
  return (
    <tr>
      <td className="cs-donations-table__date">
        <DateTime instant={donation.created_at} />
      </td>
      <th scope="row" className="cs-donations-table__donor">
        <span className="cs-donations-table__name">
          {donation.donor_name || DONATIONS_TABLE_TEXT.noName}
          {donation.is_anonymous ? <Badge tone="grey">{DONATIONS_TABLE_TEXT.anonymous}</Badge> : null}
        </span>
        {donation.donor_email ? <span className="cs-donations-table__email">{withBreaks(emailPieces(donation.donor_email))}</span> : null}
      </th>
      <td className="cs-donations-table__number">
        <span className="cs-donations-table__amount">{formatCurrency(donation.amount, donation.currency)}</span>
        {inr ? <span className="cs-donations-table__inr">{inr}</span> : null}
        {partlyRefunded ? (
          <span className="cs-donations-table__refunded">{refundedAmountText({ currency: donation.currency, refunded_minor: refunded })}</span>
        ) : null}
      </td>
      <td className="cs-donations-table__type">{wholeWords(donationTypeLabel(donation))}</td>
      <td className="cs-donations-table__campaign">{donationCampaignText(donation)}</td>
      <td>{country || <NotGiven />}</td>
      <td>
        {partlyRefunded ? (
          <span className="cs-donations-table__status">
            <DonationStatusBadge status={donation.status} />
            <Badge tone="grey">{DONATIONS_TABLE_TEXT.partlyRefunded}</Badge>
          </span>
        ) : (
          <DonationStatusBadge status={donation.status} />
        )}
      </td>
      <td className="cs-donations-table__code">{donation.receipt_number || <NotGiven label="None" />}</td>
      {showSource ? <td className="cs-donations-table__code cs-donations-table__source">{withBreaks(originPieces(donationSourceText(donation)))}</td> : null}
      <td className="cs-donations-table__action">
        <Button variant="outline" size="sm" icon={<EyeIcon size={16} />} onClick={() => onSelect(donation)}>
          {DONATIONS_TABLE_TEXT.view}
          <span className="cs-visually-hidden"> donation {donation.id}</span>
        </Button>
      </td>
    </tr>
  );
}
