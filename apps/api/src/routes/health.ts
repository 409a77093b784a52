import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

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
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ success: false, message: 'Database unreachable' });
      }
      return { success: true, data: { status: 'ok', database: 'reachable', driver: app.database.kind } };
    },
  );
}
