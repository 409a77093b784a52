import rateLimit from '@fastify/rate-limit';
import { CONTRACT_KEYWORDS } from '@charity/domain/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/open.js';
import { createLogger, requestLineLogger } from './logger.js';
import { proxyTrust } from './proxy-trust.js';
import { routeCataloguePlugin } from './admin/route-catalogue.js';
import { adminGuardPlugin, type AdminGuard } from './plugins/admin-guard.js';
import { contextPlugin } from './plugins/context.js';
import { crawlerRoutes } from './plugins/crawlers.js';
import { embedPlugin } from './plugins/embed.js';
import { bodyDeadlinePlugin } from './plugins/body-deadline.js';
import { answerClientError, CONNECTION_LIMITS, type ConnectionLimits } from './plugins/connection-limits.js';
import { errorsPlugin } from './plugins/errors.js';
import { mailPlugin } from './plugins/mail.js';
import { openapiPlugin } from './plugins/openapi.js';
import { partnerCorsPlugin } from './plugins/partner-cors.js';
import { paymentsPlugin } from './plugins/payments.js';
import { RequestLogController } from './plugins/request-log.js';
import { ResponseCache, responseCachePlugin } from './plugins/response-cache.js';
import { cacheSyncPlugin } from './plugins/cache-sync.js';
import { databaseRateLimitStore } from './plugins/rate-limit-store.js';
import { cacheFrontDoor, createApiServer } from './plugins/response-cache-front.js';
import { answerFrameworkError, securityHeadersPlugin } from './plugins/security-headers.js';
import { sitePlugin } from './plugins/site.js';
import { storagePlugin } from './plugins/storage.js';
import { storybookPlugin } from './plugins/storybook.js';
import { uploadsPlugin } from './plugins/uploads.js';
import { wellFormedTextPlugin } from './plugins/well-formed-text.js';
import type { SlowdownPolicy } from './auth/attempts.js';
import { donationRoutes } from './donations/routes.js';
import type { PaymentProvider } from './donations/provider/provider.js';
import { adminCampaignRoutes } from './routes/admin-campaigns.js';
import { adminDashboardRoutes } from './routes/admin-dashboard.js';
import { adminDonationRoutes } from './routes/admin-donations.js';
import { adminAttemptRoutes } from './routes/admin-attempts.js';
import { adminMessageRoutes } from './routes/admin-messages.js';
import { adminOutboxRoutes } from './routes/admin-outbox.js';
import { adminPartnerRoutes } from './routes/admin-partners.js';
import { authRoutes } from './routes/auth.js';
import { campaignShareImageRoutes } from './routes/campaign-share-image.js';
import { campaignRoutes } from './routes/campaigns.js';
import { contactRoutes } from './routes/contact.js';
import { eventRoutes } from './routes/events.js';
import { healthRoutes } from './routes/health.js';
import { widgetPartnerRoutes } from './routes/widget-partner.js';
import { receiptRoutes } from './receipts/routes.js';
import { adminRecurringRoutes } from './recurring/admin-routes.js';
import { refundRoutes } from './refunds/routes.js';
import { taxYearRoutes } from './tax-year/routes.js';
import { certificateRoutes } from './tax-year/certificate-routes.js';
import { organisationSettingsRoutes } from './settings/routes.js';
import { recurringRoutes } from './recurring/routes.js';
import type { FileStorage } from './storage/storage.js';

export interface BuildAppOptions {
  config: Config;
  /** Opened (and migrated) by the caller, who also closes it: the app only borrows it. */
  database: DatabaseHandle;
  /** Defaults to the server's pino logger at config.logLevel. */
  logger?: FastifyBaseLogger;
  /**
   * Decides who may use admin-only routes. Production never passes one (the default checks the bearer token
   * against admin_sessions); tests may pass one that lets requests through, to exercise admin routes alone.
   */
  adminGuard?: AdminGuard;
  /**
   * How long a sign-in waits after earlier failures (default: none for the first 3, then 1 s, 2 s … 5 s).
   * Tests of the lock-out pass `() => 0` so eleven failures do not take half a minute.
   */
  loginSlowdown?: SlowdownPolicy;
  /** Where uploads are written; by default what STORAGE_URL names (DATA_DIR/uploads when it is not set). */
  storage?: FileStorage;
  /**
   * The card payment provider; by default the one PAYMENTS_MODE chooses (Stripe with its keys, else the
   * sandbox). Tests pass a StripeProvider pointed at a local stand-in, or a sandbox they hold events of.
   */
  paymentProvider?: PaymentProvider;
  /** Time-outs and the per-address connection cap (default CONNECTION_LIMITS); tests pass short ones. */
  connectionLimits?: Partial<ConnectionLimits>;
}

/** JSON bodies above this are refused with 413; file uploads set their own limits on their routes. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * The whole HTTP application, assembled from plugins in layers — cross-cutting (headers, errors),
 * then context (config, database), then routes, then static files — so tests build the same app and
 * drive it with app.inject, without opening a port.
 */
