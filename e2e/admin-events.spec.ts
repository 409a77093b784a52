import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './playwright.config';

// The admin's events screen end to end: sign in, create, edit, upload two photos, delete one, see the event and its
// photos on /events with the lightbox, delete the event, sign out — through the real UI, API, database and image
// pipeline.

async function photo(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } }).jpeg().toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function signIn(page: Page) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events$/);
}

test('a wrong password shows the banner and keeps the visitor on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an admin creates, edits, illustrates and deletes an event, and visitors see it on /events', async ({ page }) => {
  test.setTimeout(90_000);
  const title = `Riverside reading camp ${Date.now()}`;
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Events Management' })).toBeVisible();

  // Create (the button stays disabled until title and description are filled).
  await page.getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Event' });
  await expect(dialog.getByRole('button', { name: 'Create Event' })).toBeDisabled();
  await dialog.getByLabel(/Event Title/).fill(title);
  await dialog.getByLabel(/Description/).fill('Three days of stories, songs and new books for 60 children.');
  await dialog.getByLabel('Location').fill('Riverside Community Hall');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card).toBeVisible();

  // Edit: mark it completed so the public page (completed events) shows it.
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await edit.getByLabel('Impact').fill('60 children took home three books each.');
  await edit.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await edit.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await expect(card.getByText('60 children took home three books each.')).toBeVisible();

  // Upload two photos at once, then delete one.
  await card.locator('input[type="file"]').setInputFiles([await photo('one.jpg', '#e07a5f'), await photo('two.jpg', '#3d405b')]);
  await expect(page.getByText('Images uploaded successfully')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Event Images (2)' })).toBeVisible();
  await card.getByRole('button', { name: `Delete image 1 of 2 from ${title}` }).click();
  await expect(page.getByText('Are you sure you want to delete this image?')).toBeVisible();
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Image deleted successfully')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Event Images (1)' })).toBeVisible();

  // The public page shows it with its photo, in the lightbox.
  const visitor = await page.context().newPage();
  await visitor.goto('/events');
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText('Events');
  const pick = visitor.getByRole('button', { name: title });
  const shown = visitor.getByRole('heading', { name: title });
  // The events arrive after the page's own heading: wait for this one in the picker (or already shown), then choose it.
  await expect(pick.or(shown).first()).toBeVisible();
  if ((await pick.count()) && (await pick.getAttribute('aria-pressed')) !== 'true') await pick.click();
  await expect(shown).toBeVisible();
  await expect(visitor.getByText('1 photo from this event')).toBeVisible();
  await visitor.getByRole('button', { name: /Photo 1 of 1/ }).click();
  const viewer = visitor.getByRole('dialog');
  await expect(viewer.getByText('1 of 1')).toBeVisible();
  await visitor.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await visitor.close();

  // Delete the event, then sign out.
  await card.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(page.getByText('Are you sure you want to delete this event? This will also delete all associated images.')).toBeVisible();
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Event deleted successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('admin_token'), localStorage.getItem('admin_user')])).toEqual([null, null]);
});
