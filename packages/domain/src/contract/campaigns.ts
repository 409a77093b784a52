import { Type, type Static } from 'typebox';
import { CAMPAIGN_ANALYTICS_DEFAULT_PERIOD, CAMPAIGN_PAGE_SIZE, CAMPAIGN_STATUSES } from '../campaign';
import { FIELD_MAX_LENGTHS } from '../field-limits';
import { BooleanString, IdParams, Nullable, Ok, OkWithMessage, PageMeta, Paging, StringEnum } from './common';

// Campaigns on the wire: the public list, search, one campaign, its stats, donations and analytics, and the admin's
// create, update and delete (spec sections 4, 7 and 8).

export const CAMPAIGN_LIST_STATUSES = ['active', 'completed', 'paused', 'draft', 'all'] as const;
export const CAMPAIGN_SORTS = ['newest', 'ending_soon', 'most_funded'] as const;
export const ANALYTICS_PERIOD_NAMES = ['7d', '30d', '90d', '365d'] as const;
export const CAMPAIGN_SEARCH_MAX_LENGTH = 200;
export const CAMPAIGN_CATEGORY_FILTER_MAX_LENGTH = 100;
export const CAMPAIGN_DONATIONS_PAGE_SIZE = 10;

/** A campaign as every campaign answer sends it (public and admin alike). Dates are ISO date-times. */
export const CampaignReply = Type.Object({
  id: Type.Integer(),
  slug: Type.String({ description: 'Stable: its page is /campaigns/{slug}, kept when the title changes' }),
  title: Type.String(),
  description: Type.String(),
  status: StringEnum(CAMPAIGN_STATUSES),
  is_featured: Type.Boolean(),
  category: Nullable(Type.String()),
  image_url: Nullable(Type.String()),
  target_amount: Type.Number(),
  raised_amount: Type.Number({ description: 'What the campaign shows as raised: offline_amount plus the completed online donations, net of refunds' }),
  donation_count: Type.Integer({ description: 'offline_donation_count plus the completed online donations' }),
  offline_amount: Type.Number({ description: 'Raised outside the website (cheques, cash, transfers), entered by staff; part of raised_amount' }),
  offline_donation_count: Type.Integer({ description: 'Donations received outside the website, entered by staff; part of donation_count' }),
  currency: Type.String(),
  start_date: Nullable(Type.String()),
  end_date: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type CampaignReply = Static<typeof CampaignReply>;

/**
 * A donation as the public sees it under a campaign: the donor's first name only when they agreed to be named among the
 * campaign's supporters (show_first_name) and did not give anonymously; 'Anonymous' otherwise (campaign-page.ts).
 */
export const PublicDonationReply = Type.Object({
  id: Type.Integer(),
  amount: Type.Number(),
  currency: Type.String(),
  donor_name: Type.String(),
  is_anonymous: Type.Boolean(),
  donation_type: Type.String(),
  created_at: Type.String(),
});
export type PublicDonationReply = Static<typeof PublicDonationReply>;

const listFilters = {
  ...Paging(CAMPAIGN_PAGE_SIZE),
  status: StringEnum(CAMPAIGN_LIST_STATUSES, { default: 'all', description: 'draft (and include_drafts) need an admin token.' }),
  featured: Type.Optional(BooleanString),
  is_featured: Type.Optional(BooleanString),
  category: Type.Optional(Type.String({ maxLength: CAMPAIGN_CATEGORY_FILTER_MAX_LENGTH })),
  search: Type.Optional(Type.String({ maxLength: CAMPAIGN_SEARCH_MAX_LENGTH })),
  sort: StringEnum(CAMPAIGN_SORTS, { default: 'newest' }),
  include_drafts: Type.Optional(BooleanString),
};

/** /campaigns/slug/{slug}: a campaign's page address. */
export const CampaignSlugParams = Type.Object({
  slug: Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', description: 'A campaign slug' }),
});

export const CampaignListQuery = Type.Object(listFilters);
export type CampaignListQuery = Static<typeof CampaignListQuery>;
export const CampaignSearchQuery = Type.Object({ ...listFilters, q: Type.Optional(Type.String({ maxLength: CAMPAIGN_SEARCH_MAX_LENGTH })) });
export type CampaignSearchQuery = Static<typeof CampaignSearchQuery>;

export const CampaignListReply = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({ campaigns: Type.Array(CampaignReply) }),
  meta: PageMeta,
});
export type CampaignListReply = Static<typeof CampaignListReply>;

