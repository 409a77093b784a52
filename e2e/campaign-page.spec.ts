import AxeBuilder from '@axe-core/playwright';
import { TEST_CARDS } from '@charity/domain';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { waitUntilHydrated } from './support/hydration';

// A campaign's own page (issue 19): what a link preview reads from it, a donation made from it down to the receipt's
// PDF, the supporter who agreed to be named, the old address by id, cards leading to it, a completed campaign that
// offers the general fund, and /donate?campaign landing on the form.

const SLUG = 'nutritious-midday-meals';
const TITLE = 'Nutritious Midday Meals';

type ApiCampaign = { id: number; slug: string; title: string; status: string };

async function campaignBySlug(request: APIRequestContext, slug: string): Promise<ApiCampaign> {
  const response = await request.get(`/api/campaigns/slug/${slug}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { campaign: ApiCampaign } }).data.campaign;
}

/** The content of a <meta property|name="key" content="…"> in the HTML the server sent. */
function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match ? match[1]!.replace(/&amp;/g, '&') : null;
}

const wizard = (page: Page) => page.getByRole('region', { name: /^Step \d of 4:/ });

test('a link preview reads the campaign from the HTML alone: title, description, canonical, a 1200×630 image', async ({ page, request, baseURL }) => {
  const response = await request.get(`/campaigns/${SLUG}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<title>${TITLE} | Bright Beginnings Foundation</title>`);
  expect(metaContent(html, 'og:title')).toBe(TITLE);
  expect(metaContent(html, 'og:type')).toBe('website');
  expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  expect(metaContent(html, 'description')).toMatch(/raised of ₹[\d,]+ \(\d+%\)\.$/);
  expect(metaContent(html, 'og:description')).toBe(metaContent(html, 'description'));
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/campaigns/${SLUG}" />`);
  expect(metaContent(html, 'og:url')).toBe(`${baseURL}/campaigns/${SLUG}`);
  // The body is in the HTML too (rendered by the server): the page paints without its script.
  expect(html).toMatch(new RegExp(`<h1[^>]*>${TITLE}</h1>`));

  const image = metaContent(html, 'og:image')!;
  expect(image.startsWith(`${baseURL}/api/campaigns/`)).toBe(true);
  const jpeg = await request.get(image);
  expect(jpeg.status()).toBe(200);
  expect(jpeg.headers()['content-type']).toBe('image/jpeg');
  expect(metaContent(html, 'og:image:type')).toBe('image/jpeg');
  // Decoded by the browser, as a preview would: its size.
  await page.goto('/about');
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, image);
  expect(size).toEqual([1200, 630]);
});

test("a donor donates from the campaign's page, gets the receipt's PDF, and is named among supporters as agreed", async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = `supporter-${Date.now()}@example.org`;
  await page.goto(`/campaigns/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Funding progress' })).toBeVisible();
  const share = page.getByRole('link', { name: 'Share on WhatsApp' }).first();
  await expect(share).toHaveAttribute('href', new RegExp(encodeURIComponent(`/campaigns/${SLUG}`)));
  await expect(page).toHaveTitle(`${TITLE} | Bright Beginnings Foundation`);
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations).toEqual([]);

  const w = wizard(page);
  await waitUntilHydrated(w.getByRole('button', { name: 'Continue', exact: true }));
  await w.getByRole('radio', { name: '₹500', exact: true }).check();
  await w.getByRole('button', { name: 'Continue', exact: true }).click();
  await w.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Ananya Krishnan');
  await w.getByRole('textbox', { name: 'Email Address', exact: true }).fill(email);
  await w.getByRole('textbox', { name: 'Mobile Number', exact: true }).fill('98450 12345');
  await w.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Indiranagar 100 Feet Road');
  await w.getByRole('combobox', { name: 'State', exact: true }).click();
  await page.getByRole('option', { name: 'Karnataka', exact: true }).click();
  await w.getByRole('textbox', { name: 'City', exact: true }).fill('Bengaluru');
  await w.getByRole('textbox', { name: 'PIN Code', exact: true }).fill('560038');
  await w.getByRole('checkbox', { name: "Show my first name and amount among this campaign's supporters" }).check();
  await w.getByRole('button', { name: 'Continue', exact: true }).click();
  await w.getByRole('button', { name: 'Proceed to Payment', exact: true }).click();
  await w.getByRole('textbox', { name: 'Card number', exact: true }).fill(TEST_CARDS.visa.spaced);
  await w.getByRole('textbox', { name: 'Expiration date', exact: true }).fill('12 / 34');
  await w.getByRole('textbox', { name: 'CVC', exact: true }).fill('123');
  await w.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
  await w.getByRole('button', { name: 'Donate ₹500', exact: true }).click();

  await expect(w.getByText('Thank you! Your donation has been completed and saved successfully.')).toBeVisible({ timeout: 20_000 });
  await expect(w.getByText(/^Receipt number: BBF\/\d{4}-\d{2}\/\d{6}$/)).toBeVisible();
  await expect(w.getByText(`Receipt sent to ${email}`)).toBeVisible();
  const receipt = w.getByRole('link', { name: 'Download your receipt (PDF)' });
  const pdf = await request.get((await receipt.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The thank-you shares the campaign's page.
  await expect(w.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('href', new RegExp(encodeURIComponent(`/campaigns/${SLUG}`)));

  // The donor agreed: their first name (never the surname) among the recent supporters.
  await page.reload();
  const supporters = page.getByRole('region', { name: 'Recent supporters' });
  await expect(supporters.getByRole('listitem').first()).toHaveText('Ananya ₹500');
  await expect(page.getByText('Krishnan')).toHaveCount(0);
});

test('an old address by id moves to the slug; a card on /campaigns leads to the page; an unknown slug is a 404', async ({ page, request }) => {
  const campaign = await campaignBySlug(request, SLUG);
  const moved = await request.get(`/campaigns/${campaign.id}?from=old`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/campaigns/${SLUG}?from=old`);

  await page.goto('/campaigns');
  await page.getByRole('link', { name: TITLE, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${SLUG}$`));
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  expect((await request.get('/campaigns/no-such-campaign')).status()).toBe(404);
});

test('a completed campaign says so and offers the general fund instead of a form', async ({ page }) => {
  await page.goto('/campaigns/winter-blankets-and-warm-clothing');
  await expect(page.getByText('This campaign has ended and no longer takes donations.')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Step \d of 4:/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Donate to the general fund' }).click();
  await expect(page).toHaveURL(/\/donate$/);
});

test('a donation link lands on the form, the campaign named where the eye is', async ({ page, request }) => {
  const campaign = await campaignBySlug(request, SLUG);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/donate?campaign=${campaign.id}`);
  const banner = page.getByRole('region', { name: 'Start Your Donation', exact: true }).locator('.cs-selected-campaign__text');
  await expect(banner).toContainText(TITLE);
  await expect(banner).toBeInViewport();
});
