import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// The About page (spec §2): hero, mission, vision, four values, four programs, six education-approach points,
// and a call to action leading to /donate and /contact.

test.beforeEach(async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: /About/ })).toBeVisible();
});

test('shows mission, vision, the four values, the four programs and six approach points', async ({ page }) => {
  const main = page.getByRole('main');
  await expect(page).toHaveTitle(/^About \|/);
  await expect(main.getByRole('region', { name: 'Our Mission' })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Our Vision' })).toBeVisible();

  const values = main.getByRole('region', { name: 'Our Values' });
  await expect(values.getByRole('heading', { level: 3 })).toHaveText(['Compassion', 'Trust', 'Collaboration', 'Excellence']);

  const programs = main.getByRole('region', { name: 'Our Programs' });
  await expect(programs.getByRole('heading', { level: 3 })).toHaveText([
    'Healthcare Programs',
    'Education Support',
    'Safe Housing',
    'Family Support',
  ]);

  const approach = main.getByRole('region', { name: 'Our Approach to Education' });
  await expect(approach.locator('ol > li')).toHaveCount(6);
});

test('headings descend in order without skipping a level', async ({ page }) => {
  const levels = await page
    .getByRole('main')
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((nodes) => nodes.map((node) => Number(node.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  for (let i = 1; i < levels.length; i += 1) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
});

test('the call to action leads to /donate', async ({ page }) => {
  const cta = page.getByRole('region', { name: 'Help Us Give Every Child a Bright Beginning' });
  await cta.getByRole('link', { name: 'Donate Now' }).click();
  await expect(page).toHaveURL(/\/donate$/);
  await expect(page.getByRole('heading', { level: 1, name: /Donate/ })).toBeVisible();
});

test('the call to action leads to /contact', async ({ page }) => {
  const cta = page.getByRole('region', { name: 'Help Us Give Every Child a Bright Beginning' });
  await cta.getByRole('link', { name: 'Get in Touch' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: /Contact/ })).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`axe finds no violations on /about at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id} ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
