import http from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { TEST_CARDS } from '@charity/domain';
import { expect, test, type ConsoleMessage, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { LOAD_GRACE_MS } from '../apps/site/src/widget/timing';
import { WIDGET_TEXT } from '../apps/site/src/widget/widget-ui';
import { E2E_ADMIN, E2E_PARTNER_PORT, E2E_STRANGER_PORT } from './playwright.config';

// The partner donate widget end to end: a partner page on a second local origin (another port) pastes the one-line
// snippet, a sandbox donation is completed inside the iframe, the partner page hears donation:completed, and the
// admin list shows the partner. A page on an origin not in PARTNER_ORIGINS is refused framing and shows a message with
// a link to donate on the charity's site instead (decision 033); an unreachable charity server leaves the fallback link.
// data-mode="button" draws its launcher in the partner's colour.

const PRODUCT = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3123)}`;
const PARTNER = `http://127.0.0.1:${E2E_PARTNER_PORT}`;
const STRANGER = `http://127.0.0.1:${E2E_STRANGER_PORT}`;
const THANK_YOU = 'Thank you! Your donation has been completed and saved successfully.';

/** A partner's page: only the snippet, and a listener that records the widget's events. */
function partnerPage(scriptSrc: string, attributes = 'data-currency="INR" data-amounts="500,1000,2500" data-theme="#1d4ed8"') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner school</title></head><body>
<main><h1>Partner school</h1>
<script src="${scriptSrc}" ${attributes} async></script>
</main>
<script>
  window.widgetEvents = [];
  document.addEventListener('donation:completed', (e) => window.widgetEvents.push({ type: e.type, detail: e.detail }));
  document.addEventListener('donation:failed', (e) => window.widgetEvents.push({ type: e.type, detail: e.detail }));
