import { TEST_CARDS } from '@charity/domain';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';
import { expectVisibleFocus, tabTo, walkTabStops } from './support/keyboard';
import { recordToasts, signInByApi } from './support/session';

// Accessibility: keyboard only. Every move is page.keyboard — Tab, Shift+Tab, Enter, Space, arrows and
// typed characters — never a click or a fill on an element; page.goto stands for typing an address. After every Tab
// the focused element must show a focus ring (support/keyboard.ts), so "focus is always visible" is checked on
// every control a keyboard user passes on the way, not just on the ones they use.

const expect = baseExpect.configure({ timeout: 15_000 });

const THANK_YOU = 'Thank you! Your donation has been completed and saved successfully.';

/** Tabs to a text field named `name` inside `scope` and types `text` into it. */
async function typeInto(page: Page, name: string, text: string) {
  const field = page.getByRole('textbox', { name, exact: true });
  await tabTo(page, field, { label: name });
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

test('keyboard only: a sandbox donation from /donate to the thank-you message, focus visible at every Tab', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/donate');
  const wizard = page.getByRole('region', { name: /^Step \d of 4:/ });
  const heading = wizard.getByRole('heading', { level: 3 });
  await expect(heading).toHaveText('Step 1 of 4: Choose Amount');
  await expect(wizard.getByRole('radio', { name: '₹1,000', exact: true })).toBeChecked();

  // Step 1: from the top of the page, through the header and the donate page's sections, to the amount; the arrow
  // keys move within the amount radio group (one Tab stop) from ₹1,000 to the next amount and back.
  const thousand = wizard.getByRole('radio', { name: '₹1,000', exact: true });
  await tabTo(page, thousand, { max: 120, label: '₹1,000' });
  await page.keyboard.press('ArrowRight');
  await expect(thousand).not.toBeChecked();
  await expectVisibleFocus(page, 'ArrowRight in the amounts');
  await page.keyboard.press('ArrowLeft');
  await expect(thousand).toBeChecked();
  await expect(thousand).toBeFocused();
  await tabTo(page, wizard.getByRole('button', { name: 'Continue', exact: true }), { label: 'Continue' });
  await page.keyboard.press('Enter');
  await expect(heading).toHaveText('Step 2 of 4: Your Details');
  await expect(heading).toBeFocused();

  // Step 2: the donor's details; the State list opens with Enter, finds Karnataka by typing, and Enter chooses it.
  await typeInto(page, 'Full Name', 'Lakshmi Nair');
  await typeInto(page, 'Email Address', `lakshmi.nair.${Date.now()}@example.org`);
  await typeInto(page, 'Mobile Number', '98450 12345');
  await typeInto(page, 'Address', '7 MG Road, Shanthala Nagar');
  const state = wizard.getByRole('combobox', { name: 'State', exact: true });
  await tabTo(page, state, { label: 'State' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.type('Karnataka');
  await expect(page.getByRole('option', { name: 'Karnataka', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(state).toHaveText('Karnataka');
  await expect(state).toBeFocused();
  await expectVisibleFocus(page, 'State after choosing');
  await typeInto(page, 'City', 'Bengaluru');
  await typeInto(page, 'PIN Code', '560001');
  await tabTo(page, wizard.getByRole('button', { name: 'Continue', exact: true }), { label: 'Continue' });
  await page.keyboard.press('Enter');
  await expect(heading).toHaveText('Step 3 of 4: Review Your Donation');
  await expect(wizard).toContainText('Lakshmi Nair');

  // Step 3: review, then on to payment.
  await tabTo(page, wizard.getByRole('button', { name: 'Proceed to Payment', exact: true }), { label: 'Proceed to Payment' });
  await page.keyboard.press('Enter');
  await expect(heading).toHaveText('Step 4 of 4: Payment');

  // Step 4: the sandbox card form takes the test card as typed; Space ticks the consent box; Enter pays.
  await typeInto(page, 'Card number', TEST_CARDS.visa.spaced);
  await typeInto(page, 'Expiration date', '12 / 34');
  await typeInto(page, 'CVC', '123');
  const consent = wizard.getByRole('checkbox', { name: /I agree to the terms and conditions/ });
  await tabTo(page, consent, { label: 'consent' });
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  const pay = wizard.getByRole('button', { name: 'Donate ₹1,000', exact: true });
  await expect(pay).toBeEnabled();
  await tabTo(page, pay, { label: 'Donate ₹1,000' });
  const toasts = await recordToasts(page);
  await page.keyboard.press('Enter');
  await expect(wizard.getByText(THANK_YOU)).toBeVisible();
  await expect(wizard.getByText(THANK_YOU)).toBeFocused();
  await expect.poll(toasts).toContain('Payment completed and donation saved successfully!');
});

test('keyboard only: an admin signs in, edits an event title in its modal and sees the toast and the new title', async ({ page, request }) => {
  test.setTimeout(90_000);
  // An event of this test's own (through the API), so no other test's event or the seed changes under them.
  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const auth = { Authorization: `Bearer ${token}` };
  const stamp = Date.now();
  const title = `Keyboard story hour ${stamp}`;
  const renamed = `Keyboard story hour, renamed ${stamp}`;
  const created = await request.post('/api/events', {
    headers: auth,
    data: { title, description: 'Stories read aloud for the youngest children.', status: 'upcoming', location: 'Community Library' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { data: { event: { id: number } } }).data.event.id;

  try {
    // Sign in: Tab to Username, type; Tab to Password, type; Enter submits.
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await typeInto(page, 'Username', E2E_ADMIN.username);
    const password = page.getByLabel('Password', { exact: true });
    await tabTo(page, password, { label: 'Password' });
    await page.keyboard.type(E2E_ADMIN.password);
    const toasts = await recordToasts(page);
    await page.keyboard.press('Enter');
    await expect.poll(toasts).toContain('Login successful!');
    await expect(page).toHaveURL(/\/admin\/events$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Events Management' })).toBeVisible();

    // The event's Edit button, reached by Tab through the admin header and the event cards before it.
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card).toBeVisible();
    await tabTo(page, card.getByRole('button', { name: `Edit ${title}` }), { max: 250, label: `Edit ${title}` });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Event' });
    await expect(dialog).toBeVisible();

    // In the modal: the title field, its text replaced; Tab to Update Event and Enter.
    const titleField = dialog.getByRole('textbox', { name: /Event Title/ });
    await expect(titleField).toHaveValue(title);
    await tabTo(page, titleField, { max: 20, label: 'Event Title' });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(renamed);
    await expect(titleField).toHaveValue(renamed);
    await tabTo(page, dialog.getByRole('button', { name: 'Update Event' }), { max: 30, label: 'Update Event' });
    await page.keyboard.press('Enter');
    await expect.poll(toasts).toContain('Event updated successfully');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
    await expect(page.getByRole('heading', { name: title, exact: true })).toHaveCount(0);
    // Focus is not lost to the page's top after the dialog closes: the next Tab still lands on a ringed control.
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, 'Tab after the dialog closed');
  } finally {
    await request.delete(`/api/events/${eventId}`, { headers: auth });
  }
});

// Every Tab stop of every page, from the top until focus leaves the page: each one shows a ring and is not hidden
// under the sticky header (WCAG 2.2 "Focus Not Obscured"). At 375 px the menu drawer is walked open as well. The public
// pages and the admin pages are two tests per width, so the two Playwright workers share the walks (decision 038).
for (const width of [375, 1280]) {
  const walker = (page: Page) => {
    const problems: string[] = [];
    let total = 0;
    return {
      problems,
      total: () => total,
      async walk(path: string, heading?: string) {
        await page.goto(path);
        await expect(heading ? page.getByRole('heading', { level: 1, name: heading }) : page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
        const result = await walkTabStops(page, `${width}px ${path}`);
        problems.push(...result.problems);
        total += result.stops;
      },
    };
  };
  const prepare = async (page: Page) => {
    await page.setViewportSize({ width, height: 800 });
    // The site scrolls smoothly unless the visitor asks for less motion; a smooth scroll is still on its way when
    // the next Tab is judged, so the walk asks for reduced motion: focus then lands where the scroll ends at once
    // (the same place, scroll-padding included) and "hidden" means hidden, not "not there yet".
    await page.emulateMedia({ reducedMotion: 'reduce' });
  };

  test(`keyboard only: every Tab stop on every public page shows its focus and is not hidden, at ${width}px`, async ({ page }) => {
    test.setTimeout(120_000);
    await prepare(page);
    const pages = walker(page);
    for (const path of ['/', '/about', '/campaigns', '/events', '/donate', '/contact', '/no/such/page', '/login']) await pages.walk(path);
    if (width < 768) {
      await page.goto('/');
      const menu = page.getByRole('button', { name: /menu/i });
      await tabTo(page, menu, { label: 'menu' });
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      const result = await walkTabStops(page, `${width}px / menu open`, 12);
      pages.problems.push(...result.problems);
    }
    expect(pages.problems).toEqual([]);
    // The walk really went through the pages (a broken walk that stops at once would prove nothing).
    expect(pages.total()).toBeGreaterThan(60);
  });

  test(`keyboard only: every Tab stop on every admin page shows its focus and is not hidden, at ${width}px`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await prepare(page);
    await signInByApi(page, request);
    const pages = walker(page);
    for (const [path, heading] of [
      ['/admin', 'Dashboard'],
      ['/admin/campaigns', 'Campaigns Management'],
      ['/admin/events', 'Events Management'],
      ['/admin/donations', 'Donations'],
      ['/admin/messages', 'Messages'],
    ] as const) {
      await pages.walk(path, heading);
    }
    expect(pages.problems).toEqual([]);
    expect(pages.total()).toBeGreaterThan(30);
  });
}
