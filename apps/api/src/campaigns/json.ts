import { CAMPAIGN_CURRENCY, supporterFirstName } from '@charity/domain';
import type { CampaignReply, PublicDonationReply } from '@charity/domain/contract';
import type { CampaignRow, PublicDonationRow } from './repository.js';

// The campaign as the API answers it. Its schema is the contract's (packages/domain/src/contract/campaigns.ts), which
// also makes Fastify serialise it quickly and guarantees no other column ever leaks into an answer.

/** The contract's CampaignReply: the one campaign type of the API, the site, the ui and the tests. */
export type CampaignJson = CampaignReply;

export function campaignJson(row: CampaignRow): CampaignJson {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    status: row.status,
    is_featured: row.isFeatured,
    category: row.category || null,
    image_url: row.imageUrl,
    target_amount: row.targetAmount,
    raised_amount: row.raisedAmount,
    donation_count: row.donationCount,
    offline_amount: row.offlineAmount,
    offline_donation_count: row.offlineDonationCount,
    currency: row.currency || CAMPAIGN_CURRENCY,
    start_date: row.startDate?.toISOString() ?? null,
    end_date: row.endDate?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Shown instead of the name of a donor who did not agree to be named (or gave none). */
export const ANONYMOUS_DONOR = 'Anonymous';

export type PublicDonationJson = PublicDonationReply;

export function publicDonationJson(row: PublicDonationRow): PublicDonationJson {
  const name = supporterFirstName({ full_name: row.donorName, show_first_name: row.showFirstName, is_anonymous: row.isAnonymous });
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    donor_name: name ?? ANONYMOUS_DONOR,
    is_anonymous: row.isAnonymous,
    donation_type: row.donationType,
    created_at: row.createdAt.toISOString(),
  };
}
