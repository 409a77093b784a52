import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ORGANISATION, TEST_CARDS } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { campaigns, donations, mailOutbox, paymentAttempts, paymentFailures, receipts, receiptTokens, sandboxPaymentIntents, webhookEvents } from '../db/schema.js';
import { openDatabase, type DatabaseHandle } from '../db/open.js';
import type { SandboxProvider } from './provider/sandbox-provider.js';
import { STORYBOOK_MESSAGES } from '../plugins/storybook.js';
import { allowAll } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase, temporaryDir, testConfig } from '../../test/support/databases.js';
import { buildSandboxApp, confirm, indianDonation, nextIp, saveAfterPayment } from '../../test/support/donations.js';

// The partner donate widget (docs/decisions/006-partner-widget.md): partner_origin from create-intent to the donation
// (browser save and webhook), the admin list and CSV showing it; the framing headers of /embed/donate; /widget.js;
// /storybook.

const PARTNER = 'https://partner.example';
const PARTNER_MESSAGE = 'partner_origin must be the origin of a partner site allowed to embed the donate widget (PARTNER_ORIGINS).';

/** One CSV line's fields (RFC 4180 quoting: the export quotes fields with commas, such as addresses). */
function csvFields(line: string): string[] {
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => {
    const field = m[1] ?? '';
    return field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
  });
}

describeEachDatabase('widget donations record their partner', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    ({ app, sandbox } = await buildSandboxApp(ctx, {
      holdEvents: true,
      config: { partnerOrigins: { any: false, origins: [PARTNER, 'http://127.0.0.1:4100'] } },
    }));
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app.payments.idle();
    sandbox.held.splice(0);
    const db = ctx.database.db;
    await db.delete(receiptTokens);
    await db.delete(receipts);
    await db.delete(mailOutbox);
    await db.delete(donations);
    await db.delete(paymentFailures);
    await db.delete(paymentAttempts);
    await db.delete(webhookEvents);
    await db.delete(sandboxPaymentIntents);
    await db.delete(campaigns);
  });

  const createIntent = (partnerOrigin: unknown, data = indianDonation()) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/create-intent',
      payload: { donation_data: data, payment_method_id: TEST_CARDS.visa.paymentMethod, partner_origin: partnerOrigin },
      remoteAddress: nextIp(),
    });

  async function payThroughPartner(partnerOrigin: string) {
    const created = await createIntent(partnerOrigin);
    expect(created.statusCode, created.body).toBe(200);
    const { client_secret: secret, payment_intent_id: intentId } = created.json().data;
    expect((await confirm(app, secret)).statusCode).toBe(200);
    return intentId as string;
  }

  it('stores a listed partner origin (normalised) on the attempt, and the saved donation carries it', async () => {
    const intentId = await payThroughPartner('HTTPS://Partner.Example/');
    const [attempt] = await ctx.database.db.select().from(paymentAttempts);
    expect(attempt?.partnerOrigin).toBe(PARTNER);
    // The payload's own rules are untouched: source stays 'website', nothing partner-related inside it.
    expect(attempt?.donationData).toEqual(indianDonation());

    const saved = await saveAfterPayment(app, indianDonation(), intentId);
    expect(saved.statusCode).toBe(201);
    const [donation] = await ctx.database.db.select().from(donations);
    expect(donation?.partnerOrigin).toBe(PARTNER);
    expect(donation?.source).toBe('website');
  });

  it('writes partner_origin when the webhook saves the donation', async () => {
    await payThroughPartner('http://127.0.0.1:4100');
    const event = sandbox.held.splice(0).find((e) => e.type === 'payment_intent.succeeded');
    expect(event).toBeDefined();
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: event!.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event!.signature },
    });
    expect(delivered.statusCode).toBe(200);
    const [donation] = await ctx.database.db.select().from(donations);
    expect(donation?.partnerOrigin).toBe('http://127.0.0.1:4100');
  });

  it('leaves partner_origin null for the charity’s own site', async () => {
    const created = await createIntent(undefined);
    expect(created.statusCode).toBe(200);
    const [attempt] = await ctx.database.db.select().from(paymentAttempts);
    expect(attempt?.partnerOrigin).toBeNull();
  });

  it.each([
    ['an origin not listed', 'https://other.example'],
    ['a URL with a path', 'https://partner.example/donate'],
    ['not an origin', 'partner.example'],
    ['a number', 42],
    ['an empty string', ''],
  ])('refuses %s with 400 and records nothing', async (_label, value) => {
    const response = await createIntent(value);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: PARTNER_MESSAGE, errors: { partner_origin: PARTNER_MESSAGE } });
    expect(await ctx.database.db.select().from(paymentAttempts)).toEqual([]);
  });

  it('shows a widget donation’s partner in the admin donations list and the CSV export', async () => {
    const admin = await buildApp({ config: { ...ctx.config, partnerOrigins: { any: false, origins: [PARTNER] } }, database: ctx.database, adminGuard: allowAll, paymentProvider: sandbox });
    try {
      const intentId = await payThroughPartner(PARTNER);
      expect((await saveAfterPayment(app, indianDonation(), intentId)).statusCode).toBe(201);

      const list = await admin.inject({ method: 'GET', url: '/api/admin/donations' });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.donations.map((d: { partner_origin: string | null }) => d.partner_origin)).toEqual([PARTNER]);
      const filtered = await admin.inject({ method: 'GET', url: `/api/admin/donations?partner=${encodeURIComponent(PARTNER)}` });
      expect(filtered.json().data.donations).toHaveLength(1);

      const csv = await admin.inject({ method: 'GET', url: '/api/admin/donations/export.csv' });
      expect(csv.statusCode).toBe(200);
      const [header, row] = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
      const column = header!.split(',').indexOf('partner_origin');
      expect(column).toBeGreaterThanOrEqual(0);
      expect(csvFields(row!)[column]).toBe(PARTNER);
    } finally {
      await admin.close();
    }
  });
});

