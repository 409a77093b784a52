import { TEST_CARDS } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, paymentAttempts } from '../db/schema.js';
import { PARTNER_CORS_ROUTES } from '../plugins/partner-cors.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, confirm, indianDonation, nextIp, saveAfterPayment } from '../../test/support/donations.js';

// The React DonateWidget calls the donation API from a partner's page: listed partners get CORS answers on exactly
// the donation calls (preflights included), others and the admin API get none, and the donation records the partner
// named by the browser's Origin header.

const PARTNER = 'https://partner.example';
const STRANGER = 'https://stranger.example';

describeEachDatabase('CORS for partner pages', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildSandboxApp(ctx, { holdEvents: true, config: { partnerOrigins: { any: false, origins: [PARTNER] } } }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the preflight of every donation call for a listed partner, with its methods and no credentials', async () => {
    for (const [url, methods] of Object.entries(PARTNER_CORS_ROUTES)) {
      const response = await app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: PARTNER, 'access-control-request-method': methods[0]!, 'access-control-request-headers': 'content-type' },
      });
      expect(response.statusCode, url).toBe(204);
      expect(response.headers['access-control-allow-origin'], url).toBe(PARTNER);
      expect(response.headers['access-control-allow-methods'], url).toBe(methods.join(', '));
      expect(response.headers['access-control-allow-headers'], url).toBe('content-type');
      expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(response.headers.vary, url).toContain('Origin');
    }
  });

  it('gives no CORS answer to an unlisted site, nor on the admin API or other routes', async () => {
    const stranger = await app.inject({ method: 'GET', url: '/api/payments/config', headers: { origin: STRANGER } });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    for (const url of ['/api/admin/donations', '/api/auth/login', '/api/campaigns']) {
      const response = await app.inject({ method: 'GET', url, headers: { origin: PARTNER } });
      expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });

  it('allows a listed partner to read the payments configuration', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/payments/config', headers: { origin: PARTNER } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(PARTNER);
  });

  describe('recording the partner from Origin', () => {
    async function donate(origin: string | undefined) {
      await ctx.database.db.delete(donations);
      await ctx.database.db.delete(paymentAttempts);
      const created = await app.inject({
        method: 'POST',
        url: '/api/payments/create-intent',
        payload: { donation_data: indianDonation(), payment_method_id: TEST_CARDS.visa.paymentMethod },
        headers: origin ? { origin } : {},
        remoteAddress: nextIp(),
      });
      expect(created.statusCode, created.body).toBe(200);
      const { client_secret: secret, payment_intent_id: intentId } = created.json().data;
      expect((await confirm(app, secret)).statusCode).toBe(200);
      // Webhooks are held, so the browser's save is the one that writes the donation.
      expect((await saveAfterPayment(app, indianDonation(), intentId)).statusCode).toBe(201);
      const [donation] = await ctx.database.db.select().from(donations);
      return donation?.partnerOrigin;
    }

    it('records a listed partner, and nothing for an unlisted site, the charity itself or no Origin', async () => {
      expect(await donate(PARTNER)).toBe(PARTNER);
      expect(await donate(STRANGER)).toBeNull();
      expect(await donate('http://localhost:80')).toBeNull();
      expect(await donate(undefined)).toBeNull();
    });
  });
});
