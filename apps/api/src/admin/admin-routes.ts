import { ADMIN_DONATIONS_MAX_PAGE_SIZE } from '@charity/domain';
import type { FastifyInstance } from 'fastify';

// What every /api/admin route shares: pages of at most 100 rows, and answers no cache keeps (they carry donors'
// personal data and change by the minute).

export const ADMIN_MAX_PAGE_SIZE = ADMIN_DONATIONS_MAX_PAGE_SIZE;

/** Larger limits are capped, not refused, as on the public lists. */
export function adminPageSize(limit: number): number {
  return Math.min(limit, ADMIN_MAX_PAGE_SIZE);
}

/** Call inside an (encapsulated) route plugin: its answers get `cache-control: no-store`. */
export function noStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
}
