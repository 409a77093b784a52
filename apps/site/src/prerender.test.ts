import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PRERENDER, PUBLIC_PAGE_META } from '@charity/domain';
import { CAMPAIGNS_FIRST_PAGE_QUERY, PAYMENTS_MODES, PRERENDERED_PAGES, pageHtml, prerenderPage, renderCampaignPageWithData, renderCampaignsWithData } from './prerender';
import { campaignListStore } from './features/campaigns/stores/use-campaign-list';

// The build's prerender (scripts/prerender.mjs writes what this returns into dist/prerendered/). What the browser
// does with it (hydration without a mismatch) is e2e/prerender.spec.ts; here: the HTML itself.

describe('prerenderPage', () => {
  it.each(Object.keys(PRERENDERED_PAGES))('%s is whole HTML: every lazy part in place, no script needed to show it', async (url) => {
    for (const mode of PAYMENTS_MODES) {
      const { html } = await prerenderPage(url, mode);
      expect(html).toMatch(/<main id="main"[^>]*>[\s\S]*<h1/);
      // A boundary React left pending (<!--$?-->, <template>) would need its inline script: the CSP forbids it.
      expect(html).not.toMatch(/<script|<template|<!--\$[?!]-->|hidden id="S:/);
    }
  });

  it("shows the 'Test mode' ribbon in sandbox mode only, as the client's first render does", async () => {
    expect((await prerenderPage('/events', 'sandbox')).html).toContain('aria-label="Test mode"');
    expect((await prerenderPage('/events', 'stripe')).html).not.toContain('aria-label="Test mode"');
  });

  it("renders data-driven parts in their loading state, and reports the page's title", async () => {
    const events = await prerenderPage('/events', 'sandbox');
    expect(events.html).toContain('Loading events...');
    expect(events.title).toBe('Events | Bright Beginnings Foundation');
    expect((await prerenderPage('/', 'sandbox')).title).toBe('Bright Beginnings Foundation');
  });

  it("prerenders the 404 page (the server sends it for every address no page owns) with the spec's texts", async () => {
    expect(PRERENDERED_PAGES[NOT_FOUND_PRERENDER.path]).toBe(NOT_FOUND_PRERENDER.name);
    const { html, title } = await prerenderPage(NOT_FOUND_PRERENDER.path, 'sandbox');
    expect(html).toContain('<p class="cs-not-found__code">404</p>');
    expect(html).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
    expect(html).toContain('The page you&#x27;re looking for doesn&#x27;t exist.');
    expect(html).toContain('Go Home');
    expect(title).toBe('Page Not Found | Bright Beginnings Foundation');
    // Rendered outside every section: the header marks no link current (hydration.ts relies on it).
    expect(html).not.toContain('aria-current');
  });

  it.each(Object.entries(PUBLIC_PAGE_META))("%s carries its description, Open Graph and Twitter card tags from the domain's table", async (path, meta) => {
    const { html, title } = await prerenderPage(path, 'sandbox');
    const attr = (text: string) => text.replace(/&/g, '&amp;');
    // The page's title: reported by useDocumentTitle, or its own hoisted <title> (/donate).
    expect(title ?? /<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(meta.title);
    expect(html).toContain(`<meta name="description" content="${attr(meta.description)}"/>`);
    expect(html).toContain(`<meta property="og:title" content="${attr(meta.title)}"/>`);
    expect(html).toContain(`<meta property="og:description" content="${attr(meta.description)}"/>`);
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('leaves out the donate page tags that need the site origin (the server adds them)', async () => {
    const { html } = await prerenderPage('/donate', 'sandbox');
    expect(html).toContain('<title>Donate | Bright Beginnings Foundation</title>');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:url');
  });
});

describe('/campaigns rendered with its data (renderCampaignsWithData, called by the API)', () => {
  const TEMPLATE =
    '<!doctype html><html><head><meta name="viewport" content="width=device-width" /><title>Site</title>' +
    '<script type="module" crossorigin src="/assets/main-1.js"></script></head><body><div id="root"></div></body></html>';
  const campaign = (id: number, title: string) => ({
    id,
    title,
    description: `About ${title}`,
    status: 'active',
    is_featured: id === 1,
    category: 'education',
    image_url: `/uploads/campaigns/${id}.webp`,
    target_amount: 100000,
    raised_amount: 25000,
    donation_count: 3,
    currency: 'INR',
    start_date: '2026-01-01T00:00:00.000Z',
    end_date: '2027-01-01T00:00:00.000Z',
  });
  const body = { success: true, data: { campaigns: [campaign(1, 'Clean Water <Now>'), campaign(2, 'School Kits')] }, meta: { total_pages: 2, current_page: 1, total: 11 } };

  it('asks the API what the page asks first: active campaigns, page 1, 9 a page', () => {
    expect(Object.fromEntries(new URLSearchParams(CAMPAIGNS_FIRST_PAGE_QUERY))).toEqual({ page: '1', limit: '9', status: 'active' });
  });

  it('renders the cards into the prerendered page, with the answer for the browser, and leaves the store empty after', async () => {
    const loading = await prerenderPage('/campaigns', 'sandbox');
    const prerendered = pageHtml(TEMPLATE, '/campaigns', 'sandbox', loading, { src: '/assets/boot.js' });
    const page = await renderCampaignsWithData(prerendered, 'sandbox', body);
    expect(page).toContain('Clean Water &lt;Now&gt;');
    expect(page).toContain('School Kits');
    expect(page).toContain('Load More Campaigns');
    expect(page).toContain('<script type="application/json" id="campaigns-first-page">');
    expect(page).toContain('data-prerendered="/campaigns" data-prerendered-mode="sandbox"');
    expect(campaignListStore.getState()).toMatchObject({ campaigns: [], page: 0 });
    // The build's page (no data) is unchanged by it.
    expect((await prerenderPage('/campaigns', 'sandbox')).html).toBe(loading.html);
  });

  it('rejects an answer that is not a campaign list, leaving the store empty', async () => {
    await expect(renderCampaignsWithData('<html></html>', 'sandbox', { data: 'nope' })).rejects.toThrow(/no list of campaigns/);
    expect(campaignListStore.getState().page).toBe(0);
  });
});

describe('/campaigns/{slug} rendered with its data (renderCampaignPageWithData, called by the API)', () => {
  const TEMPLATE =
    '<!doctype html><html><head><meta name="viewport" content="width=device-width" /><title>Site</title>' +
    '<script type="module" crossorigin src="/assets/main-1.js"></script></head><body><div id="root"></div></body></html>';
  const campaign = {
    id: 4,
    slug: 'midday-meals',
    title: 'Midday Meals <for> 500',
    description: 'A hot lunch every school day.',
    status: 'active',
    is_featured: true,
    category: 'nutrition',
    image_url: '/uploads/campaigns/4.webp',
    target_amount: 1000000,
    raised_amount: 486720,
    donation_count: 312,
    currency: 'INR',
    start_date: null,
    end_date: '2099-01-01T00:00:00.000Z',
  };
  const donations = {
    success: true,
    data: { donations: [{ id: 9, amount: 2500, currency: 'INR', donor_name: 'Priya', is_anonymous: false, donation_type: 'one_time', created_at: '2026-11-01T00:00:00.000Z' }] },
    meta: { total_pages: 1, current_page: 1, total: 1 },
  };
  const body = { campaign: { success: true, data: { campaign } }, donations };

  it('renders the campaign, its supporters and the form into a page of the build at its own address, with the data for the browser', async () => {
    const loading = await prerenderPage('/campaigns', 'sandbox');
    const prerendered = pageHtml(TEMPLATE, '/campaigns', 'sandbox', loading, { src: '/assets/boot.js' });
    const page = await renderCampaignPageWithData(prerendered, 'sandbox', '/campaigns/midday-meals', body);
    expect(page).toMatch(/<h1[^>]*>Midday Meals &lt;for&gt; 500<\/h1>/);
    expect(page).toContain('data-prerendered="/campaigns/midday-meals" data-prerendered-mode="sandbox"');
    expect(page).toContain('<title>Midday Meals &lt;for&gt; 500 | Bright Beginnings Foundation</title>');
    expect(page).toContain('Priya');
    expect(page).toContain('49% funded');
    expect(page).toContain('Choose Amount');
    expect(page).toContain('<script type="application/json" id="campaign-page-data">');
    expect(page).not.toContain('<for>');
    // The render is the data's only: the next render of any page starts clean.
    const again = await prerenderPage('/campaigns/midday-meals', 'sandbox');
    expect(again.html).not.toContain('Priya');
  });

  it('renders nothing for a body that is not a campaign, or a campaign of another address', async () => {
    expect(await renderCampaignPageWithData(TEMPLATE, 'sandbox', '/campaigns/midday-meals', { campaign: { data: 'nope' }, donations })).toBeNull();
    expect(await renderCampaignPageWithData(TEMPLATE, 'sandbox', '/campaigns/other', body)).toBeNull();
  });
});