</script>
</body></html>`;
}

/** The snippet's attributes for a path of the partner servers: /button is data-mode="button", ?campaign=N names one. */
function attributesFor(url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://partner.invalid');
  const campaign = /^\d{1,9}$/.test(searchParams.get('campaign') ?? '') ? ` data-campaign="${searchParams.get('campaign')}"` : '';
  const mode = pathname === '/button' ? ' data-mode="button"' : '';
  return `data-currency="INR" data-amounts="500,1000,2500" data-theme="#1d4ed8"${campaign}${mode}`;
}

function serve(port: number, html: (url: string) => string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html(request.url ?? '/'));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

// One worker for this file: the partner pages listen on fixed ports.
test.describe.configure({ mode: 'serial' });

let servers: http.Server[] = [];
test.beforeAll(async () => {
  servers = await Promise.all([
    serve(E2E_PARTNER_PORT, (url) =>
      // /down: the snippet points at a port where no charity server answers.
      url.startsWith('/down') ? partnerPage('http://127.0.0.1:9/widget.js') : partnerPage(`${PRODUCT}/widget.js`, attributesFor(url)),
    ),
    serve(E2E_STRANGER_PORT, (url) => partnerPage(`${PRODUCT}/widget.js`, attributesFor(url))),
  ]);
});
test.afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/**
 * Console errors and uncaught errors from now on, in the page and its frames: a hydration mismatch in the embed page
 * (server markup that is not the browser's first render) is reported there by React.
 */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    // The browser's own request for /favicon.ico when the embed page is opened on its own (it names no icon): no page
    // of ours asked for it.
    if (message.type() !== 'error' || message.location().url.endsWith('/favicon.ico')) return;
    errors.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * Keeps the wizard's step heading as the server sent it in the embed page, before any script runs: React hydrating
 * the server's markup attaches to that very node; drawing afresh (or giving up on a mismatch) replaces it.
 */
async function rememberServerHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!location.pathname.startsWith('/embed/donate')) return;
    document.addEventListener('readystatechange', () => {
      const w = window as unknown as { __serverHeading?: Element | null };
      if (w.__serverHeading === undefined) w.__serverHeading = document.querySelector('#root h2');
    });
  });
}

/** Whether the step heading on screen is the server's node, and React has hydrated it (its props are on it). */
const keptServerHeading = () => {
  const sent = (window as unknown as { __serverHeading?: Element | null }).__serverHeading;
  const shown = document.querySelector('#root h2');
  return Boolean(sent && sent === shown && Object.keys(sent).some((key) => key.startsWith('__reactProps$')));
};

const frame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Donate to Bright Beginnings Foundation"]');
const wizard = (f: FrameLocator): Locator => f.getByRole('region', { name: /^Step \d of 4:/ });

test('a partner page embeds the widget, completes a sandbox donation and hears donation:completed', async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = recordErrors(page);
  await rememberServerHeading(page);
  await page.goto(`${PARTNER}/`);
  const iframe = page.locator('iframe[title="Donate to Bright Beginnings Foundation"]');
  await expect(iframe).toHaveCount(1);
  await expect(iframe).toHaveAttribute('scrolling', 'no');
  const f = frame(page);
  const w = wizard(f);
  await expect(w.getByRole('heading', { level: 2 })).toHaveText('Step 1 of 4: Choose Amount');
  // The partner's currency and first amount; the frame grows to its content (resize messages): no inner scrollbar.
  await expect(w.getByRole('radio', { name: '₹500', exact: true })).toBeChecked();
  // Monthly giving is offered in the widget as on /donate (issue 17): the same wizard, the same choice.
  await expect(w.getByRole('radio', { name: 'One-time', exact: true })).toBeChecked();
  await expect(w.getByRole('radio', { name: 'Monthly', exact: true })).toBeEnabled();
  await expect
    .poll(async () => iframe.evaluate((el) => (el as HTMLIFrameElement).getBoundingClientRect().height))
    .toBeGreaterThan(400);
  const embedded = page.frames().find((f) => f.url().startsWith(`${PRODUCT}/embed/donate`));
  expect(embedded).toBeDefined();
  await expect
    .poll(() => embedded!.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeLessThanOrEqual(0);
  // The server rendered the first step for the partner's query and the page hydrated it, without a mismatch.
  await expect.poll(() => embedded!.evaluate(keptServerHeading)).toBe(true);
  expect(errors).toEqual([]);

  await w.getByRole('button', { name: 'Continue', exact: true }).click();
  await w.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Asha Rao');
  await w.getByRole('textbox', { name: 'Email Address', exact: true }).fill('asha.rao@example.org');
  await w.getByRole('textbox', { name: 'Mobile Number', exact: true }).fill('98450 12345');
  await w.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Indiranagar 100 Feet Road');
  await w.getByRole('combobox', { name: 'State', exact: true }).click();
  await f.getByRole('option', { name: 'Karnataka', exact: true }).click();
  await w.getByRole('textbox', { name: 'City', exact: true }).fill('Bengaluru');
  await w.getByRole('textbox', { name: 'PIN Code', exact: true }).fill('560038');
  await w.getByRole('button', { name: 'Continue', exact: true }).click();
  await w.getByRole('button', { name: 'Proceed to Payment', exact: true }).click();
  await expect(w.getByRole('heading', { level: 2 })).toHaveText('Step 4 of 4: Payment');

  await w.getByRole('textbox', { name: 'Card number', exact: true }).fill(TEST_CARDS.visa.spaced);
  await w.getByRole('textbox', { name: 'Expiration date', exact: true }).fill('12 / 34');
  await w.getByRole('textbox', { name: 'CVC', exact: true }).fill('123');
  await w.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
  await w.getByRole('button', { name: 'Donate ₹500', exact: true }).click();
  await expect(w.getByText(THANK_YOU)).toBeVisible({ timeout: 20_000 });
  expect(errors).toEqual([]);

  // The partner page heard it, without donor data.
  await expect.poll(() => page.evaluate(() => (window as unknown as { widgetEvents: unknown[] }).widgetEvents), { timeout: 15_000 }).toEqual([
    {
      type: 'donation:completed',
      detail: { donation: { amount: 500, currency: 'INR', campaign_id: null, receipt_number: expect.any(String) } },
    },
  ]);
  const events = JSON.stringify(await page.evaluate(() => (window as unknown as { widgetEvents: unknown[] }).widgetEvents));
  expect(events).not.toContain('asha');

  // The donation records the partner: the admin list (and its filter) show it.
  const login = await request.post(`${PRODUCT}/api/auth/login`, { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const list = await request.get(`${PRODUCT}/api/admin/donations?partner=${encodeURIComponent(PARTNER)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(list.status()).toBe(200);
  const donations = ((await list.json()) as { data: { donations: Array<{ partner_origin: string; amount: number }> } }).data.donations;
  expect(donations).toEqual([expect.objectContaining({ partner_origin: PARTNER, amount: 500 })]);
});

