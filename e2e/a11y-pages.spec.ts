import { TEST_CARDS } from '@charity/domain';
import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { donateByApi } from './support/donations';
import { signInByApi } from './support/session';

// Accessibility: axe (WCAG 2.0/2.1/2.2 A and AA plus best practices, every impact) finds nothing on every
// page of the site (apps/site/src/app/router.tsx) and on the states a visitor or admin meets there — the mobile menu
// open, the gallery's lightbox open, each step of the donation wizard and its errors, the thank-you screen, the
// contact form and the login form with their errors, the 404 page, the embedded donate page, every admin screen and
// each of their dialogs — at 375 px and at 1280 px, signed out and signed in. One scan per state; the violations of
// a whole test are collected and compared with [] once, so one run names every broken page, not just the first.

const expect = baseExpect.configure({ timeout: 15_000 });

const WIDTHS = [375, 1280] as const;
/** The wizard's region (DonationFormSection's id): what changes from step to step. */
const WIZARD = '#start-your-donation';
const THANK_YOU = 'Thank you! Your donation has been completed and saved successfully.';

type Scan = (where: string, include?: string) => Promise<void>;

/** Every public route of the router, a filtered campaign list, and an unknown path (the 404 page). */
const PUBLIC_PATHS = ['/', '/about', '/campaigns', '/campaigns?status=completed', '/donate', '/contact', '/no/such/page'] as const;

/** A scanner that records every violation with the state it was found in. */
function scanner(page: Page, found: string[], prefix: string): Scan {
  return async (where, include) => {
    found.push(...(await axeViolations(page, `${prefix} ${where}`, include)));
  };
}

