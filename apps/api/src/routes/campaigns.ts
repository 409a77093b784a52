import {
  CAMPAIGN_MESSAGES,
  campaignDisplayStatus,
  daysLeft,
  fundedPercentage,
} from '@charity/domain';
import {
  CAMPAIGN_CATEGORY_FILTER_MAX_LENGTH,
  CAMPAIGN_DONATIONS_PAGE_SIZE,
  CAMPAIGN_SEARCH_MAX_LENGTH,
  CampaignAnalyticsQuery,
  CampaignAnalyticsReply,
  CampaignDonationsQuery,
  CampaignDonationsReply,
  CampaignFormBody,
  CampaignListQuery,
  CampaignListReply,
  CampaignParams,
  CampaignSearchQuery,
  CampaignSlugParams,
  CampaignStatsReply,
  errorReplies,
  MessageReply,
  OneCampaignReply,
  type CampaignSearchQuery as ListQuery,
} from '@charity/domain/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { campaignAnalytics, type AnalyticsPeriod } from '../campaigns/analytics.js';
import { readCampaignForm, validateCampaignForm } from '../campaigns/form.js';
import { campaignJson, publicDonationJson } from '../campaigns/json.js';
import {
  countDonations,
  deleteCampaign,
  findCampaign,
  findCampaignBySlug,
  insertCampaign,
  listCampaignDonations,
  listCampaigns,
  updateCampaign,
  type CampaignRow,
  type CampaignValues,
} from '../campaigns/repository.js';
import { formError, HttpError } from '../http-errors.js';
import { storeImage } from '../storage/images.js';
import type { StoredFile } from '../storage/storage.js';
import { cleanText, isForeignKeyViolation, pageMeta, pageSize, parseBooleanString } from './shared.js';

// Campaigns: the public list, search, one campaign, its stats, donations and analytics; and the admin's
// create, update and delete (behind app.requireAdmin). Spec sections 3, 4, 7 and 8.

export const SEARCH_MAX_LENGTH = CAMPAIGN_SEARCH_MAX_LENGTH;
export const CATEGORY_MAX_LENGTH = CAMPAIGN_CATEGORY_FILTER_MAX_LENGTH;
export const DONATIONS_PAGE_SIZE = CAMPAIGN_DONATIONS_PAGE_SIZE;
/** Both bodies of the admin's campaign form (the contract's CampaignFormBody). */
const CAMPAIGN_FORM_TYPES = ['multipart/form-data', 'application/json'];

export const CAMPAIGN_ROUTE_MESSAGES = {
  featuredConflict: 'featured and is_featured disagree; send only one of them.',
  hasDonations: 'This campaign has donations and cannot be deleted; set its status to completed or paused instead.',
} as const;

const listResponse = { 200: CampaignListReply, ...errorReplies(401, 403) };
const campaignResponse = OneCampaignReply;
const adminWrite = errorReplies(401, 403, 404, 413, 415);

function notFound(): HttpError {
  return new HttpError(404, CAMPAIGN_MESSAGES.notFound);
}

