import {
  ADMIN_CAMPAIGN_STATUS_FILTERS as CONTRACT_STATUS_FILTERS,
  ADMIN_CAMPAIGNS_PAGE_SIZE as CONTRACT_PAGE_SIZE,
  AdminCampaignListQuery,
  CampaignListReply,
  errorReplies,
} from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { adminPageSize, noStore } from '../admin/admin-routes.js';
import { campaignJson } from '../campaigns/json.js';
import { listCampaigns } from '../campaigns/repository.js';
import { cleanText, pageMeta } from './shared.js';

// GET /api/admin/campaigns (docs/decisions/005-admin-console.md): every campaign, drafts included, newest first, for
// the console's list. Creating, editing and deleting stay on POST/PUT/DELETE /api/campaigns.

export const ADMIN_CAMPAIGNS_PAGE_SIZE = CONTRACT_PAGE_SIZE;
export const ADMIN_CAMPAIGN_STATUS_FILTERS = CONTRACT_STATUS_FILTERS;

type Query = AdminCampaignListQuery;

export async function adminCampaignRoutes(app: FastifyInstance) {
  noStore(app);

  app.get<{ Querystring: Query }>(
    '/admin/campaigns',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Every campaign, drafts included, newest first',
        querystring: AdminCampaignListQuery,
        response: { 200: CampaignListReply, ...errorReplies(401, 403) },
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
