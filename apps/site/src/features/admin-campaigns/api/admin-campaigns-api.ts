import type { KyInstance } from 'ky';
import { campaignFormFields, type CampaignFormValues, type CampaignStatus } from '@charity/domain';
import type { CampaignReply } from '@charity/domain/contract';
import { isRecord, readPageInfo, replyData, replyList, type PageInfo } from '../../../lib/api/replies';

// The admin's campaign calls (docs/decisions/005-admin-console.md): the list from GET /api/admin/campaigns (drafts
// included, newest first), and create / update / delete at the spec's own paths. All silent for the global toast: the
// page shows the spec's CAMPAIGN_MESSAGES instead. The bearer token is added by the client.

/** A campaign as the API answers it: the wire contract's CampaignReply (a type only: no TypeBox in the bundle). */
export type AdminCampaign = CampaignReply;

export type AdminCampaignStatusFilter = 'all' | CampaignStatus;

export interface AdminCampaignQuery {
  page: number;
  limit: number;
  status?: AdminCampaignStatusFilter;
  search?: string;
}

export interface AdminCampaignPage extends PageInfo {
  campaigns: AdminCampaign[];
}

/** The picture chosen in the form: a new file, or the current one removed, or neither (keep it). */
export interface CampaignImageChoice {
  file: File | null;
  remove: boolean;
}

export const NO_IMAGE_CHANGE: CampaignImageChoice = { file: null, remove: false };

export function adminCampaignSearchParams(query: AdminCampaignQuery): Record<string, string> {
  const params: Record<string, string> = { page: String(query.page), limit: String(query.limit) };
  if (query.status) params.status = query.status;
  const search = query.search?.trim();
  if (search) params.search = search;
  return params;
}

/** Reads data.campaigns and meta; entries without a numeric id are dropped (Edit and Delete need one). */
export function parseAdminCampaignPage(body: unknown, requestedPage: number): AdminCampaignPage {
  const list = replyList(replyData(body, 'campaigns'), 'campaigns', 'campaigns');
  const campaigns = list.filter((item): item is AdminCampaign => isRecord(item) && typeof item.id === 'number');
  return { campaigns, ...readPageInfo(body, requestedPage, campaigns.length) };
}

/** GET /api/admin/campaigns?page&limit&status&search. */
export async function fetchAdminCampaigns(client: KyInstance, query: AdminCampaignQuery, signal?: AbortSignal): Promise<AdminCampaignPage> {
  const body = await client
    .get('admin/campaigns', { searchParams: adminCampaignSearchParams(query), signal, context: { silent: true } })
    .json<unknown>();
  return parseAdminCampaignPage(body, query.page);
}

/**
 * The multipart body of POST and PUT: the form's text fields (domain campaignFormFields), the picture as `image`
 * when one was chosen, and remove_image=true when the current one was removed without a replacement.
 */
export function campaignFormData(values: CampaignFormValues, image: CampaignImageChoice): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(campaignFormFields(values))) form.append(name, value);
  if (image.file) form.append('image', image.file, image.file.name);
  else if (image.remove) form.append('remove_image', 'true');
  return form;
}

/** POST /api/campaigns. */
export async function createCampaign(client: KyInstance, values: CampaignFormValues, image: CampaignImageChoice): Promise<void> {
  await client.post('campaigns', { body: campaignFormData(values, image), context: { silent: true } });
}

/** PUT /api/campaigns/{id}. */
export async function updateCampaign(client: KyInstance, id: number, values: CampaignFormValues, image: CampaignImageChoice): Promise<void> {
  await client.put(`campaigns/${encodeURIComponent(String(id))}`, { body: campaignFormData(values, image), context: { silent: true } });
}

/** DELETE /api/campaigns/{id} (409 with the reason when the campaign has donations). */
export async function deleteCampaign(client: KyInstance, id: number): Promise<void> {
  await client.delete(`campaigns/${encodeURIComponent(String(id))}`, { context: { silent: true } });
}
