import { expect, test, type Page } from '@playwright/test';
import { isHydrated } from './support/hydration';

// A prerendered page paints from its HTML and starts its scripts only after that first paint (apps/site/src/boot,
// decision 009). What a visitor does in between must not be lost: the boot script holds clicks and submits back and
// replays them, with what was typed, once the page is live. Here the site's entry script is held back on purpose, so
// every action below happens on the inert page, as on a slow phone.

/** Holds the site's entry script until `release()`; `requested` resolves when the boot script has asked for it. */
async function holdEntryScript(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markRequested!: () => void;
  const requested = new Promise<void>((resolve) => {
    markRequested = resolve;
  });
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { release, requested };
}

test('a click on the donate wizard before the page is live takes effect once it is', async ({ page }) => {
  const entry = await holdEntryScript(page);
  await page.goto('/donate');
  await entry.requested;
  const wizard = page.getByRole('region', { name: /^Step \d of 4:/ });
  const continueButton = wizard.getByRole('button', { name: 'Continue', exact: true });
  await continueButton.click();
  // Nothing can have happened yet: the page has no script, and the form was not sent the old way.
  expect(await isHydrated(continueButton)).toBe(false);
  await expect(wizard.getByRole('heading', { level: 3 })).toHaveText('Step 1 of 4: Choose Amount');

  entry.release();
  await expect(wizard.getByRole('heading', { level: 3 })).toHaveText('Step 2 of 4: Your Details');
  await expect(wizard.getByRole('textbox', { name: 'Full Name', exact: true })).toBeVisible();
  expect(await isHydrated(wizard.getByRole('textbox', { name: 'Full Name', exact: true }))).toBe(true);
  await expect(page).toHaveURL(/\/donate$/);
});

test('what is typed into the contact form before the page is live reaches the form, and a held submit checks it', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contact') posts.push(request.url());
  });
  const entry = await holdEntryScript(page);
  await page.goto('/contact');
  await entry.requested;
  const main = page.getByRole('main');
  const name = main.getByRole('textbox', { name: 'Name' });
  const email = main.getByRole('textbox', { name: 'Email' });
  const message = main.getByRole('textbox', { name: 'Message' });
  await name.fill('Asha Rao');
  await message.fill('Typed before the page was live.');
  await main.getByRole('button', { name: 'Send Message' }).click();
  expect(await isHydrated(name)).toBe(false);

  entry.release();
  // The held submit ran after hydration with what was typed: only the empty required field is reported.
  await expect(email).toHaveAccessibleDescription('Email is required');
  await expect(name).toHaveValue('Asha Rao');
  await expect(name).not.toHaveAccessibleDescription('Name is required');
  await expect(message).toHaveValue('Typed before the page was live.');
  await expect(message).not.toHaveAccessibleDescription('Message is required');
  await expect(main.getByText('Name is required')).toHaveCount(0);
  await expect(page).toHaveURL(/\/contact$/);
  expect(posts).toEqual([]);
});

test('a link followed before the page is live opens its page (links need no script)', async ({ page }) => {
  const entry = await holdEntryScript(page);
  await page.goto('/');
  await entry.requested;
  await page.getByRole('banner').getByRole('link', { name: 'Events', exact: true }).first().click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Events' })).toBeVisible();
  entry.release();
});
