import type { FastifyInstance } from 'fastify';
import { adminPageSize, adminPaging, noStore } from '../admin/admin-routes.js';
import { campaignJson, campaignSchema } from '../campaigns/json.js';
import { listCampaigns, type CampaignListStatus } from '../campaigns/repository.js';
import { cleanText, pageMeta, pageMetaSchema } from './shared.js';
import { SEARCH_MAX_LENGTH } from './campaigns.js';

// GET /api/admin/campaigns (issue 6): every campaign, drafts included, newest first, for the console's list.
// Creating, editing and deleting stay on POST/PUT/DELETE /api/campaigns.

export const ADMIN_CAMPAIGNS_PAGE_SIZE = 20;
export const ADMIN_CAMPAIGN_STATUS_FILTERS = ['all', 'active', 'completed', 'paused', 'draft'] as const satisfies readonly CampaignListStatus[];

interface Query {
  page: number;
  limit: number;
  status: CampaignListStatus;
  search?: string;
}

export async function adminCampaignRoutes(app: FastifyInstance) {
  noStore(app);

  app.get<{ Querystring: Query }>(
    '/admin/campaigns',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...adminPaging(ADMIN_CAMPAIGNS_PAGE_SIZE),
            status: { type: 'string', enum: ADMIN_CAMPAIGN_STATUS_FILTERS, default: 'all' },
            search: { type: 'string', maxLength: SEARCH_MAX_LENGTH },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'object', properties: { campaigns: { type: 'array', items: campaignSchema } } },
              meta: pageMetaSchema,
            },
          },
        },
      },
    },
    async (request) => {
      const { page, status } = request.query;
      const limit = adminPageSize(request.query.limit);
      const search = cleanText(request.query.search ?? '', { singleLine: true });
      // The display status of spec section 4 (as the public list), with drafts under 'all' and 'draft'.
      const { items, total } = await listCampaigns(
        app.db,
        { status, includeDrafts: true, search: search || undefined, sort: 'newest', page, limit },
        new Date(),
      );
      return { success: true, data: { campaigns: items.map(campaignJson) }, meta: pageMeta(total, page, limit) };
    },
  );
}
