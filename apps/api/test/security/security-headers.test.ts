import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_SECURITY_HEADERS } from '../../src/plugins/security-headers.js';
import { bearer, createUser, signIn } from '../support/auth.js';
import { describeEachDatabase, temporaryDir } from '../support/databases.js';
import { buildSandboxApp, donate, generateInvoice, indianDonation } from '../support/donations.js';
import { solidImage } from '../support/images.js';
import { EXPECTED_BASELINE_HEADERS, SITE_CSP } from '../support/security-headers.js';

// Security headers on EVERY kind of answer the server gives: JSON successes and each kind of error, a
// 304, the SPA's HTML, the partner embed page (its frame-ancestors differ by design), static JS/CSS/images, uploaded
// pictures, a receipt PDF, the CSV export, Storybook, health, and the router's own "bad URL" answer. The exact set
// is asserted, so a header that disappears, or one that drifts from the policy, fails here. Headers should not
// depend on the database, but answers that read it (the PDF, the CSV, the errors) run on both, as all API tests do.

const BASELINE = EXPECTED_BASELINE_HEADERS;
const SECURITY_HEADER_NAMES = [...Object.keys(BASELINE), 'strict-transport-security'];
const HSTS = 'max-age=31536000; includeSubDomains';
const PARTNER = 'https://partner.example';

/** The security headers of an answer (and only those), to compare with an exact expected set. */
function securityHeaders(response: LightMyRequestResponse): Record<string, string> {
  const result: Record<string, string> = {};
  for (const name of SECURITY_HEADER_NAMES) {
    const value = response.headers[name];
    if (value !== undefined) result[name] = String(value);
  }
  return result;
}

function expectHeaders(response: LightMyRequestResponse, label: string, overrides: Record<string, string | undefined> = {}) {
  const expected: Record<string, string> = { ...BASELINE };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete expected[name];
    else expected[name] = value;
  }
  expect(securityHeaders(response), label).toEqual(expected);
  expect(response.headers['x-powered-by'], label).toBeUndefined();
  expect(response.headers.server, label).toBeUndefined();
  // No stack trace or file path in any answer.
  expect(response.body, label).not.toMatch(/\bat .+\.(?:ts|js):\d+|node_modules|\/work\/|Error: /);
}