export async function campaignRoutes(app: FastifyInstance) {
  /** Drafts are for admins: status=draft and include_drafts=true pass through the admin guard first. */
  async function draftsNeedAdmin(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as ListQuery;
    if (query.status === 'draft' || parseBooleanString(query.include_drafts)) await app.requireAdmin(request, reply);
  }

  /**
   * The public list comes from the response cache (src/plugins/response-cache.ts). Drafts are an admin's: a request
   * that could list any (status=draft, include_drafts, or a status the schema will refuse) is never served or kept.
   */
  const PUBLIC_LIST_STATUSES = new Set<string>(['active', 'completed', 'paused', 'all']);
  const cachedPublic = {
    responseCache: {
      tags: ['campaigns'],
      bypass: (request: FastifyRequest) => {
        const { status, include_drafts: drafts } = request.query as Record<string, unknown>;
        const publicStatus = status === undefined || (typeof status === 'string' && PUBLIC_LIST_STATUSES.has(status));
        const noDrafts = drafts === undefined || drafts === 'false' || drafts === '0';
        return !(publicStatus && noDrafts);
      },
    },
  } as const;

  async function list(query: ListQuery, search: string | undefined) {
    const featured = parseBooleanString(query.featured);
    const isFeatured = parseBooleanString(query.is_featured);
    if (featured !== undefined && isFeatured !== undefined && featured !== isFeatured) {
      throw new HttpError(400, CAMPAIGN_ROUTE_MESSAGES.featuredConflict);
    }
    const limit = pageSize(query.limit);
    const category = query.category === undefined ? '' : cleanText(query.category);
    const term = search === undefined ? '' : cleanText(search);
    const { items, total } = await listCampaigns(
      app.db,
      {
        status: query.status,
        includeDrafts: parseBooleanString(query.include_drafts) === true,
        featured: featured ?? isFeatured,
        category: category || undefined,
        search: term || undefined,
        sort: query.sort,
        page: query.page,
        limit,
      },
      new Date(),
    );
    return { success: true, data: { campaigns: items.map(campaignJson) }, meta: pageMeta(total, query.page, limit) };
  }

  app.get<{ Querystring: ListQuery }>(
    '/campaigns',
    {
      schema: { summary: 'Campaigns, a page at a time (drafts need an admin token)', querystring: CampaignListQuery, response: listResponse },
      preHandler: draftsNeedAdmin,
      config: cachedPublic,
    },
    async (request) => list(request.query, request.query.search),
  );

  app.get<{ Querystring: ListQuery }>(
    '/campaigns/search',
    {
      schema: { summary: 'Campaigns matching q (or search)', querystring: CampaignSearchQuery, response: listResponse },
      preHandler: draftsNeedAdmin,
      config: cachedPublic,
    },
    async (request) => list(request.query, request.query.q ?? request.query.search),
  );

  app.get<{ Params: { id: number } }>(
    '/campaigns/:id',
    {
      schema: { params: CampaignParams, response: { 200: campaignResponse, ...errorReplies(404) } },
      config: { responseCache: { tags: ['campaigns'] } },
    },
    async (request) => {
      const campaign = await findCampaign(app.db, request.params.id);
      if (!campaign) throw notFound();
      return { success: true, data: { campaign: campaignJson(campaign) } };
    },
  );

  // A campaign's page asks by its address (/campaigns/{slug}); drafts are never public.
  app.get<{ Params: { slug: string } }>(
    '/campaigns/slug/:slug',
    {
      schema: { summary: 'One campaign by its slug', params: CampaignSlugParams, response: { 200: campaignResponse, ...errorReplies(404) } },
      config: { responseCache: { tags: ['campaigns'] } },
    },
    async (request) => {
      const campaign = await findCampaignBySlug(app.db, request.params.slug);
      if (!campaign) throw notFound();
      return { success: true, data: { campaign: campaignJson(campaign) } };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/campaigns/:id/stats',
    {
      schema: {
        params: CampaignParams,
        response: { 200: CampaignStatsReply, ...errorReplies(404) },
      },
    },
    async (request) => {
      const campaign = await findCampaign(app.db, request.params.id);
      if (!campaign) throw notFound();
      const now = new Date();
      return {
        success: true,
        data: {
          raised_amount: campaign.raisedAmount,
          target_amount: campaign.targetAmount,
          donation_count: campaign.donationCount,
          funded_percentage: fundedPercentage(campaign.raisedAmount, campaign.targetAmount),
          days_left: daysLeft(campaign.endDate, now),
          display_status: campaignDisplayStatus({ status: campaign.status, end_date: campaign.endDate }, now),
        },
      };
    },
  );

  app.get<{ Params: { id: number }; Querystring: { page: number; limit: number } }>(
    '/campaigns/:id/donations',
    {
      schema: {
        params: CampaignParams,
        querystring: CampaignDonationsQuery,
        response: { 200: CampaignDonationsReply, ...errorReplies(404) },
      },
    },
    async (request) => {
      const campaign = await findCampaign(app.db, request.params.id);
      if (!campaign) throw notFound();
      const limit = pageSize(request.query.limit);
      const { items, total } = await listCampaignDonations(app.db, campaign.id, { page: request.query.page, limit });
      return { success: true, data: { donations: items.map(publicDonationJson) }, meta: pageMeta(total, request.query.page, limit) };
    },
  );

  app.get<{ Params: { id: number }; Querystring: { period: AnalyticsPeriod } }>(
    '/campaigns/:id/analytics',
    {
      schema: {
        params: CampaignParams,
        querystring: CampaignAnalyticsQuery,
        response: { 200: CampaignAnalyticsReply, ...errorReplies(404) },
      },
    },
    async (request) => {
      const campaign = await findCampaign(app.db, request.params.id);
      if (!campaign) throw notFound();
      return { success: true, data: await campaignAnalytics(app.db, campaign.id, request.query.period) };
    },
  );

  // ---- Admin: create, update, delete (multipart with an optional `image`, or JSON) ----

  app.post(
    '/campaigns',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Create a campaign',
        consumes: CAMPAIGN_FORM_TYPES,
        'x-body': CampaignFormBody,
        response: { 201: campaignResponse, ...adminWrite },
      },
    },
    async (request, reply) => {
      const form = await readCampaignForm(request);
      const { values, errors } = validateCampaignForm(form, null);
      if (Object.keys(errors).length > 0) throw formError(errors);
      // The picture is checked and written before the row; if the row then fails, the picture goes too.
      const stored = form.image ? await storeImage(app.storage, 'campaigns', form.image, form.imageName ?? undefined) : null;
      try {
        const row = await insertCampaign(app.db, { ...(values as CampaignValues), imageUrl: stored?.url ?? null });
        app.responseCache.invalidate('campaigns');
        return reply.code(201).send({ success: true, message: CAMPAIGN_MESSAGES.created, data: { campaign: campaignJson(row) } });
      } catch (error) {
        await removeQuietly(stored);
        throw error;
      }
    },
  );

  app.put<{ Params: { id: number } }>(
    '/campaigns/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Change a campaign',
        params: CampaignParams,
        consumes: CAMPAIGN_FORM_TYPES,
        'x-body': CampaignFormBody,
        response: { 200: campaignResponse, ...adminWrite },
      },
    },
    async (request) => {
      const existing = await findCampaign(app.db, request.params.id, { includeDrafts: true });
      if (!existing) throw notFound();
      const form = await readCampaignForm(request);
      const { values, removeImage, errors } = validateCampaignForm(form, existing);
      if (Object.keys(errors).length > 0) throw formError(errors);
      const stored = form.image ? await storeImage(app.storage, 'campaigns', form.image, form.imageName ?? undefined) : null;
      const imageUrl = stored ? stored.url : removeImage ? null : existing.imageUrl;
      let row: CampaignRow | null;
      try {
        row = await updateCampaign(app.db, existing.id, { ...values, imageUrl, updatedAt: new Date() });
        app.responseCache.invalidate('campaigns');
      } catch (error) {
        await removeQuietly(stored);
        throw error;
      }
      if (!row) {
        // Deleted by someone else between the two queries.
        await removeQuietly(stored);
        throw notFound();
      }
      if (existing.imageUrl && existing.imageUrl !== row.imageUrl) await removeQuietly({ url: existing.imageUrl });
      return { success: true, message: CAMPAIGN_MESSAGES.updated, data: { campaign: campaignJson(row) } };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/campaigns/:id',
    { onRequest: app.requireAdmin, schema: { params: CampaignParams, response: { 200: MessageReply, ...errorReplies(401, 403, 404, 409) } } },
    async (request) => {
      const existing = await findCampaign(app.db, request.params.id, { includeDrafts: true });
      if (!existing) throw notFound();
      // Donations are financial records and keep their campaign: such a campaign is closed, not deleted.
      if ((await countDonations(app.db, existing.id)) > 0) throw new HttpError(409, CAMPAIGN_ROUTE_MESSAGES.hasDonations);
      let row: CampaignRow | null;
      try {
        row = await deleteCampaign(app.db, existing.id);
        app.responseCache.invalidate('campaigns');
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new HttpError(409, CAMPAIGN_ROUTE_MESSAGES.hasDonations);
        throw error;
      }
      if (!row) throw notFound();
      if (row.imageUrl) await removeQuietly({ url: row.imageUrl });
      return { success: true, message: CAMPAIGN_MESSAGES.deleted };
    },
  );

  /** Best effort: a file that cannot be removed is logged, and never turns a finished change into an error. */
  async function removeQuietly(file: StoredFile | null) {
    if (!file) return;
    try {
      await app.storage.remove(file.url);
    } catch (error) {
      app.log.warn({ err: error, url: file.url }, 'could not remove an uploaded file');
    }
  }
}
