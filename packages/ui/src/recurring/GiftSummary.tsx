import { formatCurrency } from '@charity/domain';
import { cn } from '../lib/cn';
import { GiftStatusBadge } from './GiftStatusBadge';
import { GENERAL_FUND_LABEL, giftCampaignText, giftCardText, giftDate, giftStateText } from './gift-text';
import type { GiftRecord } from './types';

export const GIFT_SUMMARY_TEXT = {
  perMonth: '/ month',
  campaign: 'Campaign',
  generalFund: GENERAL_FUND_LABEL,
  started: 'Started',
  givenBy: 'Given by',
  card: 'Card',
} as const;

export interface GiftSummaryProps {
  gift: GiftRecord;
  className?: string;
}

/**
 * A monthly gift at a glance, as its donor sees it: the amount a month and its state, the one sentence that says
 * where it stands (next payment, paused until, a failed payment and its retry, lapsed, cancelled), then the campaign,
 * the start date, whose gift it is (the email masked) and the card it is charged to.
 */
export function GiftSummary({ gift, className }: GiftSummaryProps) {
  const state = giftStateText(gift);
  const started = giftDate(gift.started_at);
  return (
    <div className={cn('cs-gift-summary', className)}>
      <div className="cs-gift-summary__head">
        <p className="cs-gift-summary__amount">
          <span className="cs-gift-summary__figure">{formatCurrency(gift.amount, gift.currency)}</span>{' '}
          <span className="cs-gift-summary__per">{GIFT_SUMMARY_TEXT.perMonth}</span>
        </p>
        <GiftStatusBadge status={gift.status} />
      </div>
      {state ? <p className={cn('cs-gift-summary__state', `cs-gift-summary__state--${gift.status}`)}>{state}</p> : null}
      <dl className="cs-gift-summary__facts">
        <div className="cs-gift-summary__fact">
          <dt>{GIFT_SUMMARY_TEXT.campaign}</dt>
          <dd>{giftCampaignText(gift)}</dd>
        </div>
        {started && gift.started_at ? (
          <div className="cs-gift-summary__fact">
            <dt>{GIFT_SUMMARY_TEXT.started}</dt>
            <dd>
              <time dateTime={gift.started_at}>{started}</time>
            </dd>
          </div>
        ) : null}
        <div className="cs-gift-summary__fact">
          <dt>{GIFT_SUMMARY_TEXT.givenBy}</dt>
          <dd>
            {gift.donor_name} ({gift.donor_email_masked})
          </dd>
        </div>
        {gift.card ? (
          <div className="cs-gift-summary__fact">
            <dt>{GIFT_SUMMARY_TEXT.card}</dt>
            <dd>{giftCardText(gift.card)}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
