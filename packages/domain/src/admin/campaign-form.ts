/** The admin's add/edit campaign form (docs/decisions/005-admin-console.md; Campaign fields of spec section 3). */
import { CAMPAIGN_STATUSES, type CampaignStatus } from '../campaign';
import { text, toFiniteNumber, toNumber } from '../internal/values';

/** Categories offered in the form (the organisation's areas of work, spec introduction); stored as slugs. */
export const CAMPAIGN_CATEGORIES = ['education', 'health', 'nutrition', 'family-support', 'child-protection', 'general'] as const;
export const CAMPAIGN_STATUS_LABELS: Readonly<Record<CampaignStatus, string>> = {
  active: 'Active',
  completed: 'Completed',
  paused: 'Paused',
  draft: 'Draft',
};
/** New campaigns start as drafts: nothing appears on the public site until staff make it active. */
export const DEFAULT_NEW_CAMPAIGN_STATUS: CampaignStatus = 'draft';

export const CAMPAIGN_VALIDATION_MESSAGES = {
  titleRequired: 'Campaign title is required',
  descriptionRequired: 'Campaign description is required',
  targetInvalid: 'Target amount must be greater than 0',
  endBeforeStart: 'End date must be after the start date',
  offlineAmountInvalid: 'Raised offline must be an amount of 0 or more',
  offlineCountInvalid: 'Offline donations must be a whole number of 0 or more',
} as const;

/** The form as typed: every value a string (inputs), is_featured a checkbox. Dates 'YYYY-MM-DD' or ''. */
export interface CampaignFormValues {
  title: string;
  description: string;
  status: CampaignStatus;
  is_featured: boolean;
  category: string;
  target_amount: string;
  /**
   * Raised outside the website (cheques, cash, bank transfers, before the site existed): entered by staff, added to
   * the online donations in the figure the public sees (issue 20). '' is 0.
   */
  offline_amount: string;
  offline_donation_count: string;
  start_date: string;
  end_date: string;
}

export type CampaignFormErrors = Partial<
  Record<'title' | 'description' | 'target_amount' | 'offline_amount' | 'offline_donation_count' | 'end_date', string>
>;

export const EMPTY_CAMPAIGN_FORM: Readonly<CampaignFormValues> = {
  title: '',
  description: '',
  status: DEFAULT_NEW_CAMPAIGN_STATUS,
  is_featured: false,
  category: 'general',
  target_amount: '',
  offline_amount: '0',
  offline_donation_count: '0',
  start_date: '',
  end_date: '',
};

/** Form values from a campaign the API answered (edit): ISO date-times become their UTC calendar day. */
export function campaignFormValues(campaign: {
  title?: string | null;
  description?: string | null;
  status?: string | null;
  is_featured?: boolean | null;
  category?: string | null;
  target_amount?: number | string | null;
  offline_amount?: number | string | null;
  offline_donation_count?: number | string | null;
  start_date?: string | null;
  end_date?: string | null;
}): CampaignFormValues {
  const status = (CAMPAIGN_STATUSES as readonly string[]).includes(campaign.status ?? '') ? (campaign.status as CampaignStatus) : DEFAULT_NEW_CAMPAIGN_STATUS;
  const target = toNumber(campaign.target_amount);
  return {
    title: campaign.title ?? '',
    description: campaign.description ?? '',
    status,
    is_featured: campaign.is_featured === true,
    category: text(campaign.category) || 'general',
    target_amount: Number.isFinite(target) ? String(target) : '',
    offline_amount: String(toFiniteNumber(campaign.offline_amount)),
    offline_donation_count: String(toFiniteNumber(campaign.offline_donation_count)),
    start_date: text(campaign.start_date).slice(0, 10),
    end_date: text(campaign.end_date).slice(0, 10),
  };
}

/**
 * The shown figures split for staff: what came through the website (completed donations, net of refunds) and what
 * staff entered as raised offline. The public sees their sum (raised_amount, donation_count).
 */
export function campaignRaisedSplit(campaign: {
  raised_amount: number;
  donation_count: number;
  offline_amount?: number | null;
  offline_donation_count?: number | null;
}): { onlineAmount: number; offlineAmount: number; onlineCount: number; offlineCount: number } {
  const offlineAmount = toFiniteNumber(campaign.offline_amount);
  const offlineCount = toFiniteNumber(campaign.offline_donation_count);
  return {
    offlineAmount,
    offlineCount,
    onlineAmount: Math.max(0, Math.round((toFiniteNumber(campaign.raised_amount) - offlineAmount) * 100) / 100),
    onlineCount: Math.max(0, toFiniteNumber(campaign.donation_count) - offlineCount),
  };
}

/** Every rule of the form; an empty object means the form may be sent. */
export function validateCampaignForm(values: CampaignFormValues): CampaignFormErrors {
  const errors: CampaignFormErrors = {};
  if (!text(values.title)) errors.title = CAMPAIGN_VALIDATION_MESSAGES.titleRequired;
  if (!text(values.description)) errors.description = CAMPAIGN_VALIDATION_MESSAGES.descriptionRequired;
  const target = toNumber(values.target_amount);
  if (!Number.isFinite(target) || target <= 0) errors.target_amount = CAMPAIGN_VALIDATION_MESSAGES.targetInvalid;
  const offline = text(values.offline_amount) === '' ? 0 : toNumber(values.offline_amount);
  if (!Number.isFinite(offline) || offline < 0) errors.offline_amount = CAMPAIGN_VALIDATION_MESSAGES.offlineAmountInvalid;
  const offlineCount = text(values.offline_donation_count);
  if (offlineCount !== '' && !/^\d+$/.test(offlineCount)) errors.offline_donation_count = CAMPAIGN_VALIDATION_MESSAGES.offlineCountInvalid;
  const start = text(values.start_date);
  const end = text(values.end_date);
  if (start && end && end <= start) errors.end_date = CAMPAIGN_VALIDATION_MESSAGES.endBeforeStart;
  return errors;
}

/** Button rule, as for events: enabled once title and description are filled (the rest is checked on submit). */
export function canSubmitCampaignForm(values: Pick<CampaignFormValues, 'title' | 'description'>): boolean {
  return text(values.title) !== '' && text(values.description) !== '';
}

/**
 * The text fields of POST /api/campaigns and PUT /api/campaigns/{id} (multipart, with an optional `image` file
 * beside them): trimmed, target as a plain number, dates as sent ('' clears one).
 */
export function campaignFormFields(values: CampaignFormValues): Record<string, string> {
  return {
    title: text(values.title),
    description: text(values.description),
    status: values.status,
    is_featured: values.is_featured ? 'true' : 'false',
    category: text(values.category) || 'general',
    target_amount: String(toNumber(values.target_amount)),
    offline_amount: text(values.offline_amount) || '0',
    offline_donation_count: text(values.offline_donation_count) || '0',
    start_date: text(values.start_date),
    end_date: text(values.end_date),
  };
}
