/** How a donation's figures read in the admin screens (list, detail). */
import { formatCurrency, formatNumber, type AdminDonation } from '@charity/domain';

/** A donation without a campaign (campaign filter 'none'). */
export const GENERAL_DONATION_LABEL = 'General donation';

/** '1,234 donations · ₹12,34,567' ('1 donation · ₹500'). */
export function donationSummaryText(summary: { count: number; amount_inr: number }): string {
  const noun = summary.count === 1 ? 'donation' : 'donations';
  return `${formatNumber(summary.count)} ${noun} · ${formatCurrency(summary.amount_inr, 'INR')}`;
}

/** '≈ ₹4,150' beside an amount in another currency; null for INR. */
export function inrEquivalentText(donation: Pick<AdminDonation, 'currency' | 'amount_inr'>): string | null {
  return donation.currency.trim().toUpperCase() === 'INR' ? null : `≈ ${formatCurrency(donation.amount_inr, 'INR')}`;
}

/** The campaign's title, 'Campaign #7' when its title is unknown, or 'General donation' without a campaign. */
export function donationCampaignText(donation: Pick<AdminDonation, 'campaign_id' | 'campaign_title'>): string {
  if (donation.campaign_title) return donation.campaign_title;
  return donation.campaign_id === null ? GENERAL_DONATION_LABEL : `Campaign #${donation.campaign_id}`;
}
