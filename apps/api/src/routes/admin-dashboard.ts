import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { noStore } from '../admin/admin-routes.js';
import { loadDashboard } from '../admin/dashboard-repository.js';
import { adminDonationSchema } from '../admin/donation-json.js';

// GET /api/admin/dashboard?period=30d|90d|365d (issue 6): totals, the chart's days, top campaigns and the newest
// donations, for the admin console's first screen.

const tally = { type: 'object', properties: { count: { type: 'integer' }, amount_inr: { type: 'number' } } } as const;

const dashboardSchema = {
  type: 'object',
  properties: {
    period: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    totals: {
      type: 'object',
      properties: {
        count: { type: 'integer' },
        amount_inr: { type: 'number' },
        donors: { type: 'integer' },
        by_currency: {
          type: 'array',
          items: { type: 'object', properties: { currency: { type: 'string' }, amount: { type: 'number' }, count: { type: 'integer' } } },
        },
        monthly: tally,
        one_time: tally,
        this_month: tally,
        last_month: tally,
      },
    },
    daily: {
      type: 'array',
      items: { type: 'object', properties: { date: { type: 'string' }, count: { type: 'integer' }, amount_inr: { type: 'number' } } },
    },
    top_campaigns: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          title: { type: 'string' },
          amount_inr: { type: 'number' },
          donation_count: { type: 'integer' },
          target_amount: { type: 'number' },
        },
      },
    },
    recent_donations: { type: 'array', items: adminDonationSchema },
  },
} as const;

export async function adminDashboardRoutes(app: FastifyInstance) {
  noStore(app);

  app.get<{ Querystring: { period: DashboardPeriod } }>(
    '/admin/dashboard',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { period: { type: 'string', enum: DASHBOARD_PERIODS, default: DEFAULT_DASHBOARD_PERIOD } },
        },
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: dashboardSchema } } },
      },
    },
    async (request) => ({ success: true, data: await loadDashboard(app.db, request.query.period, new Date()) }),
  );
}