export const CampaignParams = IdParams;
/** One campaign; `message` on create and update. */
export const OneCampaignReply = OkWithMessage(Type.Object({ campaign: CampaignReply }));
export type OneCampaignReply = Static<typeof OneCampaignReply>;

export const CampaignStatsReply = Ok(
  Type.Object({
    raised_amount: Type.Number(),
    target_amount: Type.Number(),
    donation_count: Type.Integer(),
    funded_percentage: Type.Integer(),
    days_left: Nullable(Type.Integer()),
    display_status: Type.String(),
  }),
);
export type CampaignStatsReply = Static<typeof CampaignStatsReply>;

export const CampaignDonationsQuery = Type.Object(Paging(CAMPAIGN_DONATIONS_PAGE_SIZE));
export const CampaignDonationsReply = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({ donations: Type.Array(PublicDonationReply) }),
  meta: PageMeta,
});
export type CampaignDonationsReply = Static<typeof CampaignDonationsReply>;

export const CampaignAnalyticsQuery = Type.Object({
  period: StringEnum(ANALYTICS_PERIOD_NAMES, { default: CAMPAIGN_ANALYTICS_DEFAULT_PERIOD }),
});
export type CampaignAnalyticsQuery = Static<typeof CampaignAnalyticsQuery>;

export const CampaignAnalyticsReply = Ok(
  Type.Object({
    period: Type.String(),
    /** First and last organisation day of the period, YYYY-MM-DD. */
    from: Type.String(),
    to: Type.String(),
    total_amount: Type.Number(),
    donation_count: Type.Integer(),
    days: Type.Array(Type.Object({ date: Type.String(), amount: Type.Number(), count: Type.Integer() })),
  }),
);
export type CampaignAnalyticsReply = Static<typeof CampaignAnalyticsReply>;

/**
 * The admin's campaign form: multipart/form-data (these fields as text, plus an optional `image` file) or, without
 * a picture, a JSON object. Checked by the API's form reader, which answers every field's problem at once.
 */
export const CampaignFormBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: FIELD_MAX_LENGTHS.campaign.title })),
  description: Type.Optional(Type.String({ maxLength: FIELD_MAX_LENGTHS.campaign.description })),
  target_amount: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  offline_amount: Type.Optional(Type.Union([Type.Number(), Type.String()], { description: 'Raised outside the website, 0 or more' })),
  offline_donation_count: Type.Optional(Type.Union([Type.Integer(), Type.String()], { description: 'Donations received outside the website' })),
  status: Type.Optional(StringEnum(CAMPAIGN_STATUSES)),
  is_featured: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
  category: Type.Optional(Type.String({ maxLength: FIELD_MAX_LENGTHS.campaign.category })),
  start_date: Type.Optional(Nullable(Type.String({ description: 'YYYY-MM-DD or an ISO date-time' }))),
  end_date: Type.Optional(Nullable(Type.String({ description: 'YYYY-MM-DD or an ISO date-time' }))),
  remove_image: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
  image: Type.Optional(Type.String({ format: 'binary', description: 'multipart only: a JPEG, PNG or WebP picture' })),
});
export type CampaignFormBody = Static<typeof CampaignFormBody>;

/** The admin's list (drafts included). */
export const ADMIN_CAMPAIGN_STATUS_FILTERS = ['all', 'active', 'completed', 'paused', 'draft'] as const;
export const ADMIN_CAMPAIGNS_PAGE_SIZE = 20;
export const AdminCampaignListQuery = Type.Object(
  {
    ...Paging(ADMIN_CAMPAIGNS_PAGE_SIZE),
    status: StringEnum(ADMIN_CAMPAIGN_STATUS_FILTERS, { default: 'all' }),
    search: Type.Optional(Type.String({ maxLength: CAMPAIGN_SEARCH_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type AdminCampaignListQuery = Static<typeof AdminCampaignListQuery>;
