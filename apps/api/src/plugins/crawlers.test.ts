import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { campaigns } from '../db/schema.js';
import { allowAll, DAY_MS, insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase, temporaryDir } from '../../test/support/databases.js';
import { RESPONSE_CACHE_CONTROL } from './response-cache.js';
import { robotsTxt, SITEMAP_MAX_URLS, sitemapXml } from './crawlers.js';

// /robots.txt and /sitemap.xml (docs/decisions/016-not-found-robots-sitemap.md): what search engines may fetch, and
// every public page and public campaign, at the addresses PUBLIC_BASE_URL gives them.

const BASE = 'https://give.example.org';

describe('robots.txt (unit)', () => {
  it('keeps crawlers out of the sign-in page, the admin console, the embed, the API and Storybook, and names the sitemap', () => {
    expect(robotsTxt('https://give.example.org/charity')).toBe(
      [
        '# Search engines may crawl the public site; the sign-in page, the admin console, the partner embed,',
        '# the API and Storybook are not pages for search results.',
        'User-agent: *',
        'Disallow: /monthly-gift',
        'Disallow: /annual-statement',
        'Disallow: /login',
        'Disallow: /admin',
        'Disallow: /embed',
        'Disallow: /api/',
        'Disallow: /storybook',
        '',
        'Sitemap: https://give.example.org/charity/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});

describe('sitemap.xml (unit)', () => {
  it('is sitemaps.org XML with every address escaped, and a lastmod in W3C form where known', () => {
    const xml = sitemapXml('https://give.example.org/a&b', ['/', '/about'], [{ slug: 'clean-water', updatedAt: new Date('2026-11-25T10:20:30.456Z') }]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://give.example.org/a&amp;b/</loc></url>',
        '  <url><loc>https://give.example.org/a&amp;b/about</loc></url>',
        '  <url><loc>https://give.example.org/a&amp;b/campaigns/clean-water</loc><lastmod>2026-11-25T10:20:30Z</lastmod></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('lists at most the 50,000 addresses one sitemap may hold, pages first', () => {
    const many = Array.from({ length: SITEMAP_MAX_URLS + 5 }, (_, i) => ({ slug: `campaign-${i + 1}`, updatedAt: new Date(0) }));
    const xml = sitemapXml(BASE, ['/', '/about'], many);
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(xml.match(/<url>/g)).toHaveLength(SITEMAP_MAX_URLS);
    expect(xml).toContain(`<loc>${BASE}/about</loc>`);
    expect(xml).toContain(`/campaigns/campaign-${SITEMAP_MAX_URLS - 2}<`);
    expect(xml).not.toContain(`/campaigns/campaign-${SITEMAP_MAX_URLS - 1}<`);
  });
});

describeEachDatabase('robots.txt and sitemap.xml', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const storybookDir = temporaryDir('charity-storybook-');
    mkdirSync(storybookDir, { recursive: true });
    writeFileSync(path.join(storybookDir, 'index.html'), '<!doctype html><title>Storybook</title>');
    // allowAll: the campaign writes below go through without a token.
    app = await buildApp({ config: { ...ctx.config, publicBaseUrl: BASE, storybookDir }, database: ctx.database, adminGuard: allowAll });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const createCampaign = async (title: string, status: string) => {
    const payload = { title, description: 'About it.', target_amount: 5000, status, end_date: new Date(Date.now() + 30 * DAY_MS).toISOString() };
    const created = await app.inject({ method: 'POST', url: '/api/campaigns', payload });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.campaign as { id: number; slug: string };
  };
  const lastmodOf = async (id: number) => {
    const [row] = await ctx.database.db.select({ updatedAt: campaigns.updatedAt }).from(campaigns).where(eq(campaigns.id, id));
    return row!.updatedAt.toISOString().replace(/\.\d+Z$/, 'Z');
  };

  it('answers /robots.txt as plain text naming the sitemap at PUBLIC_BASE_URL', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(robotsTxt(BASE));
    expect(response.body.split('\n')).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /admin', 'Disallow: /login', `Sitemap: ${BASE}/sitemap.xml`]));
    expect((await app.inject({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
  });

  it('answers /sitemap.xml with the public pages and every public campaign, never a draft, from the response cache', async () => {
    const [paused] = await insertCampaigns(ctx.database.db, [{ title: 'Paused but public', status: 'paused' }]);
    const active = await createCampaign('Clean water', 'active');
    const draft = await createCampaign('Secret draft', 'draft');

    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe(RESPONSE_CACHE_CONTROL);
    expect(response.headers.etag).toMatch(/^"/);
    expect(response.body).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        `  <url><loc>${BASE}/</loc></url>`,
        `  <url><loc>${BASE}/about</loc></url>`,
        `  <url><loc>${BASE}/campaigns</loc></url>`,
        `  <url><loc>${BASE}/contact</loc></url>`,
        `  <url><loc>${BASE}/donate</loc></url>`,
        `  <url><loc>${BASE}/events</loc></url>`,
        `  <url><loc>${BASE}/campaigns/${paused!.slug}</loc><lastmod>${await lastmodOf(paused!.id)}</lastmod></url>`,
        `  <url><loc>${BASE}/campaigns/clean-water</loc><lastmod>${await lastmodOf(active.id)}</lastmod></url>`,
        '</urlset>',
        '',
      ].join('\n'),
    );
    expect(response.body).not.toContain(`/campaigns/secret-draft<`);
    for (const hidden of ['/login', '/admin', '/embed', '/404']) expect(response.body, hidden).not.toContain(`${BASE}${hidden}<`);
    expect((await get('/sitemap.xml', { 'if-none-match': response.headers.etag as string })).statusCode).toBe(304);

    // A campaign write shows at the next read: the draft published, the active one back to draft.
    expect((await app.inject({ method: 'PUT', url: `/api/campaigns/${draft.id}`, payload: { status: 'active' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url: `/api/campaigns/${active.id}`, payload: { status: 'draft' } })).statusCode).toBe(200);
    const after = (await get('/sitemap.xml')).body;
    expect(after).toContain(`<loc>${BASE}/campaigns/secret-draft</loc>`);
    expect(after).not.toContain(`/campaigns/clean-water<`);
  });

  it('asks search engines to leave Storybook out of their index', async () => {
    const storybook = await get('/storybook/');
    expect(storybook.statusCode).toBe(200);
    expect(storybook.headers['x-robots-tag']).toBe('noindex');
  });
});
