import { errorReplies, WidgetPartnerQuery, WidgetPartnerReply } from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { parseOrigin } from '../config.js';
import { HttpError } from '../http-errors.js';
import { allowedPartnerOrigin } from '../partners.js';

// GET /api/widget/partner-status?origin=…: may a page on this origin frame the donate widget? widget.js asks as it
// starts on a partner's page, so a site missing from PARTNER_ORIGINS sees at once a sentence and a link to /donate
// rather than a frame the browser refused (docs/decisions/033-widget-blocked-frame.md). The answer discloses nothing
// new: the embed page's CSP header already lists every partner (frame-ancestors).

export const WIDGET_PARTNER_MESSAGES = {
  badOrigin: 'origin must be a web page origin such as https://school.example (scheme and host, no path).',
} as const;

/**
 * Browsers may keep the answer briefly: PARTNER_ORIGINS changes only with a restart, and one page view then asks
 * once however many widgets it holds. A partner just added waits at most this long.
 */
export const WIDGET_PARTNER_CACHE_CONTROL = 'public, max-age=60';

export async function widgetPartnerRoutes(app: FastifyInstance) {
  app.get<{ Querystring: WidgetPartnerQuery }>(
    '/widget/partner-status',
    {
      schema: {
        summary: "May a page on this origin frame the donate widget? (widget.js asks from partners' pages)",
        querystring: WidgetPartnerQuery,
        response: { 200: WidgetPartnerReply, ...errorReplies() },
      },
      // Read from any site, without credentials, refusals included: widget.js reads the answer on the partner's page
      // (CORS mode). Set first, so even a refused query carries it and the script can tell an answer from no server.
      onRequest: async (_request, reply) => {
        reply.header('access-control-allow-origin', '*');
      },
    },
    async (request, reply) => {
      const origin = parseOrigin(request.query.origin.trim());
      if (!origin) throw new HttpError(400, WIDGET_PARTNER_MESSAGES.badOrigin);
      reply.header('cache-control', WIDGET_PARTNER_CACHE_CONTROL);
      return { success: true, data: { origin, allowed: allowedPartnerOrigin(app.config.partnerOrigins, origin) !== null } };
    },
  );
}
