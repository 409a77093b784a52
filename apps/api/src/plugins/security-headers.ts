import helmet from '@fastify/helmet';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { proxyTrust, type ProxyTrust, type TrustProxySetting } from '../proxy-trust.js';

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

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Features no page of the site uses, switched off for every document and for anything framed in it. Only features
 * every current browser knows (an unknown one is logged as a console error). Payment stays allowed for Stripe.js.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")';

/**
 * What helmet writes on every answer, as plain headers, for the few answers Fastify writes before any hook runs
 * (answerFrameworkError below). security-headers.test.ts checks that the two never drift apart.
 */
export const BASELINE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy': PERMISSIONS_POLICY,
};

export const FRAMEWORK_ERROR_MESSAGES = {
  badUrl: 'This address is not valid: it has a malformed %-escape.',
  tooLong: 'This address is too long.',
  other: 'This request could not be routed.',
} as const;

/**
 * request.protocol as the app's other requests see it. Fastify builds the request it hands to frameworkErrors from
 * its plain Request class, without the trust-proxy rules, so there `request.protocol` ignores X-Forwarded-Proto
 * even behind a trusted proxy (and HSTS went missing from the bad-URL answer over HTTPS: security-headers.test.ts).
 */
function earlyRequestProtocol(request: FastifyRequest): string {
  const setting = (request.server as { config?: { trustProxy?: TrustProxySetting } }).config?.trustProxy ?? false;
  return protocolOf(proxyTrust(setting), request.headers['x-forwarded-proto'], request.raw.socket);
}

/**
 * The request's protocol by Fastify's rule (lib/request.js, `protocol`), for the code that answers before Fastify's
 * request exists (the cache's front door, the router's early errors): the last X-Forwarded-Proto entry when the
 * socket's peer is a trusted proxy, else whether the socket itself is TLS.
 */
export function protocolOf(trust: ProxyTrust | false, forwardedProto: string | string[] | undefined, socket: unknown): string {
  const peer = socket as { encrypted?: boolean; remoteAddress?: string } | null | undefined;
  if (trust && typeof forwardedProto === 'string' && forwardedProto !== '' && peer != null && trust(peer.remoteAddress, 0)) {
    return forwardedProto.split(',').at(-1)!.trim();
  }
  return peer?.encrypted ? 'https' : 'http';
}

/**
 * Fastify's `frameworkErrors` option: answers the errors its router raises before any hook or error handler runs (a
 * URL with a malformed %-escape such as /api/campaigns/%, a path parameter over maxParamLength). Without it Fastify
 * writes its own body ({ error, code, message, statusCode }, echoing the URL) with no security headers at all; the
 * API fuzz found both. Register in app.ts: `Fastify({ frameworkErrors: answerFrameworkError, … })`.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const message = error.code === 'FST_ERR_BAD_URL' ? FRAMEWORK_ERROR_MESSAGES.badUrl : tooLong ? FRAMEWORK_ERROR_MESSAGES.tooLong : FRAMEWORK_ERROR_MESSAGES.other;
  for (const [name, value] of Object.entries(BASELINE_SECURITY_HEADERS)) reply.header(name, value);
  if (earlyRequestProtocol(request) === 'https') reply.header('strict-transport-security', HSTS);
  request.log.debug({ code: error.code }, message);
  // Answered before any hook, so before the body deadline (body-deadline.ts): a body is not waited for.
  const { 'content-length': length, 'transfer-encoding': chunked } = request.headers;
  if ((length !== undefined && length !== '0') || chunked !== undefined) reply.header('connection', 'close');
  void reply
    .code(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send({ success: false, message });
}

/** Security headers on every response: pages, API answers, files and errors alike. */
export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
      // The policy is the fixed string of BASELINE_SECURITY_HEADERS, set in the hook below: helmet's middleware
      // rebuilds its CSP string from the directives on every request (parseDirectives, dashify: ~40 % of helmet's
      // time per request in a bench:api profile), for policies with per-request nonces, which this site has none of.
      // (helmet's defaults would also add upgrade-insecure-requests, which breaks plain-HTTP installs on a LAN.)
      contentSecurityPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // HSTS is decided per request below: sent over plain HTTP it would lock browsers out of a LAN install.
      hsts: false,
    });
    const csp = BASELINE_SECURITY_HEADERS['content-security-policy']!;
    app.addHook('onRequest', async (request, reply) => {
      // On the raw response, where helmet writes its headers: the embed and Storybook routes replace it the same way.
      reply.raw.setHeader('content-security-policy', csp);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      // request.protocol honours X-Forwarded-Proto only from a proxy TRUST_PROXY trusts, so clients cannot fake it.
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'security-headers' },
);