describeEachDatabase('partner_origin with PARTNER_ORIGINS=*', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildSandboxApp(ctx, { holdEvents: true, config: { partnerOrigins: { any: true, origins: [] } } }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('accepts any valid origin, and still refuses what is not an origin', async () => {
    const post = (partner: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/create-intent',
        payload: { donation_data: indianDonation(), payment_method_id: TEST_CARDS.visa.paymentMethod, partner_origin: partner },
        remoteAddress: nextIp(),
      });
    expect((await post('https://anyone.example')).statusCode).toBe(200);
    const bad = await post('javascript:alert(1)');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PARTNER_MESSAGE);
  });
});

describe('the embed page, widget.js and Storybook', () => {
  const EMBED = '<!doctype html><html><head><title>Donate</title></head><body><div id="root"></div></body></html>';
  const WIDGET = '(()=>{var n="__CHARITY_ORGANISATION_NAME__";console.log(n)})();';
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  let siteDir: string;
  let storybookDir: string;

  async function appWith(env: Record<string, string>) {
    const app = await buildApp({ config: testConfig({ SITE_DIR: siteDir, STORYBOOK_DIR: storybookDir, ...env }), database });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    siteDir = temporaryDir('charity-site-');
    writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><html><head></head><body>site</body></html>');
    writeFileSync(path.join(siteDir, 'embed.html'), EMBED);
    writeFileSync(path.join(siteDir, 'widget.js'), WIDGET);
    storybookDir = temporaryDir('charity-storybook-');
    mkdirSync(path.join(storybookDir, 'assets'));
    writeFileSync(path.join(storybookDir, 'index.html'), '<!doctype html><title>Storybook</title><script>window.CONFIG_TYPE="PRODUCTION"</script>');
    writeFileSync(path.join(storybookDir, 'assets', 'manager.js'), 'console.log(1)');
    database = await openDatabase(testConfig(), { inMemory: true });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

  it('lets listed partners frame /embed/donate (CSP frame-ancestors, no X-Frame-Options), and nobody else frame other pages', async () => {
    const app = await appWith({ PARTNER_ORIGINS: 'https://partner.example, http://127.0.0.1:4100' });
    const embed = await app.inject({ method: 'GET', url: '/embed/donate?campaign=1&partner=https%3A%2F%2Fpartner.example' });
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(frameAncestors(embed.headers['content-security-policy'])).toBe("'self' https://partner.example http://127.0.0.1:4100");
    expect(embed.headers['x-frame-options']).toBeUndefined();
    // The rest of the site's policy is unchanged on the embed page.
    expect(embed.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    expect(embed.body).toContain('<meta name="partner-origin" content="https://partner.example" />');
    expect(embed.body).toContain('<meta name="payments-mode" content="sandbox" />');

    for (const url of ['/', '/donate', '/api/health', '/widget.js', '/embed/donate/other']) {
      const response = await app.inject({ method: 'GET', url });
      expect(frameAncestors(response.headers['content-security-policy']), url).toBe("'self'");
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('names no partner on the page for an origin not listed (so it posts nothing), and frames for nobody by default', async () => {
    const listed = await appWith({ PARTNER_ORIGINS: 'https://partner.example' });
    const other = await listed.inject({ method: 'GET', url: '/embed/donate?partner=https%3A%2F%2Fevil.example' });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('partner-origin');

    const none = await appWith({});
    const embed = await none.inject({ method: 'GET', url: '/embed/donate?partner=https%3A%2F%2Fpartner.example' });
    expect(frameAncestors(embed.headers['content-security-policy'])).toBe("'self'");
    expect(embed.body).not.toContain('partner-origin');
  });

  it("with PARTNER_ORIGINS=* any site may frame it, and the page's partner is the one in the query", async () => {
    const app = await appWith({ PARTNER_ORIGINS: '*' });
    const embed = await app.inject({ method: 'GET', url: '/embed/donate?partner=https%3A%2F%2Fanyone.example' });
    expect(frameAncestors(embed.headers['content-security-policy'])).toBe("'self' *");
    expect(embed.body).toContain('<meta name="partner-origin" content="https://anyone.example" />');
  });

  it('serves /widget.js to any origin (CORP cross-origin), briefly cached, with the organisation name filled in', async () => {
    const app = await appWith({});
    const response = await app.inject({ method: 'GET', url: '/widget.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.body).toBe(`(()=>{var n="${ORGANISATION.name}";console.log(n)})();`);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers 404 for /widget.js and 503 for /embed/donate when the site is not built', async () => {
    const app = await buildApp({ config: testConfig({ STORYBOOK_DIR: storybookDir }), database });
    apps.push(app);
    const widget = await app.inject({ method: 'GET', url: '/widget.js' });
    expect(widget.statusCode).toBe(404);
    expect(widget.body).toBe('/* widget.js is not built yet: run `npm run build` in the project folder. */\n');
    const embed = await app.inject({ method: 'GET', url: '/embed/donate' });
    expect(embed.statusCode).toBe(503);
    expect(embed.body).toContain('Donations are unavailable right now.');
  });

  it('serves the built Storybook at /storybook/ with its own CSP, and redirects /storybook', async () => {
    const app = await appWith({});
    const redirect = await app.inject({ method: 'GET', url: '/storybook' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/storybook/');
    const index = await app.inject({ method: 'GET', url: '/storybook/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>Storybook</title>');
    expect(index.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    expect(frameAncestors(index.headers['content-security-policy'])).toBe("'self'");
    const asset = await app.inject({ method: 'GET', url: '/storybook/assets/manager.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    // The site keeps its strict policy.
    const site = await app.inject({ method: 'GET', url: '/' });
    expect(site.headers['content-security-policy']).not.toContain('unsafe-inline\'; style');
    expect(site.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com;");
  });

  it('answers 404 with how to build it when Storybook is not built', async () => {
    const app = await appWith({ STORYBOOK_DIR: path.join(storybookDir, 'missing') });
    for (const url of ['/storybook', '/storybook/', '/storybook/index.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(STORYBOOK_MESSAGES.notBuilt);
      expect(STORYBOOK_MESSAGES.notBuilt).toBe('Storybook is not built. Run `npm run build-storybook` in the project folder, then reload this page.');
    }
  });
});
