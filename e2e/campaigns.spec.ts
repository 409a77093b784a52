import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// /campaigns against the built product with its seeded demo campaigns (every status, some featured).
// Expected lists come from the API itself, so the tests follow the seed rather than copying it.

type ApiCampaign = { id: number; title: string; is_featured: boolean };

async function apiTitles(request: APIRequestContext, query: string): Promise<ApiCampaign[]> {
  const response = await request.get(`/api/campaigns?limit=50&${query}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { campaigns: ApiCampaign[] }; meta: { total: number } };
  expect(body.meta.total).toBeLessThanOrEqual(50);
  return body.data.campaigns;
}

const cards = (page: Page) => page.getByRole('article');
const cardTitles = (page: Page) => page.locator('article h2').allTextContents();

async function choose(page: Page, filter: 'Status' | 'Featured', option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectList(page: Page, expected: ApiCampaign[]) {
  await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toHaveText(
    `Showing ${expected.length} of ${expected.length} ${expected.length === 1 ? 'campaign' : 'campaigns'}`,
  );
  expect((await cardTitles(page)).sort()).toEqual(expected.map((c) => c.title).sort());
}

test('by default only active campaigns are listed, each with its days left, and all fit on one page', async ({
  page,
  request,
}) => {
  const active = await apiTitles(request, 'status=active');
  expect(active.length).toBeGreaterThan(0);
  expect(active.length).toBeLessThanOrEqual(9);

  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await expect(page).toHaveTitle(/^Campaigns \| /);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Active');
  await expect(page.getByRole('combobox', { name: 'Featured' })).toHaveText('All');
  await expectList(page, active);

  for (const card of await cards(page).all()) {
    await expect(card).not.toContainText('Campaign ended');
    await expect(card).toContainText(/\d+ days? left/);
    await expect(card).toContainText(/\d+% funded/);
    await expect(card).toContainText('₹');
  }
  // Everything fits on one page of 9: no Load More.
  await expect(page.getByRole('button', { name: 'Load More Campaigns' })).toHaveCount(0);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
});

test('status Completed lists the completed campaigns, keeps it in the address, and Back restores the default', async ({
  page,
  request,
}) => {
  const [active, completed] = await Promise.all([apiTitles(request, 'status=active'), apiTitles(request, 'status=completed')]);
  expect(completed.length).toBeGreaterThan(0);

  await page.goto('/campaigns');
  await expectList(page, active);
  await choose(page, 'Status', 'Completed');
  await expect(page).toHaveURL(/\/campaigns\?status=completed$/);
  await expectList(page, completed);
  for (const card of await cards(page).all()) {
    await expect(card).toContainText('Completed');
    // 'Campaign ended' at zero days left (spec §2), 'Campaign completed' for one completed before its end date; either
    // way the card offers the general fund, not a gift to a campaign that takes none (issue 19).
    await expect(card).toContainText(/Campaign (ended|completed)/);
    await expect(card.getByRole('link', { name: 'Donate to the general fund' })).toHaveAttribute('href', '/donate');
  }

  await page.goBack();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Active');
  await expectList(page, active);
  await page.goForward();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Completed');
  await expectList(page, completed);
});

test('search narrows the list, ignoring case, with the Search button or Enter', async ({ page, request }) => {
  const [active, water] = await Promise.all([apiTitles(request, 'status=active'), apiTitles(request, 'status=active&search=water')]);
  expect(water.length).toBeGreaterThan(0);
  expect(water.length).toBeLessThan(active.length);

  await page.goto('/campaigns');
  await expectList(page, active);
  const box = page.getByRole('searchbox', { name: 'Search campaigns' });
  await box.fill('WATER');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\?q=WATER$/);
  await expectList(page, water);

  await box.fill('');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/campaigns$/);
  await expectList(page, active);
});

test('Featured only lists featured campaigns of every status when status is All', async ({ page, request }) => {
  const featured = await apiTitles(request, 'status=all&featured=true');
  expect(featured.length).toBeGreaterThan(0);

  await page.goto('/campaigns');
  await choose(page, 'Status', 'All');
  await choose(page, 'Featured', 'Featured only');
  await expect(page).toHaveURL(/\?status=all&featured=true$/);
  await expectList(page, featured);
  for (const card of await cards(page).all()) await expect(card.getByText('Featured', { exact: true })).toBeVisible();

  await choose(page, 'Featured', 'Regular only');
  await expect(page).toHaveURL(/\?status=all&featured=false$/);
  await expectList(page, await apiTitles(request, 'status=all&featured=false'));
  await expect(page.locator('article').getByText('Featured', { exact: true })).toHaveCount(0);
});

test("a search with no match shows 'No Campaigns Found'; Clear Filters brings the default list back", async ({
  page,
  request,
}) => {
  const active = await apiTitles(request, 'status=active');
  await page.goto('/campaigns?status=completed');
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('zzzz-nothing');
  await page.getByRole('searchbox', { name: 'Search campaigns' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'No Campaigns Found' })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Make General Donation' })).toHaveAttribute('href', '/donate');

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('searchbox', { name: 'Search campaigns' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Active');
  await expectList(page, active);
});

test("'Make General Donation' goes to /donate", async ({ page }) => {
  await page.goto('/campaigns?q=zzzz-nothing');
  await page.getByRole('link', { name: 'Make General Donation' }).click();
  await expect(page).toHaveURL(/\/donate$/);
});

test("a card's Donate Now goes to /donate?campaign={id}", async ({ page, request }) => {
  const [first] = await apiTitles(request, 'status=active');
  await page.goto('/campaigns');
  const card = page.getByRole('article', { name: first!.title });
  const donate = card.getByRole('link', { name: /^Donate Now/ });
  await expect(donate).toHaveAttribute('href', `/donate?campaign=${first!.id}`);
  await donate.click();
  await expect(page).toHaveURL(new RegExp(`/donate\\?campaign=${first!.id}$`));
});

test('a link with filters shows that list, and a reload keeps it', async ({ page, request }) => {
  const expected = await apiTitles(request, 'status=completed&featured=true&search=winter');
  expect(expected.length).toBeGreaterThan(0);

  await page.goto('/campaigns?status=completed&featured=true&q=winter');
  for (let visit = 0; visit < 2; visit += 1) {
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Completed');
    await expect(page.getByRole('combobox', { name: 'Featured' })).toHaveText('Featured only');
    await expect(page.getByRole('searchbox', { name: 'Search campaigns' })).toHaveValue('winter');
    await expectList(page, expected);
    if (visit === 0) await page.reload();
  }
});

test("a failed load shows one 'Failed to load campaigns' toast and an empty list with Try Again", async ({ page }) => {
  let fail = true;
  await page.route('**/api/campaigns?**', (route) =>
    fail ? route.fulfill({ status: 500, json: { success: false, message: 'Internal server error' } }) : route.fallback(),
  );
  // With a query the page asks the API itself (the bare address arrives with its first page in the HTML).
  await page.goto('/campaigns?status=active');
  // Read calls are retried twice (1 s, then 2 s) before the failure is reported.
  await expect(page.getByText('Failed to load campaigns').first()).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
  await expect(page.locator('[data-sonner-toast]')).toHaveText('Failed to load campaigns');
  await expect(cards(page)).toHaveCount(0);

  fail = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(cards(page).first()).toBeVisible();
});

test('Load More appends the next page until the last one (page size cut to 2 on the wire to page through the seed)', async ({
  page,
  request,
}) => {
  const active = await apiTitles(request, 'status=active');
  expect(active.length).toBeGreaterThan(2);
  // The seed holds fewer than 10 campaigns per status; the real API pages them 2 at a time instead of 9.
  const pagesAsked: string[] = [];
  await page.route('**/api/campaigns?**', (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', '2');
    pagesAsked.push(url.searchParams.get('page') ?? '');
    return route.continue({ url: url.toString() });
  });

  // With a query the page asks the API itself (the bare address arrives with its first page in the HTML).
  await page.goto('/campaigns?status=active');
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByText(`Showing 2 of ${active.length} campaigns`)).toBeVisible();
  const loadMore = page.getByRole('button', { name: 'Load More Campaigns' });
  const firstTwo = await cardTitles(page);

  for (let shown = 2; shown < active.length; shown += 2) {
    await loadMore.click();
    await expect(cards(page)).toHaveCount(Math.min(shown + 2, active.length));
  }
  await expect(page.getByText(`Showing ${active.length} of ${active.length} campaigns`)).toBeVisible();
  await expect(loadMore).toHaveCount(0);
  const titles = await cardTitles(page);
  // Appended, not replaced: the first page is still first, and every active campaign is there once.
  expect(titles.slice(0, 2)).toEqual(firstTwo);
  expect([...titles].sort()).toEqual(active.map((c) => c.title).sort());
  expect(pagesAsked).toEqual(Array.from({ length: Math.ceil(active.length / 2) }, (_, i) => String(i + 1)));
  // Focus moved to the first card of the last page appended, not lost with the vanished button.
  await expect(page.getByRole('article').nth(2 * (Math.ceil(active.length / 2) - 1))).toBeFocused();

  // A filter change starts again at page 1.
  await choose(page, 'Status', 'All');
  await expect(cards(page)).toHaveCount(2);
  expect(pagesAsked.at(-1)).toBe('1');
});
