import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

// Stripe.js needs its script, frames and API origins; everything else is same-origin.
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", 'https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ["'self'", 'https://api.stripe.com'],
  'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

/** Security headers on every response: pages, API answers, files and errors alike. */
export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
      // Exactly the policy above: helmet's defaults would add upgrade-insecure-requests, which breaks plain-HTTP
      // installs on a local network.
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // HSTS is decided per request below: sent over plain HTTP it would lock browsers out of a LAN install.
      hsts: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is on, so clients cannot fake it.
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'security-headers' },
);