describeEachDatabase('security headers on every kind of answer', (ctx) => {
  let app: FastifyInstance;
  let proxied: FastifyInstance;
  let admin: string;
  let download: string;

  beforeAll(async () => {
    const siteDir = temporaryDir('charity-headers-site-');
    mkdirSync(path.join(siteDir, 'assets'), { recursive: true });
    mkdirSync(path.join(siteDir, 'images'), { recursive: true });
    writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><html><head><title>Site</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(siteDir, 'embed.html'), '<!doctype html><html><head><title>Donate</title></head><body></body></html>');
    writeFileSync(path.join(siteDir, 'widget.js'), 'console.log("__CHARITY_ORGANISATION_NAME__");');
    writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js'), 'export const x = 1;');
    writeFileSync(path.join(siteDir, 'assets', 'index-abc123.css'), 'body{margin:0}');
    writeFileSync(path.join(siteDir, 'images', 'hero.png'), await solidImage(8, 8, 'png'));
    const storybookDir = temporaryDir('charity-headers-storybook-');
    writeFileSync(path.join(storybookDir, 'index.html'), '<!doctype html><title>Storybook</title>');
    mkdirSync(path.join(ctx.config.uploadsDir, 'campaigns'), { recursive: true });
    writeFileSync(path.join(ctx.config.uploadsDir, 'campaigns', 'photo.webp'), await solidImage(8, 8, 'webp'));

    const config = { ...ctx.config, siteDir, storybookDir, partnerOrigins: { any: false, origins: [PARTNER] } };
    ({ app } = await buildSandboxApp(ctx, { config }));
    ({ app: proxied } = await buildSandboxApp(ctx, { config: { ...config, trustProxy: 1 } }));
    const user = await createUser(ctx.database.db);
    admin = await signIn(app, user);
    const donation = await donate(app, indianDonation());
    const invoice = await generateInvoice(app, donation.donationId, donation.intentId);
    download = invoice.json().data.invoice.download_url;
  });
  afterAll(async () => {
    await app?.close();
    await proxied?.close();
  });

  it('keeps the bad-URL answer (written before any hook) in step with helmet', () => {
    expect(BASELINE_SECURITY_HEADERS).toEqual(BASELINE);
  });

  describe('API answers', () => {
    it('JSON 2xx: health (readable cross-origin by design, for widget.js) and a list', async () => {
      expectHeaders(await app.inject({ method: 'GET', url: '/api/health' }), 'health', { 'cross-origin-resource-policy': 'cross-origin' });
      expectHeaders(await app.inject({ method: 'GET', url: '/api/campaigns' }), 'campaigns');
      expectHeaders(await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin) }), 'admin dashboard');
    });

    it('JSON 400, 401, 403, 404, 413, 415 and 429, each as the error envelope', async () => {
      const editor = await signIn(app, await createUser(ctx.database.db, { role: 'editor' }));
      const cases: Array<[number, InjectOptions & { url: string }]> = [
        [400, { method: 'GET', url: '/api/campaigns?page=0' }],
        [400, { method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{"name":' }],
        [401, { method: 'GET', url: '/api/admin/dashboard' }],
        [403, { method: 'GET', url: '/api/admin/dashboard', headers: bearer(editor) }],
        [404, { method: 'GET', url: '/api/no-such-thing' }],
        [404, { method: 'GET', url: '/api/campaigns/999999' }],
        [413, { method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 1) }) }],
        [415, { method: 'POST', url: '/api/contact', headers: { 'content-type': 'text/xml' }, payload: '<a/>' }],
      ];
      for (const [status, request] of cases) {
        const response = await app.inject(request);
        const label = `${request.method} ${request.url}`;
        expect(response.statusCode, label).toBe(status);
        expect(response.json(), label).toEqual({ success: false, message: expect.any(String) });
        expectHeaders(response, label);
      }
      // 429: the contact form's per-address limit (5 in 10 minutes).
      let limited: LightMyRequestResponse | undefined;
      for (let i = 0; i < 7 && !limited; i += 1) {
        const response = await app.inject({ method: 'POST', url: '/api/contact', payload: {}, remoteAddress: '10.77.0.1' });
        if (response.statusCode === 429) limited = response;
      }
      expect(limited?.statusCode).toBe(429);
      expectHeaders(limited!, '429');
    });

    it('a URL the router cannot decode (malformed %-escape): 400 with the envelope and every header', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/campaigns/%' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'This address is not valid: it has a malformed %-escape.' });
      expectHeaders(response, 'bad URL');
    });

    it('the receipt PDF and the CSV export', async () => {
      const pdf = await app.inject({ method: 'GET', url: download });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expectHeaders(pdf, 'receipt PDF');
      const csv = await app.inject({ method: 'GET', url: '/api/admin/donations/export.csv', headers: bearer(admin) });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expectHeaders(csv, 'CSV export');
    });
  });

  describe('pages and files', () => {
    it('the SPA HTML, for / and a client-side route', async () => {
      for (const url of ['/', '/campaigns', '/admin/events']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expectHeaders(response, url);
      }
    });

    it('/embed/donate: framable by the listed partners only, by CSP alone (no X-Frame-Options)', async () => {
      const response = await app.inject({ method: 'GET', url: '/embed/donate' });
      expect(response.statusCode).toBe(200);
      expectHeaders(response, 'embed', {
        'content-security-policy': SITE_CSP.replace(/;frame-ancestors 'self'$/, `; frame-ancestors 'self' ${PARTNER}`).replaceAll(';', '; ').replaceAll(';  ', '; '),
        'x-frame-options': undefined,
      });
    });

    it('/widget.js is loadable by partner pages; static JS, CSS and images; 304 on a repeat', async () => {
      expectHeaders(await app.inject({ method: 'GET', url: '/widget.js' }), 'widget.js', { 'cross-origin-resource-policy': 'cross-origin' });
      for (const url of ['/assets/index-abc123.js', '/assets/index-abc123.css', '/images/hero.png']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expectHeaders(response, url);
        const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(response.headers.etag) } });
        expect(again.statusCode, `${url} again`).toBe(304);
        expectHeaders(again, `${url} 304`);
      }
      const missing = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
      expect(missing.statusCode).toBe(404);
      expectHeaders(missing, 'missing asset');
    });

    it('uploaded pictures: a sandboxing CSP of their own', async () => {
      const response = await app.inject({ method: 'GET', url: '/uploads/campaigns/photo.webp' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expectHeaders(response, 'upload', { 'content-security-policy': "default-src 'none'; img-src 'self'; sandbox" });
    });

    it('Storybook: its own CSP (inline scripts for its manager), still not framable by other sites', async () => {
      const response = await app.inject({ method: 'GET', url: '/storybook/' });
      expect(response.statusCode).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expectHeaders(response, 'storybook', { 'content-security-policy': csp });
    });
  });

  it('adds HSTS behind a trusted proxy that received HTTPS, on every kind of answer', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    for (const [url, overrides] of [
      ['/api/campaigns', {}],
      ['/api/no-such-thing', {}],
      ['/', {}],
      ['/assets/index-abc123.js', {}],
      ['/api/campaigns/%', {}],
    ] as const) {
      const response = await proxied.inject({ method: 'GET', url, headers: https });
      expectHeaders(response, `${url} over https`, { ...overrides, 'strict-transport-security': HSTS });
    }
    // Plain HTTP, or a client claiming HTTPS without a trusted proxy: no HSTS (it would lock a LAN install out).
    expect((await app.inject({ method: 'GET', url: '/', headers: https })).headers['strict-transport-security']).toBeUndefined();
  });
});
