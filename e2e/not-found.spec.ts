import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';

// An address no page owns answers 404 with the site's 404 page (prerendered, so it shows without JavaScript, then
// hydrated), the site still works from there, and robots.txt and sitemap.xml are real
// (docs/decisions/016-not-found-robots-sitemap.md).

const TEXTS = { code: '404', heading: 'Page Not Found', message: "The page you're looking for doesn't exist.", link: 'Go Home' } as const;

async function expectNotFoundPage(page: Page) {
  await expect(page.getByText(TEXTS.code, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: TEXTS.heading })).toBeVisible();
  await expect(page.getByText(TEXTS.message)).toBeVisible();
  await expect(page.getByRole('link', { name: TEXTS.link })).toBeVisible();
}

/** Console errors and warnings and uncaught errors that mention hydration, from now on. */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if ((message.type() === 'error' || message.type() === 'warning') && /hydrat|did not match|server rendered/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const url of ['/no-such-page', '/admin/nope', '/.vite/manifest.json', '/events/999999']) {
    test(`${url} answers 404 with the 404 page from the HTML alone`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
      await expectNotFoundPage(page);
      await expect(page).toHaveTitle('Page Not Found | Bright Beginnings Foundation');
    });
  }
});

test('/no-such-page: status 404, the hydrated 404 page, and client-side navigation from it', async ({ page }) => {
  const problems = hydrationProblems(page);
  // The heading as the server sent it: hydration keeps this very node (a client render would replace it).
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      const w = window as unknown as { __serverHeading?: Element | null };
      w.__serverHeading ??= document.querySelector('h1');
    });
  });
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expectNotFoundPage(page);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __serverHeading?: Element | null }).__serverHeading?.isConnected)).toBe(true);
  expect(problems).toEqual([]);

  // The router takes over: following a link changes the page without loading a document.
  await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About', exact: false })).toBeVisible();
  await page.goBack();
  await expectNotFoundPage(page);
  await page.getByRole('link', { name: TEXTS.link }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Every Child Deserves Love');
  expect(documents).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
});

test('inside a page section (/events/999999) the 404 page is drawn by the script without a mismatch', async ({ page }) => {
  const problems = hydrationProblems(page);
  const response = await page.goto('/events/999999');
  expect(response?.status()).toBe(404);
  await page.waitForLoadState('networkidle');
  await expectNotFoundPage(page);
  // The header marks the section's link, as it does on the site's other pages in a section.
  await expect(page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Events', exact: true })).toHaveAttribute('aria-current', 'true');
  expect(problems).toEqual([]);
});

test('robots.txt and sitemap.xml are real, and the sign-in page is kept out of search results', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const lines = (await robots.text()).split('\n');
  expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /admin', 'Disallow: /login', 'Disallow: /embed', 'Disallow: /api/', `Sitemap: ${baseURL}/sitemap.xml`]));

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await sitemap.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  for (const path of ['/', '/about', '/campaigns', '/contact', '/donate', '/events']) expect(xml, path).toContain(`<loc>${baseURL}${path}</loc>`);
  const campaigns = (await (await request.get('/api/campaigns?limit=100')).json()) as { data: { campaigns: Array<{ slug: string }> } };
  expect(campaigns.data.campaigns.length).toBeGreaterThan(0);
  // Each campaign's own page (decision 030).
  for (const { slug } of campaigns.data.campaigns) expect(xml).toContain(`<loc>${baseURL}/campaigns/${slug}</loc>`);
  expect(xml).not.toMatch(/\/(login|admin)</);

  expect((await request.get('/login')).headers()['x-robots-tag']).toBe('noindex');
  expect((await request.get('/about')).headers()['x-robots-tag']).toBeUndefined();
});