test('the embed page has no axe violations', async ({ page }) => {
  const errors = recordErrors(page);
  await rememberServerHeading(page);
  await page.goto(`${PRODUCT}/embed/donate?currency=INR`);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Step 1 of 4: Choose Amount');
  await expect.poll(() => page.evaluate(keptServerHeading)).toBe(true);
  expect(errors).toEqual([]);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

const IFRAME = 'iframe[title="Donate to Bright Beginnings Foundation"]';
const blockedStatus = (page: Page): Locator => page.getByRole('status').filter({ hasText: WIDGET_TEXT.blocked });
const blockedLink = (page: Page): Locator =>
  page.getByRole('link', { name: 'Donate on the Bright Beginnings Foundation website (opens in a new tab)', exact: true });

test("a page on an origin not in PARTNER_ORIGINS shows a message and a link to the charity's /donate, not a refused frame", async ({ page, request }) => {
  const checks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/widget/partner-status')) checks.push(r.url());
  });
  await page.goto(`${STRANGER}/`);
  // The API's answer comes in one round trip: well before any timeout of the frame's.
  await expect(blockedStatus(page)).toBeVisible({ timeout: LOAD_GRACE_MS / 2 });
  await expect(blockedStatus(page)).toHaveText(`${WIDGET_TEXT.blocked}Donate on the Bright Beginnings Foundation website (opens in a new tab)↗`);
  const link = blockedLink(page);
  await expect(link).toHaveAttribute('href', `${PRODUCT}/donate`);
  await expect(link).toHaveAttribute('target', '_blank');
  // The refused frame is gone: no grey box beside the message.
  await expect(page.locator(IFRAME)).toHaveCount(0);
  expect(checks).toEqual([`${PRODUCT}/api/widget/partner-status?origin=${encodeURIComponent(STRANGER)}`]);
  // The link opens the charity's /donate in a new tab; the partner's page stays.
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await tab.waitForLoadState('domcontentloaded');
  expect(tab.url()).toBe(`${PRODUCT}/donate`);
  await tab.close();
  expect(page.url()).toBe(`${STRANGER}/`);

  // With a campaign named, the link lands on it; in button mode the message takes the launcher's place.
  await page.goto(`${STRANGER}/button?campaign=3`);
  await expect(blockedLink(page)).toHaveAttribute('href', `${PRODUCT}/donate?campaign=3`);
  await expect(page.getByRole('button', { name: 'Donate', exact: true })).toHaveCount(0);

  // The reason: the embed page's CSP names only the listed partner, and the API says the same.
  const embed = await request.get(`${PRODUCT}/embed/donate?partner=${encodeURIComponent(STRANGER)}`);
  expect(embed.headers()['content-security-policy']).toContain(`frame-ancestors 'self' ${PARTNER}`);
  expect(embed.headers()['content-security-policy']).not.toContain(STRANGER);
  expect(await embed.text()).not.toContain('partner-origin');
  const status = await request.get(`${PRODUCT}/api/widget/partner-status?origin=${encodeURIComponent(STRANGER)}`);
  expect(await status.json()).toEqual({ success: true, data: { origin: STRANGER, allowed: false } });
});

