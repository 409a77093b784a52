import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../plugins/errors.js';

/** What /api/health says while the database cannot be reached (503): for operators and load balancers. */
export const HEALTH_DATABASE_DOWN_MESSAGE = 'Database unreachable';

const failure = {
  type: 'object',
  properties: { success: { type: 'boolean' }, message: { type: 'string' } },
} as const;

/** For load balancers, `npm start` scripts and humans: is the server up, and can it reach its database? */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: {
                type: 'object',
                properties: {
                  status: { type: 'string' },
                  database: { type: 'string' },
                  driver: { type: 'string', enum: ['pglite', 'postgres'] },
                },
              },
            },
          },
          503: failure,
        },
      },
    },
    async (request, reply) => {
      // widget.js on partner pages checks the charity is reachable with a no-cors fetch of this route; the default
      // same-origin resource policy would make that fetch fail even when the server is up. Nothing here is private.
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
