import {
  CAMPAIGN_ANALYTICS_DEFAULT_PERIOD,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_PAGE_SIZE,
  campaignDisplayStatus,
  daysLeft,
  fundedPercentage,
} from '@charity/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCampaignForm, validateCampaignForm } from '../campaigns/form.js';
import { campaignJson, campaignSchema, publicDonationJson, publicDonationSchema } from '../campaigns/json.js';
import {
  CAMPAIGN_LIST_STATUSES,
  CAMPAIGN_SORTS,
  countDonations,
  dailyDonationTotals,
  deleteCampaign,
  findCampaign,
  insertCampaign,
  listCampaignDonations,
  listCampaigns,
  updateCampaign,
  type CampaignListStatus,
  type CampaignRow,
  type CampaignSort,
  type CampaignValues,
} from '../campaigns/repository.js';
import { formError, HttpError } from '../http-errors.js';
import { storeImage } from '../storage/images.js';
import type { StoredFile } from '../storage/storage.js';
import {
  BOOLEAN_STRINGS,
  cleanText,
  idParams,
  isForeignKeyViolation,
  pageMeta,
  pageMetaSchema,
  pageSize,
  pagingProperties,
  parseBooleanString,
  type BooleanString,
} from './shared.js';

// Campaigns: the public list, search, one campaign, its stats, donations and analytics; and the admin's
// create, update and delete (behind app.requireAdmin). Spec sections 3, 4, 7 and 8.

export const SEARCH_MAX_LENGTH = 200;
export const CATEGORY_MAX_LENGTH = 100;
export const DONATIONS_PAGE_SIZE = 10;

export const ANALYTICS_PERIODS = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 } as const;
export type AnalyticsPeriod = keyof typeof ANALYTICS_PERIODS;

export const CAMPAIGN_ROUTE_MESSAGES = {
  featuredConflict: 'featured and is_featured disagree; send only one of them.',
  hasDonations: 'This campaign has donations and cannot be deleted; set its status to completed or paused instead.',
} as const;

interface ListQuery {
  page: number;
  limit: number;
  status: CampaignListStatus;
  featured?: BooleanString;
  is_featured?: BooleanString;
  category?: string;
  search?: string;
  q?: string;
  sort: CampaignSort;
  include_drafts?: BooleanString;
}

const listFilterProperties = {
  ...pagingProperties(CAMPAIGN_PAGE_SIZE),
  status: { type: 'string', enum: CAMPAIGN_LIST_STATUSES, default: 'all' },
  featured: { type: 'string', enum: BOOLEAN_STRINGS },
  is_featured: { type: 'string', enum: BOOLEAN_STRINGS },
  category: { type: 'string', maxLength: CATEGORY_MAX_LENGTH },
  search: { type: 'string', maxLength: SEARCH_MAX_LENGTH },
  sort: { type: 'string', enum: CAMPAIGN_SORTS, default: 'newest' },
  include_drafts: { type: 'string', enum: BOOLEAN_STRINGS },
} as const;

const listResponse = {
  200: {
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      data: { type: 'object', properties: { campaigns: { type: 'array', items: campaignSchema } } },
      meta: pageMetaSchema,
    },
  },
} as const;

const campaignResponse = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    data: { type: 'object', properties: { campaign: campaignSchema } },
  },
} as const;

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
      schema: { querystring: { type: 'object', properties: listFilterProperties }, response: listResponse },
      preHandler: draftsNeedAdmin,
      config: cachedPublic,
    },
    async (request) => list(request.query, request.query.search),
  );

  app.get<{ Querystring: ListQuery }>(
    '/campaigns/search',
    {
      schema: {
        querystring: { type: 'object', properties: { ...listFilterProperties, q: { type: 'string', maxLength: SEARCH_MAX_LENGTH } } },
        response: listResponse,
      },
      preHandler: draftsNeedAdmin,
      config: cachedPublic,
    },
    async (request) => list(request.query, request.query.q ?? request.query.search),
  );

  app.get<{ Params: { id: number } }>(
    '/campaigns/:id',
    { schema: { params: idParams, response: { 200: campaignResponse } }, config: { responseCache: { tags: ['campaigns'] } } },
    async (request) => {
      const campaign = await findCampaign(app.db, request.params.id);
      if (!campaign) throw notFound();
      return { success: true, data: { campaign: campaignJson(campaign) } };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/campaigns/:id/stats',
    {
      schema: {
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: {
                type: 'object',
                properties: {
                  raised_amount: { type: 'number' },
                  target_amount: { type: 'number' },
                  donation_count: { type: 'integer' },
                  funded_percentage: { type: 'integer' },
                  days_left: { type: ['integer', 'null'] },
                  display_status: { type: 'string' },
                },
              },
            },
          },
        },
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
        params: idParams,
        querystring: { type: 'object', properties: pagingProperties(DONATIONS_PAGE_SIZE) },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'object', properties: { donations: { type: 'array', items: publicDonationSchema } } },
              meta: pageMetaSchema,
            },
          },
        },
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
        params: idParams,
        querystring: {
          type: 'object',
          properties: { period: { type: 'string', enum: Object.keys(ANALYTICS_PERIODS), default: CAMPAIGN_ANALYTICS_DEFAULT_PERIOD } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: {
                type: 'object',
                properties: {
                  period: { type: 'string' },
                  from: { type: 'string' },
                  to: { type: 'string' },
                  total_amount: { type: 'number' },
                  donation_count: { type: 'integer' },
                  days: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { date: { type: 'string' }, amount: { type: 'number' }, count: { type: 'integer' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const campaign = await findCampaign(app.db, request.params.id);
      if (!campaign) throw notFound();
      const { period } = request.query;
      // Whole UTC days, today included: 30d is today and the 29 days before it.
      const today = new Date();
      today.setUTCHours(0, 0, 0, 0);
      const from = new Date(today.getTime() - (ANALYTICS_PERIODS[period] - 1) * 86_400_000);
      const totals = new Map((await dailyDonationTotals(app.db, campaign.id, from)).map((day) => [day.date, day]));
      const days = [];
      for (let t = from.getTime(); t <= today.getTime(); t += 86_400_000) {
        const date = new Date(t).toISOString().slice(0, 10);
        const day = totals.get(date);
        days.push({ date, amount: day?.amount ?? 0, count: day?.count ?? 0 });
      }
      return {
        success: true,
        data: {
          period,
          from: days[0]!.date,
          to: days[days.length - 1]!.date,
          // Summed in cents so many small amounts do not drift (0.1 + 0.2).
          total_amount: days.reduce((sum, day) => sum + Math.round(day.amount * 100), 0) / 100,
          donation_count: days.reduce((sum, day) => sum + day.count, 0),
          days,
        },
      };
    },
  );

  // ---- Admin: create, update, delete (multipart with an optional `image`, or JSON) ----

  app.post(
    '/campaigns',
    { onRequest: app.requireAdmin, schema: { response: { 201: campaignResponse } } },
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
    { onRequest: app.requireAdmin, schema: { params: idParams, response: { 200: campaignResponse } } },
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
    { onRequest: app.requireAdmin, schema: { params: idParams } },
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
