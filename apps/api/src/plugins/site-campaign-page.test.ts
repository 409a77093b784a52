import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { insertCampaign } from '../campaigns/repository.js';
import { migrateDatabase } from '../db/migrate.js';
import { openDatabase, type DatabaseHandle } from '../db/open.js';
import { temporaryDir, testConfig } from '../../test/support/databases.js';
import { campaignDescription, legacyCampaignId } from './site-campaign-page.js';

// /campaigns/{slug} as link previews and search engines read it (issue 19, decision 030): the campaign's title,
// description, canonical address, Open Graph and Twitter card tags in the HTML itself; old addresses by id redirect.

const BASE = 'https://give.example.org';
const INDEX =
  '<!doctype html><html><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width" />\n' +
  '<title>Bright Beginnings Foundation</title>\n<meta\n  name="description"\n  content="The site." />\n</head><body><div id="root"></div></body></html>';

let database: DatabaseHandle;
let app: FastifyInstance;
const ids: Record<string, { id: number; slug: string }> = {};

beforeAll(async () => {
  const siteDir = temporaryDir('charity-site-campaign-');
  mkdirSync(path.join(siteDir, 'assets'), { recursive: true });
  writeFileSync(path.join(siteDir, 'index.html'), INDEX);
  const config = { ...testConfig({ SITE_DIR: siteDir }), publicBaseUrl: BASE };
  database = await openDatabase(config, { inMemory: true });
  await migrateDatabase(database);
  app = await buildApp({ config, database });
  const make = async (key: string, title: string, status: 'active' | 'draft' | 'completed', description = 'Hot meals for 500 children in Bengaluru.') => {
    const row = await insertCampaign(database.db, {
      title,
      description,
      status,
      isFeatured: false,
      category: 'nutrition',
      targetAmount: 1_000_000,
      startDate: null,
      endDate: null,
      imageUrl: null,
    });
    ids[key] = { id: row.id, slug: row.slug };
  };
  await make('meals', 'Midday Meals', 'active');
  await make('hostile', 'Tom & "Jerry" <script>alert(1)</script>', 'completed', 'A story with <b>tags</b> & "quotes".');
  await make('draft', 'Secret Draft', 'draft');
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('a campaign page as the server sends it', () => {
  it('carries the title, description, canonical address and the Open Graph and Twitter card tags of the campaign', async () => {
    const response = await app.inject({ method: 'GET', url: '/campaigns/midday-meals' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    const description = 'Hot meals for 500 children in Bengaluru. ₹0 raised of ₹10,00,000 (0%).';
    expect(html).toContain('<title>Midday Meals | Bright Beginnings Foundation</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<meta name="description" content="${description}" />`);
    expect(html).toContain(`<link rel="canonical" href="${BASE}/campaigns/midday-meals" />`);
    expect(html).toContain('<meta property="og:title" content="Midday Meals" />');
    expect(html).toContain(`<meta property="og:url" content="${BASE}/campaigns/midday-meals" />`);
    expect(html).toContain(`<meta property="og:image" content="${BASE}/api/campaigns/${ids.meals!.id}/share-image.jpg?v=0" />`);
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="630" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<meta name="twitter:image" content="${BASE}/api/campaigns/${ids.meals!.id}/share-image.jpg?v=0" />`);
    expect(html).toContain('<div id="root"></div>');
    expect(response.headers['x-robots-tag']).toBeUndefined();
  });

  it('escapes a title and story that look like markup', async () => {
    const response = await app.inject({ method: 'GET', url: `/campaigns/${ids.hostile!.slug}` });
    expect(response.statusCode).toBe(200);
    expect(ids.hostile!.slug).toBe('tom-and-jerry-script-alert-1-script');
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('<meta property="og:title" content="Tom &amp; &quot;Jerry&quot; &lt;script&gt;alert(1)&lt;/script&gt;" />');
    expect(response.body).toContain('<title>Tom &amp; &quot;Jerry&quot; &lt;script&gt;alert(1)&lt;/script&gt; | Bright Beginnings Foundation</title>');
  });

  it('moves an old address by id for good to the slug, query kept; an unknown id or a draft is a 404', async () => {
    const moved = await app.inject({ method: 'GET', url: `/campaigns/${ids.meals!.id}?utm_source=whatsapp` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/campaigns/midday-meals?utm_source=whatsapp');
    for (const url of ['/campaigns/999999', `/campaigns/${ids.draft!.id}`, '/campaigns/secret-draft', '/campaigns/no-such-campaign', '/campaigns/Bad_Slug']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('og:title');
    }
  });
});

describe("every public page's canonical address", () => {
  it('is absolute at PUBLIC_BASE_URL, names the page itself whatever the query, and is left out of pages not for search', async () => {
    for (const [url, canonical] of [
      ['/', `${BASE}/`],
      ['/about', `${BASE}/about`],
      ['/donate?campaign=3', `${BASE}/donate`],
      ['/events/', `${BASE}/events`],
    ] as const) {
      const html = (await app.inject({ method: 'GET', url })).body;
      expect(html, url).toContain(`<link rel="canonical" href="${canonical}" />`);
      expect(html, url).toContain(`<meta property="og:url" content="${canonical}" />`);
      expect(html.match(/rel="canonical"/g), url).toHaveLength(1);
    }
    for (const url of ['/login', '/admin', '/monthly-gift', '/no-such-page']) {
      expect((await app.inject({ method: 'GET', url })).body, url).not.toContain('rel="canonical"');
    }
    // A campaign's page has its own, once.
    expect((await app.inject({ method: 'GET', url: '/campaigns/midday-meals' })).body.match(/rel="canonical"/g)).toHaveLength(1);
  });
});

describe('campaign page helpers', () => {
  it('cuts a long story at a word and always states the progress', () => {
    const text = campaignDescription({ description: `${'Meals for children '.repeat(20)}end.`, raised_amount: 250_000, target_amount: 1_000_000 });
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/ Meals… ₹2,50,000 raised of ₹10,00,000 \(25%\)\.$/u);
    expect(text.startsWith("Meals for children Meals")).toBe(true);
  });

  it('reads an old id address, and nothing else', () => {
    expect(legacyCampaignId('/campaigns/4')).toBe(4);
    expect(legacyCampaignId('/campaigns/4/')).toBe(4);
    for (const path of ['/campaigns/0', '/campaigns/midday-meals', '/campaigns/4x', '/campaigns/99999999999']) expect(legacyCampaignId(path), path).toBeNull();
  });
});

describe('withCampaignHead', () => {
  it("replaces every description, keyword, Open Graph, Twitter and canonical tag of the page it was rendered into", async () => {
    const { withCampaignHead } = await import('./site-campaign-page.js');
    const template =
      '<html><head><title>Campaigns | X</title><meta name="description" content="All campaigns."/><meta name="keywords" content="k"/>' +
      '<meta property="og:title" content="Campaigns | X"/><meta property="og:site_name" content="X"/><meta name="twitter:card" content="summary"/>' +
      '<link rel="canonical" href="https://x/campaigns" /></head><body></body></html>';
    const html = withCampaignHead(template, { title: 'Meals | X', tags: '<meta property="og:title" content="Meals" />' });
    expect(html).toBe('<html><head><title>Meals | X</title>    <meta property="og:title" content="Meals" />\n  </head><body></body></html>');
  });
});
