import { DashboardQuery, DashboardReply, errorReplies } from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { noStore } from '../admin/admin-routes.js';
import { loadDashboard } from '../admin/dashboard-repository.js';

// GET /api/admin/dashboard?period=30d|90d|365d (docs/decisions/005-admin-console.md): totals, the chart's days, top
// campaigns, the newest donations and the last backup (decision 042), for the admin console's first screen.

export async function adminDashboardRoutes(app: FastifyInstance) {
  noStore(app);

  app.get<{ Querystring: DashboardQuery }>(
    '/admin/dashboard',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Totals, the chart, top campaigns, the newest donations and the last backup',
        querystring: DashboardQuery,
        response: { 200: DashboardReply, ...errorReplies(401, 403) },
      },
    },
    async (request) => ({ success: true, data: await loadDashboard(app.db, request.query.period, new Date(), app.config.backupWarnDays) }),
  );
}
