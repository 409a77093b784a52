import { campaignPagePath, indexablePagePaths, SITE_PAGES } from '@charity/domain';
import { asc, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { campaigns } from '../db/schema.js';

// What search engines are told (docs/decisions/016-not-found-robots-sitemap.md):
//   GET /robots.txt   the public site is open; the sign-in page, the admin console, the partner embed, the API and
//                     Storybook are not; where the sitemap is
//   GET /sitemap.xml  the public pages of the site's route table and every public campaign, at PUBLIC_BASE_URL

/** The server's own addresses that are no page for search results (the route table's are added to them). */
const SERVER_DISALLOWED = ['/embed', '/api/', '/storybook'] as const;

/** robots.txt changes only with the settings: crawlers may keep it an hour, like the site's other files. */
export const ROBOTS_CACHE_CONTROL = 'public, max-age=3600';

/** The most addresses one sitemap file may list (sitemaps.org); past that a sitemap index would be needed. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * The route table's pages kept out of search engines (the sign-in page, the admin console), each section once: /admin
 * covers /admin/events.
 */
function disallowedPages(): string[] {
  const hidden = SITE_PAGES.filter((page) => !page.indexable).map((page) => page.path);
  return hidden.filter((path) => !hidden.some((other) => other !== path && path.startsWith(`${other}/`)));
}

export function robotsTxt(publicBaseUrl: string): string {
  return [
    '# Search engines may crawl the public site; the sign-in page, the admin console, the partner embed,',
    '# the API and Storybook are not pages for search results.',
    'User-agent: *',
    ...[...disallowedPages(), ...SERVER_DISALLOWED].map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicBaseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Text as it may stand in XML content. */
const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** W3C Datetime to the second, as sitemaps.org shows it. */
const w3cDatetime = (date: Date) => date.toISOString().replace(/\.\d+Z$/, 'Z');

export interface SitemapCampaign {
  slug: string;
  updatedAt: Date;
}

/**
 * The sitemap: `pages` (paths), then each campaign's own page (/campaigns/{slug}, decision 030) with its last change;
 * SITEMAP_MAX_URLS at most.
 */
export function sitemapXml(publicBaseUrl: string, pages: readonly string[], campaignRows: readonly SitemapCampaign[]): string {
  const entry = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(`${publicBaseUrl}${path}`)}</loc>${lastmod ? `<lastmod>${w3cDatetime(lastmod)}</lastmod>` : ''}</url>`;
  const urls = [
    ...pages.map((path) => entry(path)),
    ...campaignRows.map((campaign) => entry(campaignPagePath(campaign.slug), campaign.updatedAt)),
  ].slice(0, SITEMAP_MAX_URLS);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export async function crawlerRoutes(app: FastifyInstance) {
  const { publicBaseUrl } = app.config;
  const robots = robotsTxt(publicBaseUrl);
  const pages = indexablePagePaths();

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', ROBOTS_CACHE_CONTROL).send(robots),
  );

  // Through the response cache (decision 007): a campaign write drops it, so a search engine asking often costs one
  // query per change. The public campaigns are those /api/campaigns lists: every one but drafts.
  app.get('/sitemap.xml', { config: { responseCache: { tags: ['campaigns'] } } }, async (_request, reply) => {
    const rows = await app.db
      .select({ slug: campaigns.slug, updatedAt: campaigns.updatedAt })
      .from(campaigns)
      .where(ne(campaigns.status, 'draft'))
      .orderBy(asc(campaigns.id))
      .limit(SITEMAP_MAX_URLS);
    return reply.type('application/xml; charset=utf-8').send(sitemapXml(publicBaseUrl, pages, rows));
  });
}
