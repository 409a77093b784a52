import fp from 'fastify-plugin';
import { allowedPartnerOrigin } from '../partners.js';

// Cross-origin access for the React DonateWidget (@charity/ui), which partner sites render in their own pages and
// which therefore calls the donation API from the partner's origin. Only the calls a donation needs are opened,
// only to origins listed in PARTNER_ORIGINS, and never with credentials: donors on a partner page are anonymous,
// and the admin API stays same-origin. The iframe widget needs none of this (it runs on the charity's origin).

/** The donation calls, by path, with the methods a partner page may use on them. */
export const PARTNER_CORS_ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/api/payments/config': ['GET'],
  '/api/payments/create-intent': ['POST'],
  '/api/payments/sandbox/confirm': ['POST'],
  '/api/payments/sandbox/authenticate': ['POST'],
  '/api/donations/save-after-payment': ['POST'],
  '/api/invoices/generate-and-send': ['POST'],
};

const PREFLIGHT_MAX_AGE_SECONDS = 600;

export const partnerCorsPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (!origin) return;
      const path = request.url.split('?', 1)[0]!;
      const methods = PARTNER_CORS_ROUTES[path];
      if (!methods) return;
      // Answers differ by Origin from here on: caches must keep them apart.
      reply.header('vary', 'Origin');
      const allowed = allowedPartnerOrigin(app.config.partnerOrigins, origin);
      if (!allowed) return; // no CORS headers: the browser refuses the answer to an unlisted site
      reply.header('access-control-allow-origin', allowed);
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        reply
          .code(204)
          .header('access-control-allow-methods', methods.join(', '))
          .header('access-control-allow-headers', 'content-type')
          .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
        return reply.send();
      }
    });
  },
  { name: 'partner-cors', dependencies: ['context'] },
);
