import { sql } from 'drizzle-orm';
import { errorReplies, HealthReply } from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../plugins/errors.js';

/** What /api/health says while the database cannot be reached (503): for operators and load balancers. */
export const HEALTH_DATABASE_DOWN_MESSAGE = 'Database unreachable';

/** For load balancers, `npm start` scripts and humans: is the server up, and can it reach its database? */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    {
      schema: { summary: 'Is the server up, and can it reach its database?', response: { 200: HealthReply, ...errorReplies(503) } },
    },
    async (request, reply) => {
      // Readable by no-cors fetches from other origins (monitoring pages; widget.js did until it asked
      // /api/widget/partner-status instead, decision 033): the default same-origin resource policy would make such a
      // fetch fail even when the server is up. Nothing here is private.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        // Load balancers ask every few seconds: during an outage one line each with the reason, not a stack trace.
        const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
        request.log.warn({ reason }, 'health check: database unreachable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.code(503).send({ success: false, message: HEALTH_DATABASE_DOWN_MESSAGE });
      }
      return { success: true, data: { status: 'ok', database: 'reachable', driver: app.database.kind } };
    },
  );
}
