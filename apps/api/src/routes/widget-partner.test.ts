import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { WIDGET_PARTNER_CACHE_CONTROL, WIDGET_PARTNER_MESSAGES } from './widget-partner.js';

// widget.js asks whether the partner page's origin may frame the donate widget (decision 033): the answer follows
// PARTNER_ORIGINS exactly as the embed page's frame-ancestors does, and any site may read it, refusals included.

const PARTNER = 'https://school.example';
const STRANGER = 'https://stranger.example';

const status = (app: FastifyInstance, origin: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api/widget/partner-status?origin=${encodeURIComponent(origin)}`, headers });

describeEachDatabase('GET /api/widget/partner-status', (ctx) => {
  let app: FastifyInstance;
  let anySite: FastifyInstance;
  let noPartner: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: { ...ctx.config, partnerOrigins: { any: false, origins: [PARTNER, 'http://127.0.0.1:8080'] } }, database: ctx.database });
    anySite = await buildApp({ config: { ...ctx.config, partnerOrigins: { any: true, origins: [] } }, database: ctx.database });
    noPartner = await buildApp({ config: { ...ctx.config, partnerOrigins: { any: false, origins: [] } }, database: ctx.database });
  });
  afterAll(async () => {
    await Promise.all([app?.close(), anySite?.close(), noPartner?.close()]);
  });

  it('says a listed partner may frame the widget, readable from any site without credentials', async () => {
    const response = await status(app, PARTNER, { origin: PARTNER });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { origin: PARTNER, allowed: true } });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(WIDGET_PARTNER_CACHE_CONTROL);
    expect((await status(app, 'http://127.0.0.1:8080')).json()).toEqual({ success: true, data: { origin: 'http://127.0.0.1:8080', allowed: true } });
  });

  it('says an unlisted site may not, nor another port or scheme of a listed one', async () => {
    for (const origin of [STRANGER, 'http://school.example', 'https://school.example:8443', 'http://127.0.0.1:8081']) {
      const response = await status(app, origin, { origin });
      expect(response.statusCode, origin).toBe(200);
      expect(response.json(), origin).toEqual({ success: true, data: { origin, allowed: false } });
      expect(response.headers['access-control-allow-origin'], origin).toBe('*');
    }
    expect((await status(noPartner, PARTNER)).json()).toEqual({ success: true, data: { origin: PARTNER, allowed: false } });
  });

  it('reads the origin as browsers serialise it, and allows every site when PARTNER_ORIGINS is *', async () => {
    expect((await status(app, ' HTTPS://School.Example:443/ ')).json()).toEqual({ success: true, data: { origin: PARTNER, allowed: true } });
    expect((await status(anySite, STRANGER)).json()).toEqual({ success: true, data: { origin: STRANGER, allowed: true } });
  });

  it('refuses what is not an origin with a sentence, still readable by the widget', async () => {
    for (const origin of ['null', 'file://', 'https://school.example/donate', 'javascript:alert(1)', 'https://user:pw@school.example', 'school.example']) {
      const response = await status(anySite, origin);
      expect(response.statusCode, origin).toBe(400);
      expect(response.json(), origin).toEqual({ success: false, message: WIDGET_PARTNER_MESSAGES.badOrigin });
      expect(response.headers['access-control-allow-origin'], origin).toBe('*');
    }
    const missing = await app.inject({ method: 'GET', url: '/api/widget/partner-status' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, message: expect.stringContaining('origin') });
    const tooLong = await status(app, `https://${'a'.repeat(200)}.example`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ success: false, message: expect.stringContaining('origin') });
  });
});