/** Waits for the page's data: its h1 shown, no request in flight, no loading spinner or skeleton left. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('.cs-skeleton')).toHaveCount(0);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
}

async function chooseOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** The public pages and their interactive states (everything but /donate's wizard, which has its own test). */
async function scanPublicPages(page: Page, width: number, scan: Scan) {
  for (const path of PUBLIC_PATHS) {
    await visit(page, path);
    await scan(path);
  }

  if (width < 768) {
    // The menu drawer, open, on a small screen.
    await visit(page, '/');
    const menu = page.getByRole('button', { name: /menu/i });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await scan('/ with the menu open');
  }

  // /events with a completed event's gallery, then its lightbox open on the first photo.
  await visit(page, '/events');
  await expect(page.getByText(/\d+ photos? from this event/)).toBeVisible();
  await scan('/events');
  await page.getByRole('button', { name: /^Photo 1 of \d+/ }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByText(/^1 of \d+$/)).toBeVisible();
  await expect(viewer.locator('img')).toHaveJSProperty('complete', true);
  await scan('/events with the lightbox open');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // /contact with every required-field error shown.
  await visit(page, '/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await scan('/contact with errors');

  // The donate page partners embed (widget.js frames it).
  await visit(page, '/embed/donate?currency=INR&amounts=500,1000,2500');
  await scan('/embed/donate');

  // /login, empty-submitted (the form's own errors), then refused by the server (its banner). The refusal is
  // simulated so the test never counts a failed sign-in against the shared login throttle.
  await visit(page, '/login');
  await scan('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await scan('/login with errors');
  await page.route('**/api/auth/login', (route) => route.fulfill({ status: 401, json: { success: false, message: 'Invalid credentials' } }));
  await page.getByLabel('Username').fill('someone');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  await scan('/login refused');
  await page.unroute('**/api/auth/login');
}

/**
 * /donate's wizard: each step, the details step with its errors, the payment step and the thank-you screen. The
 * whole page is scanned at the first step and at the thank-you screen (with its toast); in between only the wizard
 * changes, so only the wizard is scanned.
 */
async function scanDonationWizard(page: Page, scan: Scan) {
  await visit(page, '/donate');
  const wizard = page.getByRole('region', { name: /^Step \d of 4:/ });
  const heading = wizard.getByRole('heading', { level: 3 });
  await expect(heading).toHaveText('Step 1 of 4: Choose Amount');
  await scan('/donate step 1');
  await chooseOption(page, wizard.getByRole('combobox', { name: 'Country', exact: true }), 'India (INR)');
  await wizard.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(heading).toHaveText('Step 2 of 4: Your Details');
  await scan('/donate step 2', WIZARD);
  await wizard.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(wizard.getByRole('alert').filter({ hasText: 'Please fill all required fields correctly' })).toBeVisible();
  await scan('/donate step 2 with errors', WIZARD);
  await wizard.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Asha Rao');
  await wizard.getByRole('textbox', { name: 'Email Address', exact: true }).fill('asha.rao@example.org');
  await wizard.getByRole('textbox', { name: 'Mobile Number', exact: true }).fill('98450 12345');
  await wizard.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Indiranagar 100 Feet Road');
  await chooseOption(page, wizard.getByRole('combobox', { name: 'State', exact: true }), 'Karnataka');
  await wizard.getByRole('textbox', { name: 'City', exact: true }).fill('Bengaluru');
  await wizard.getByRole('textbox', { name: 'PIN Code', exact: true }).fill('560038');
  await wizard.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(heading).toHaveText('Step 3 of 4: Review Your Donation');
  await scan('/donate step 3', WIZARD);
  await wizard.getByRole('button', { name: 'Proceed to Payment', exact: true }).click();
  await expect(heading).toHaveText('Step 4 of 4: Payment');
  await expect(wizard.getByRole('textbox', { name: 'Card number', exact: true })).toBeVisible();
  await scan('/donate step 4', WIZARD);
  await wizard.getByRole('textbox', { name: 'Card number', exact: true }).fill(TEST_CARDS.visa.spaced);
  await wizard.getByRole('textbox', { name: 'Expiration date', exact: true }).fill('12 / 34');
  await wizard.getByRole('textbox', { name: 'CVC', exact: true }).fill('123');
  await wizard.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
  await wizard.getByRole('button', { name: 'Donate ₹1,000', exact: true }).click();
  await expect(wizard.getByText(THANK_YOU)).toBeVisible();
  await scan('/donate thank-you');
}

for (const width of WIDTHS) {
  test(`axe: no violations on the public pages and their states at ${width}px, signed out`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const found: string[] = [];
    await scanPublicPages(page, width, scanner(page, found, `${width}px signed out`));
    expect(found).toEqual([]);
  });

  test(`axe: no violations on each step of the donation wizard at ${width}px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const found: string[] = [];
    await scanDonationWizard(page, scanner(page, found, `${width}px`));
    expect(found).toEqual([]);
  });

  // Signed in, the public pages keep the same header and content (the session only opens /admin): each route is
  // scanned once more in that state, without repeating every interactive state above.
  test(`axe: no violations on the public pages at ${width}px, signed in`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signInByApi(page, request);
    const found: string[] = [];
    const scan = scanner(page, found, `${width}px signed in`);
    for (const path of [...PUBLIC_PATHS, '/events', '/embed/donate']) {
      await visit(page, path);
      await scan(path);
    }
    // /login is for guests: a signed-in visitor is taken to the admin console instead.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/admin\/events$/);
    expect(found).toEqual([]);
  });
}

/** One contact message, so the messages screen has one to open. */
async function messageByApi(request: APIRequestContext) {
  const sent = await request.post('/api/contact', {
    data: { name: 'Ravi Kumar', email: 'ravi.kumar@example.org', phone: '', subject: 'volunteer', message: 'May I volunteer at the reading club?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

async function adminScreen(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Opens a dialog with `open`, scans it, and closes it with Escape. */
async function scanDialog(page: Page, scan: Scan, where: string, open: () => Promise<void>, name: string | RegExp) {
  await open();
  const dialog = page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));
  await expect(dialog).toBeVisible();
  await page.waitForLoadState('networkidle');
  await scan(where);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const width of WIDTHS) {
  test(`axe: no violations on every admin screen and dialog at ${width}px`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await Promise.all([donateByApi(request, undefined, { receipt: false }), messageByApi(request)]);
    await signInByApi(page, request);
    const found: string[] = [];
    const scan = scanner(page, found, `${width}px`);

    await adminScreen(page, '/admin', 'Dashboard');
    await scan('/admin');

    await adminScreen(page, '/admin/campaigns', 'Campaigns Management');
    await scan('/admin/campaigns');
    await scanDialog(page, scan, '/admin/campaigns Add', () => page.getByRole('button', { name: 'Add Campaign' }).click(), 'Add New Campaign');
    const editCampaign = page.getByRole('button', { name: /^Edit / }).first();
    await scanDialog(page, scan, '/admin/campaigns Edit', () => editCampaign.click(), 'Edit Campaign');
    const deleteCampaign = page.getByRole('button', { name: /^Delete / }).first();
    await scanDialog(page, scan, '/admin/campaigns Delete', () => deleteCampaign.click(), /Delete|Are you sure/);

    await adminScreen(page, '/admin/events', 'Events Management');
    await scan('/admin/events');
    await scanDialog(page, scan, '/admin/events Add', () => page.getByRole('button', { name: 'Add Event' }).click(), 'Add New Event');
    await scanDialog(page, scan, '/admin/events Edit', () => page.getByRole('button', { name: /^Edit / }).first().click(), 'Edit Event');
    await scanDialog(page, scan, '/admin/events Delete', () => page.getByRole('button', { name: /^Delete (?!image)/ }).first().click(), /Delete|Are you sure/);

    await adminScreen(page, '/admin/donations', 'Donations');
    await scan('/admin/donations');
    await scanDialog(
      page,
      scan,
      '/admin/donations detail',
      () => page.getByRole('button', { name: /^View donation \d+$/ }).first().click(),
      /^Donation #\d+$/,
    );

    await adminScreen(page, '/admin/messages', 'Messages');
    await scan('/admin/messages');
    await page.getByRole('tabpanel').getByRole('button').filter({ hasText: 'Ravi Kumar' }).first().click();
    await expect(page.getByRole('heading', { name: 'Message from Ravi Kumar' })).toBeFocused();
    await scan('/admin/messages with a message open');

    expect(found).toEqual([]);
  });
}