test('without an answer from the API, a frame the browser refuses still ends in the message', async ({ page }) => {
  test.setTimeout(60_000);
  // The API's answer lost (an old server, a proxy's error page): only the frame itself can tell.
  await page.route('**/api/widget/partner-status?*', (route) =>
    route.fulfill({ status: 503, headers: { 'access-control-allow-origin': '*' }, contentType: 'application/json', body: '{"success":false,"message":"x"}' }),
  );
  const refused = page.waitForEvent('console', { predicate: (m) => /frame-ancestors/.test(m.text()), timeout: 15_000 }).catch(() => null);
  await page.goto(`${STRANGER}/`);
  await expect(page.locator(IFRAME)).toHaveCount(1);
  // Chromium blocks the document (the frame still fires load); no 'ready' comes, so after the grace the message.
  expect(await refused).not.toBeNull();
  await expect(blockedStatus(page)).toBeVisible({ timeout: LOAD_GRACE_MS + 10_000 });
  await expect(blockedLink(page)).toHaveAttribute('href', `${PRODUCT}/donate`);
  await expect(page.locator(IFRAME)).toHaveCount(0);
});

test("a listed partner's page keeps its form and shows no message, also after the frame's grace time", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${PARTNER}/`);
  await expect(wizard(frame(page)).getByRole('heading', { level: 2 })).toHaveText('Step 1 of 4: Choose Amount');
  await page.waitForTimeout(LOAD_GRACE_MS + 1_000);
  await expect(page.locator(IFRAME)).toHaveCount(1);
  await expect(wizard(frame(page)).getByRole('heading', { level: 2 })).toHaveText('Step 1 of 4: Choose Amount');
  await expect(page.getByText(WIDGET_TEXT.blocked)).toHaveCount(0);
  await expect(page.getByText('Donations are unavailable right now')).toHaveCount(0);
});

test("data-mode=\"button\": the launcher and Close in the partner's colour, the form naming the campaign", async ({ page, request }) => {
  const campaigns = await request.get(`${PRODUCT}/api/campaigns?status=active&limit=1`);
  const campaign = ((await campaigns.json()) as { data: { campaigns: Array<{ id: number; title: string }> } }).data.campaigns[0]!;
  await page.goto(`${PARTNER}/button?campaign=${campaign.id}`);
  const launcher = page.getByRole('button', { name: 'Donate', exact: true });
  // data-theme="#1d4ed8" with white text (6.7:1), not the browser's grey button.
  await expect(launcher).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  await expect(launcher).toHaveCSS('color', 'rgb(255, 255, 255)');
  await launcher.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Donate to Bright Beginnings Foundation' });
  const close = dialog.getByRole('button', { name: 'Close', exact: true });
  await expect(close).toBeFocused();
  await expect(close).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  // Opened from the keyboard: Close shows the focus ring.
  await expect(close).toHaveCSS('outline-style', 'solid');
  const w = wizard(frame(page));
  await expect(w.getByRole('heading', { level: 2 })).toHaveText('Step 1 of 4: Choose Amount');
  await expect(w.getByText(/^Donating to:/)).toHaveText(`Donating to: ${campaign.title}`);
  // The partner's colour reaches the selected amount inside the frame: its tint and a text checked against it.
  const chip = w.locator('.cs-choice__input:checked + .cs-choice__box').first();
  await expect(chip).toHaveText('₹500');
  await expect(chip).toHaveCSS('background-color', 'rgb(232, 237, 251)');
  await expect(chip).toHaveCSS('color', 'rgb(23, 62, 173)');
  await expect(chip).toHaveCSS('border-top-color', 'rgb(29, 78, 216)');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(launcher).toBeFocused();
});

test('when the charity server cannot be reached, the widget shows a link to /donate', async ({ page }) => {
  // A charity whose widget.js is still cached (here: routed from the product) while its server is down: the snippet's
  // src is a port where nothing listens, so the partner-status request and the iframe fail there.
  await page.route('http://127.0.0.1:9/widget.js', async (route) => {
    const response = await route.fetch({ url: `${PRODUCT}/widget.js` });
    await route.fulfill({ response });
  });
  await page.goto(`${PARTNER}/down`);
  const link = page.getByRole('link', { name: 'Donations are unavailable right now' });
  await expect(link).toBeVisible({ timeout: 15_000 });
  await expect(link).toHaveAttribute('href', 'http://127.0.0.1:9/donate');
});
