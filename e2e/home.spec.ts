import { expect, test, type Page } from '@playwright/test';
import { waitUntilHydrated } from './support/hydration';

// The home page (spec §2 Home, §4 Slideshow): headline, calls to action, trust badges, the hero and focus
// slideshows, the scroll-down button, the featured campaigns from the seeded API, and its pictures.

const HEADLINE = 'Every Child Deserves Love, Care & Opportunity';
const HERO_SHOW = 'Moments from our work with children';

function heroShow(page: Page) {
  return page.getByRole('region', { name: HERO_SHOW });
}

test('renders the headline, the three trust badges and every section', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Bright Beginnings Foundation');
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
  const badges = page.getByRole('list', { name: 'Why donors trust us' }).getByRole('listitem');
  await expect(badges).toHaveText(['Trusted Organization', 'Transparent Operations', 'Direct Impact']);
  for (const name of [
    'Our Impact',
    'Our Focus Areas',
    'Quality Education for Every Child',
    'How We Help',
    'Why Choose Us',
    'Featured Campaigns',
  ]) {
    await expect(page.getByRole('region', { name, exact: true })).toBeAttached();
  }
  const focus = page.getByRole('region', { name: 'Our Focus Areas', exact: true });
  await expect(focus.getByRole('heading', { level: 3 })).toHaveText(['Education', 'Health', 'Food']);
  const quality = page.getByRole('region', { name: 'Quality Education for Every Child' });
  await expect(quality.getByRole('heading', { level: 3 })).toHaveText([
    'Equity',
    'Contextualisation',
    'Child-friendly Learning',
    'Sustainability',
    'Balanced Approach',
    'Learning Outcomes',
  ]);
  await expect(page.getByRole('region', { name: 'How We Help' }).getByRole('heading', { level: 3 })).toHaveCount(6);
  await expect(page.getByRole('region', { name: 'Why Choose Us' }).getByRole('heading', { level: 3 })).toHaveText([
    'Secure Donations',
    'Transparent Operations',
    'Direct Impact',
  ]);
  await expect(heroShow(page).getByRole('button', { name: /^Go to slide \d$/ })).toHaveCount(8);
});

test("'Start Supporting' leads to /donate", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Supporting' }).click();
  await expect(page).toHaveURL(/\/donate$/);
  await expect(page.getByRole('heading', { level: 1, name: /Donate/ })).toBeVisible();
});

test("'View Campaigns' leads to /campaigns", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'View Campaigns' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('heading', { level: 1, name: /Campaigns/ })).toBeVisible();
});

/** A clock that stands still until the test moves it on, so intervals are measured exactly. */
async function stoppedClock(page: Page) {
  const start = new Date('2025-06-02T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
}

test('the hero rotates every 6 s, and its pause toggle stops it', async ({ page }) => {
  await stoppedClock(page);
  await page.goto('/');
  const show = heroShow(page);
  await expect(show.getByRole('group', { name: '1 of 8' })).toBeVisible();
  await waitUntilHydrated(show.getByRole('button', { name: 'Pause slideshow' }));
  await page.clock.runFor(5_500);
  await expect(show.getByRole('group', { name: '1 of 8' })).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(show.getByRole('group', { name: '2 of 8' })).toBeVisible();

  await show.getByRole('button', { name: 'Pause slideshow' }).click();
  await expect(show.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.clock.runFor(20_000);
  await expect(show.getByRole('group', { name: '2 of 8' })).toBeVisible();

  await show.getByRole('button', { name: 'Play slideshow' }).click();
  await page.clock.runFor(6_500);
  await expect(show.getByRole('group', { name: '3 of 8' })).toBeVisible();
});

test('the focus section has its own slideshow, rotating every 4 s', async ({ page }) => {
  await stoppedClock(page);
  await page.goto('/');
  const show = page.getByRole('region', { name: 'Our focus areas in pictures' });
  await expect(show.getByRole('group', { name: '1 of 3' })).toBeAttached();
  await waitUntilHydrated(show.getByRole('group', { name: '1 of 3' }));
  await page.clock.runFor(3_500);
  await expect(show.getByRole('group', { name: '1 of 3' })).toBeAttached();
  await page.clock.runFor(1_000);
  await expect(show.getByRole('group', { name: '2 of 3' })).toBeAttached();
});

test('the scroll-down button moves to the focus-areas section', async ({ page }) => {
  await page.goto('/');
  const focus = page.getByRole('region', { name: 'Our Focus Areas', exact: true });
  await expect(focus).not.toBeInViewport();
  await page.getByRole('button', { name: 'See our focus areas' }).click();
  await expect(focus).toBeFocused();
  await expect(focus.getByRole('heading', { level: 2, name: 'Our Focus Areas' })).toBeInViewport();
});

test("featured campaigns show up to 6 cards in INR and 'View All Campaigns' leads to /campaigns", async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Featured Campaigns' });
  // One h3 per card: the campaign's title.
  const cards = section.getByRole('heading', { level: 3 });
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(1);
  expect(count).toBeLessThanOrEqual(6);
  await expect(section).toContainText('₹');
  const viewAll = section.getByRole('link', { name: 'View All Campaigns' });
  await expect(viewAll).toHaveAttribute('href', '/campaigns');
  await viewAll.click();
  await expect(page).toHaveURL(/\/campaigns$/);
});

test('the pictures load: AVIF for the hero, preloaded, with their size reserved', async ({ page }) => {
  await page.goto('/');
  const first = heroShow(page).getByRole('group', { name: '1 of 8' }).getByRole('img');
  await expect(first).toHaveAttribute('alt', /^Illustration: /);
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/images\/generated\/hero-learning-\d+\.avif$/);
  await expect(page.locator('head link[rel="preload"][as="image"][imagesrcset*="hero-learning-960.avif"]')).toHaveCount(1);

  // Every picture on the page, once scrolled into view, has loaded (none is a broken link).
  await page.getByRole('region', { name: 'Our Focus Areas', exact: true }).scrollIntoViewIfNeeded();
  const focusImage = page.getByRole('region', { name: 'Our focus areas in pictures' }).getByRole('img');
  await expect.poll(() => focusImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const images = await page.locator('.cs-slideshow img').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({ src: img.currentSrc || img.src, loaded: img.complete ? img.naturalWidth : -1 })),
  );
  for (const image of images) expect(image.loaded, image.src).not.toBe(0);

  // Each generated file the srcsets list exists.
  const urls = await page.locator('.cs-slideshow source, .cs-slideshow img').evaluateAll((nodes) =>
    nodes.flatMap((node) => (node.getAttribute('srcset') ?? '').split(',').map((entry) => entry.trim().split(' ')[0] ?? '')),
  );
  for (const url of new Set(urls.filter(Boolean))) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-type'], url).toMatch(/^image\/(avif|webp)/);
  }
});

test('the page does not shift while it loads', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThan(0.02);
});

test('below 768px the hero shows the short captions', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const slide = heroShow(page).getByRole('group', { name: '1 of 8' });
  await expect(slide.getByText('Learning together', { exact: true })).toBeVisible();
  await expect(slide.getByText('Children learning together with a volunteer tutor, one open book at a time')).toBeHidden();
});
