import { CAMPAIGN_CURRENCY } from '@charity/domain';
import type { CampaignRow, PublicDonationRow } from './repository.js';

// The campaign as the API answers it (the shared contract in the project brief), and its JSON schema, which
// also makes Fastify serialise it quickly and guarantees no other column ever leaks into an answer.

export interface CampaignJson {
  id: number;
  title: string;
  description: string;
  status: CampaignRow['status'];
  is_featured: boolean;
  category: string | null;
  image_url: string | null;
  target_amount: number;
  raised_amount: number;
  donation_count: number;
  currency: string;
  start_date: string | null;
  end_date: string | null;
  created_at: string;
  updated_at: string;
}

export function campaignJson(row: CampaignRow): CampaignJson {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    is_featured: row.isFeatured,
    category: row.category || null,
    image_url: row.imageUrl,
    target_amount: row.targetAmount,
    raised_amount: row.raisedAmount,
    donation_count: row.donationCount,
    currency: row.currency || CAMPAIGN_CURRENCY,
    start_date: row.startDate?.toISOString() ?? null,
    end_date: row.endDate?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const nullableString = { type: ['string', 'null'] } as const;

export const campaignSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    description: { type: 'string' },
    status: { type: 'string' },
    is_featured: { type: 'boolean' },
    category: nullableString,
    image_url: nullableString,
    target_amount: { type: 'number' },
    raised_amount: { type: 'number' },
    donation_count: { type: 'integer' },
    currency: { type: 'string' },
    start_date: nullableString,
    end_date: nullableString,
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;

/** Shown instead of the name of a donor who chose anonymity (or gave none). */
export const ANONYMOUS_DONOR = 'Anonymous';

export interface PublicDonationJson {
  id: number;
  amount: number;
  currency: string;
  donor_name: string;
  is_anonymous: boolean;
  donation_type: string;
  created_at: string;
}

export function publicDonationJson(row: PublicDonationRow): PublicDonationJson {
  const name = row.donorName?.trim();
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    donor_name: row.isAnonymous || !name ? ANONYMOUS_DONOR : name,
    is_anonymous: row.isAnonymous,
    donation_type: row.donationType,
    created_at: row.createdAt.toISOString(),
  };
}

export const publicDonationSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    amount: { type: 'number' },
    currency: { type: 'string' },
    donor_name: { type: 'string' },
    is_anonymous: { type: 'boolean' },
    donation_type: { type: 'string' },
    created_at: { type: 'string' },
  },
} as const;
