/** How a monthly gift's facts read on the donor's manage page and in the staff list. */
import { giftDateText } from '@charity/domain';
import type { GiftCardRecord, GiftRecord } from './types';

/** A gift without a campaign. */
export const GENERAL_FUND_LABEL = 'General fund';

/** The provider's brand codes as a donor reads them on the card; any other code is capitalised. */
const CARD_BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  rupay: 'RuPay',
};

/** '27 November 2026' (the organisation's calendar, domain giftDateText) for an ISO instant; null when missing or unreadable. */
export function giftDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? null : giftDateText(instant);
}

/** '27 Nov 2026', as the admin console writes days (organisation calendar); null when missing or unreadable. */
export function giftShortDate(iso: string | null | undefined): string | null {
  const long = giftDate(iso);
  if (!long) return null;
  const [day, month = '', year] = long.split(' ');
  return `${day} ${month.slice(0, 3)} ${year}`;
}

/** 'Visa ending 4242, expires 04/2028'. */
export function giftCardText(card: GiftCardRecord): string {
  const code = card.brand.trim().toLowerCase();
  const brand = Object.hasOwn(CARD_BRANDS, code)
    ? CARD_BRANDS[code]
    : card.brand.trim().charAt(0).toUpperCase() + card.brand.trim().slice(1);
  return `${brand} ending ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}

/** The campaign the gift supports, or 'General fund'. */
export function giftCampaignText(gift: { campaign_title: string | null }): string {
  return gift.campaign_title?.trim() || GENERAL_FUND_LABEL;
}

/**
 * The one sentence that says where a gift stands: 'Next payment on 27 November 2026', 'Paused until …',
 * the failed payment and its retry, 'This gift lapsed on …', 'Cancelled on …'. Null when there is nothing to say (a
 * gift awaiting its first payment, or a date the server did not send).
 */
export function giftStateText(
  gift: Pick<GiftRecord, 'status' | 'next_charge_at' | 'paused_until' | 'lapsed_at' | 'cancelled_at' | 'last_failure_reason'>,
): string | null {
  switch (gift.status) {
    case 'active': {
      const next = giftDate(gift.next_charge_at);
      return next ? `Next payment on ${next}` : null;
    }
    case 'paused': {
      const until = giftDate(gift.paused_until);
      return until ? `Paused until ${until}` : null;
    }
    case 'past_due': {
      // The provider's reasons often end with a full stop; the sentence adds its own.
      const reason = gift.last_failure_reason?.trim().replace(/\.+$/, '');
      const retry = giftDate(gift.next_charge_at);
      const failed = reason ? `Your last payment did not go through: ${reason}.` : 'Your last payment did not go through.';
      return retry ? `${failed} We will try again on ${retry}.` : failed;
    }
    case 'lapsed': {
      const lapsed = giftDate(gift.lapsed_at);
      return lapsed ? `This gift lapsed on ${lapsed} after its payments failed.` : 'This gift lapsed after its payments failed.';
    }
    case 'cancelled': {
      const cancelled = giftDate(gift.cancelled_at);
      return cancelled ? `Cancelled on ${cancelled}.` : null;
    }
    default:
      return null;
  }
}
