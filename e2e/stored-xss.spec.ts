import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';
import { signInByApi } from './support/session';

// Stored XSS in the browser: a campaign and an event whose text carries
// script and HTML, created through the admin API, are shown on every page that shows them (campaign list, the
// donate page's chosen campaign, events list and event detail, the admin lists) as the literal text: no dialog
// opens, no payload runs (each one would set window.__xss), and no element the payload describes exists in the
// DOM. apps/api/test/security/stored-xss.test.ts checks the JSON and the receipt PDF.

const marker = `xss-probe-${Date.now().toString(36)}`;
// The same payloads as apps/api/test/security/xss-payloads.ts (the e2e workspace does not import the API's sources).
const XSS = {
  script: '<script>window.__xss=1;alert(1)</script>',
  img: '<img src=x onerror="window.__xss=2;alert(2)">',
  link: '<a href="javascript:window.__xss=3;alert(3)">Donate here</a>',
  svg: '"><svg onload="window.__xss=4;alert(4)">',
};
const CAMPAIGN = {
  title: `${marker} ${XSS.img} ${XSS.svg}`,
  description: `Help us ${XSS.script} ${XSS.link}`,
};
const EVENT = {
  title: `${marker} ${XSS.svg} ${XSS.script}`,
  description: `A day out ${XSS.img} ${XSS.link}`,
  location: `Hall ${XSS.script}`,
  impact: `40 children ${XSS.img}`,
};

let auth: Record<string, string>;
let campaignId: number;
let eventId: number;

async function adminToken(request: APIRequestContext): Promise<string> {
  const reply = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(reply.status(), await reply.text()).toBe(200);
  return ((await reply.json()) as { data: { token: string } }).data.token;
}

test.beforeAll(async ({ request }) => {
  auth = { authorization: `Bearer ${await adminToken(request)}` };
  const campaign = await request.post('/api/campaigns', {
    headers: auth,
    data: { ...CAMPAIGN, target_amount: 50000, status: 'active', is_featured: 'false', category: 'education', start_date: '2025-01-01', end_date: '2035-12-31' },
  });
  expect(campaign.status(), await campaign.text()).toBe(201);
  campaignId = ((await campaign.json()) as { data: { campaign: { id: number } } }).data.campaign.id;
  const event = await request.post('/api/events', { headers: auth, data: { ...EVENT, date: '2025-03-01', status: 'completed' } });
  expect(event.status(), await event.text()).toBe(201);
  eventId = ((await event.json()) as { data: { event: { id: number } } }).data.event.id;
});

test.afterAll(async ({ request }) => {
  // Other specs share the server in a full run: leave no probe behind.
  if (campaignId) await request.delete(`/api/campaigns/${campaignId}`, { headers: auth });
  if (eventId) await request.delete(`/api/events/${eventId}`, { headers: auth });
});

/** Records every dialog (alert, confirm, prompt) the page opens, dismissing it. */
function recordDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

/** Nothing ran and nothing the payloads describe was made into an element. */
async function expectInert(page: Page, opened: string[], where: string) {
  const found = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: unknown }).__xss ?? null,
    handlers: document.querySelectorAll('[onerror], [onload]').length,
    svg: document.querySelectorAll('body svg[onload]').length,
    brokenImages: document.querySelectorAll('img[src="x"]').length,
    javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
    scripts: Array.from(document.querySelectorAll('script')).filter((s) => s.textContent?.includes('__xss')).length,
  }));
  expect(found, where).toEqual({ ran: null, handlers: 0, svg: 0, brokenImages: 0, javascriptLinks: 0, scripts: 0 });
  expect(opened, where).toEqual([]);
}

test('campaign text with script and HTML is shown as text on /campaigns and on /donate', async ({ page }) => {
  const opened = recordDialogs(page);
  await page.goto(`/campaigns?q=${marker}`);
  await expect(page.getByText(CAMPAIGN.title, { exact: true }).first()).toBeVisible();
  await expectInert(page, opened, '/campaigns');

  // The donate page with the campaign chosen (a link from its card): the banner names it.
  await page.goto(`/donate?campaign=${campaignId}`);
  await expect(page.getByText(CAMPAIGN.title).first()).toBeVisible();
  await expectInert(page, opened, '/donate');
});

test('event text with script and HTML is shown as text in the events list and the chosen event', async ({ page }) => {
  const opened = recordDialogs(page);
  await page.goto('/events');
  const pick = page.getByRole('button', { name: EVENT.title });
  const shown = page.getByRole('heading', { name: EVENT.title });
  await expect(pick.or(shown).first()).toBeVisible();
  if ((await pick.count()) && (await pick.getAttribute('aria-pressed')) !== 'true') await pick.click();
  await expect(shown).toBeVisible();
  await expect(page.getByText(EVENT.description, { exact: true }).first()).toBeVisible();
  await expectInert(page, opened, '/events');
});

test('the admin lists show the campaign and event text as text', async ({ page, request }) => {
  const opened = recordDialogs(page);
  await signInByApi(page, request);
  await page.goto('/admin/campaigns');
  await expect(page.getByText(CAMPAIGN.title, { exact: true }).first()).toBeVisible();
  await expectInert(page, opened, '/admin/campaigns');

  await page.goto('/admin/events');
  await expect(page.getByRole('heading', { name: EVENT.title })).toBeVisible();
  await expect(page.getByText(EVENT.description, { exact: true }).first()).toBeVisible();
  await expectInert(page, opened, '/admin/events');
});