export async function buildApp({ config, database, logger, adminGuard, loginSlowdown, storage, paymentProvider, connectionLimits }: BuildAppOptions): Promise<FastifyInstance> {
  const log = logger ?? createLogger(config.logLevel);
  const limits = { ...CONNECTION_LIMITS, ...connectionLimits };
  // The public reads' cache, and its front door in the HTTP server: hits are answered before Fastify (app.inject,
  // which tests use, goes straight to Fastify and its own cache hook).
  const responseCache = new ResponseCache();
  const lines = requestLineLogger(log);
  // One trust function for Fastify (request.ip, .protocol, .host) and the front door, so both read the same client.
  const trust = proxyTrust(config.trustProxy);
  const door = cacheFrontDoor({ cache: responseCache, trustProxy: trust, log: lines });
  const app = Fastify({
    loggerInstance: log,
    // Slow clients (decision 015): time-outs, and a cap per address unless a proxy stands in front (it limits its own).
    serverFactory: (handler) => createApiServer(handler, door, { limits, capPerAddress: config.trustProxy === false, log }),
    // What Node answers before Fastify has a request (408, 431, unparseable): in our envelope, with our headers.
    clientErrorHandler: answerClientError,
    logController: new RequestLogController(lines),
    trustProxy: trust,
    bodyLimit: JSON_BODY_LIMIT,
    // A malformed or over-long URL is refused by Fastify before any hook: answer it in our envelope, with our headers.
    frameworkErrors: answerFrameworkError,
    // The wire contract's annotations (x-message, x-fields): Ajv's strict mode refuses keywords it was not told of.
    ajv: { customOptions: { keywords: [...CONTRACT_KEYWORDS] } },
  });

  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  // Before the routes' own hooks: a body's deadline runs from the end of its headers (decision 015).
  await app.register(bodyDeadlinePlugin, { limits });
  // Every route: text that is not well-formed Unicode is refused with 400 before any route code (decision 014).
  await app.register(wellFormedTextPlugin);

  await app.register(contextPlugin, { config, database });
  await app.register(adminGuardPlugin, { guard: adminGuard });
  // Before any route: it records every route and whether requireAdmin guards it (the access-control test's list).
  await app.register(routeCataloguePlugin);
  // Before any route, like the catalogue: the OpenAPI document is built from the routes registered after it.
  await app.register(openapiPlugin);
  await app.register(storagePlugin, { config, storage });
  await app.register(mailPlugin);
  await app.register(paymentsPlugin, { provider: paymentProvider });
  // Only routes that ask for it (config.rateLimit) are limited; the counters are in the database, shared by every
  // replica and kept across restarts (decision 041).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  await app.register(partnerCorsPlugin);
  // Before the routes: it wraps the public reads that ask for it (config.responseCache).
  await app.register(responseCachePlugin, { cache: responseCache });
  // On PostgreSQL, every replica's invalidations reach this cache and this one's reach theirs (decision 041).
  await app.register(cacheSyncPlugin, { cache: responseCache });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(widgetPartnerRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api', slowdown: loginSlowdown });
  await app.register(campaignRoutes, { prefix: '/api' });
  await app.register(campaignShareImageRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(eventRoutes, { prefix: '/api' });
  // The donations module (payments, saving, webhooks, stats; the sandbox's routes in sandbox mode) and receipts.
  await app.register(donationRoutes, { prefix: '/api' });
  await app.register(receiptRoutes, { prefix: '/api' });
  // Monthly gifts: the donor's manage routes (a link's token, no account) and staff's list (docs/decisions/022-monthly-gifts.md).
  await app.register(recurringRoutes, { prefix: '/api' });
  // The admin console (docs/decisions/005-admin-console.md): every route behind app.requireAdmin.
  await app.register(adminDashboardRoutes, { prefix: '/api' });
  await app.register(adminCampaignRoutes, { prefix: '/api' });
  await app.register(adminDonationRoutes, { prefix: '/api' });
  await app.register(adminAttemptRoutes, { prefix: '/api' });
  await app.register(adminMessageRoutes, { prefix: '/api' });
  await app.register(adminOutboxRoutes, { prefix: '/api' });
  await app.register(adminPartnerRoutes, { prefix: '/api' });
  await app.register(adminRecurringRoutes, { prefix: '/api' });
  await app.register(refundRoutes, { prefix: '/api' });
  await app.register(taxYearRoutes, { prefix: '/api' });
  await app.register(certificateRoutes, { prefix: '/api' });
  await app.register(organisationSettingsRoutes, { prefix: '/api' });

  await app.register(uploadsPlugin, { uploadsDir: config.uploadsDir, fromStorage: config.storage.kind !== 'local' });
  // Before the site: its catch-all would otherwise answer these paths with index.html.
  await app.register(embedPlugin, { siteDir: config.siteDir, paymentsMode: config.payments.mode });
  await app.register(storybookPlugin, { prefix: '/storybook', storybookDir: config.storybookDir });
  // /robots.txt and /sitemap.xml (decision 016): made from the settings and the database, not files of the build.
  await app.register(crawlerRoutes);
  await app.register(sitePlugin, { siteDir: config.siteDir, paymentsMode: config.payments.mode });

  return app;
}
