import AxeBuilder from '@axe-core/playwright';
import { TEST_CARDS } from '@charity/domain';
import { expect, test, type Locator, type Page } from '@playwright/test';

// The donation wizard on /donate against the built product, with no payment keys: the server's payment sandbox and
// the browser sandbox (plain card inputs) follow Stripe's test cards. A full INR donation reaches the thank-you
// message and a receipt; a declined card saves nothing; a US donor meets the US rules. The server allows 5 failed
// payments per 10 minutes per address, so only one test here fails a payment on purpose.

const THANK_YOU = 'Thank you! Your donation has been completed and saved successfully.';
const FAILED_BANNER = 'Payment Failed - Your donation was not saved. Please try again.';

function wizard(page: Page): Locator {
  return page.getByRole('region', { name: /^Step \d of 4:/ });
}

const heading = (page: Page) => wizard(page).getByRole('heading', { level: 3 });

/** Toasts are sonner's list items. */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * Every payment call the wizard makes, by path, with the reply. (The API client's request bodies are streams the
 * browser does not expose, so what was sent is proven by what the server answered: it computes the amount itself.)
 */
function watchPayments(page: Page) {
  const posts: { path: string; status: number; reply: unknown }[] = [];
  page.on('response', async (response) => {
    const request = response.request();
    const { pathname } = new URL(request.url());
    if (request.method() !== 'POST' || !/^\/api\/(payments|donations|invoices)\//.test(pathname)) return;
    const entry = { path: pathname, status: response.status(), reply: null as unknown };
    posts.push(entry);
    entry.reply = await response.json().catch(() => null);
  });
  return posts;
}

/** The payment intent the server's sandbox confirmed (amount in minor units, as the server computed it). */
function confirmedIntent(posts: ReturnType<typeof watchPayments>) {
  const reply = posts.find((post) => post.path === '/api/payments/sandbox/confirm')?.reply as
    | { data: { payment_intent: { status: string; amount: number; currency: string } } }
    | undefined;
  return reply?.data.payment_intent;
}

async function chooseOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

async function continueTo(page: Page, title: string) {
  await wizard(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(heading(page)).toHaveText(title);
  await expect(heading(page)).toBeFocused();
}

async function fillIndianDonor(page: Page) {
  const w = wizard(page);
  await w.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Asha Rao');
  await w.getByRole('textbox', { name: 'Email Address', exact: true }).fill('Asha.Rao@Example.org');
  await w.getByRole('textbox', { name: 'Mobile Number', exact: true }).fill('98450 12345');
  await w.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Indiranagar 100 Feet Road');
  await chooseOption(page, w.getByRole('combobox', { name: 'State', exact: true }), 'Karnataka');
  await w.getByRole('textbox', { name: 'City', exact: true }).fill('Bengaluru');
  await w.getByRole('textbox', { name: 'PIN Code', exact: true }).fill('560038');
  await w.getByRole('textbox', { name: 'PAN Number (optional)', exact: true }).fill('abcde1234f');
}

async function toPayment(page: Page) {
  await wizard(page).getByRole('button', { name: 'Proceed to Payment', exact: true }).click();
  await expect(heading(page)).toHaveText('Step 4 of 4: Payment');
  await expect(wizard(page).getByRole('status').filter({ hasText: 'Form validated!' })).toHaveText(
    'Form validated! Now complete payment to save your donation.',
  );
}

async function payWithCard(page: Page, number: string, amountLabel: string) {
  const w = wizard(page);
  await w.getByRole('textbox', { name: 'Card number', exact: true }).fill(number);
  await w.getByRole('textbox', { name: 'Expiration date', exact: true }).fill('12 / 34');
  await w.getByRole('textbox', { name: 'CVC', exact: true }).fill('123');
  const pay = w.getByRole('button', { name: `Donate ${amountLabel}`, exact: true });
  await expect(pay).toBeDisabled();
  await w.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
  await expect(pay).toBeEnabled();
  await pay.click();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/donate');
  await expect(heading(page)).toHaveText('Step 1 of 4: Choose Amount');
});

test(`a full INR donation with ${TEST_CARDS.visa.spaced} is paid, saved and receipted, then the wizard starts over`, async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const posts = watchPayments(page);
  const w = wizard(page);
  await expect(w.getByRole('combobox', { name: 'Country', exact: true })).toHaveText('India (INR)');
  await expect(w.getByRole('radio', { name: '₹1,000', exact: true })).toBeChecked();
  await continueTo(page, 'Step 2 of 4: Your Details');
  await fillIndianDonor(page);
  await continueTo(page, 'Step 3 of 4: Review Your Donation');
  await expect(w.getByRole('definition').first()).toHaveText('₹1,000');
  await expect(w).toContainText('ABCDE1234F');
  await toPayment(page);
  await expect(w.getByText('Test mode:')).toBeVisible();
  expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);

  const invoiceReply = page.waitForResponse((response) => response.url().endsWith('/api/invoices/generate-and-send'));
  await payWithCard(page, TEST_CARDS.visa.spaced, '₹1,000');
  await expect(w.getByText(THANK_YOU)).toBeVisible();
  await expect(w.getByText(THANK_YOU)).toBeFocused();
  await expect(toast(page, 'Payment completed and donation saved successfully!')).toBeVisible();
  await expect(w.getByText(/Form validated!/)).toHaveCount(0);

  // The calls in the spec's order: intent, sandbox confirmation, save, receipt.
  await invoiceReply;
  expect(posts.map((post) => post.path)).toEqual([
    '/api/payments/create-intent',
    '/api/payments/sandbox/confirm',
    '/api/donations/save-after-payment',
    '/api/invoices/generate-and-send',
  ]);
  // The save answers 201, or 200 when the sandbox's webhook event already wrote the same donation.
  expect(posts.map((post) => post.status)).toEqual([200, 200, expect.any(Number), 200]);
  expect([200, 201]).toContain(posts[2]?.status);
  expect(confirmedIntent(posts)).toMatchObject({ status: 'succeeded', amount: 100000, currency: 'inr' });
  expect(posts[2]?.reply).toMatchObject({ success: true, data: { donation: { id: expect.any(Number) } } });

  // The receipt was generated and answered with a download link that serves a PDF.
  const receipt = (await (await invoiceReply).json()) as {
    success: boolean;
    data: { invoice: { number: string; download_url: string } };
  };
  expect(receipt.success).toBe(true);
  expect(receipt.data.invoice.number).toBeTruthy();
  const pdf = await request.get(receipt.data.invoice.download_url);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  // 10 s after the success the wizard is back at step 1 with ₹1,000.
  await expect(heading(page)).toHaveText('Step 1 of 4: Choose Amount', { timeout: 15_000 });
  await expect(w.getByRole('radio', { name: '₹1,000', exact: true })).toBeChecked();
  await expect(w.getByRole('spinbutton', { name: /Custom amount/ })).toHaveValue('');
});

test(`a declined card (${TEST_CARDS.declined.spaced}) saves nothing and says so, and Try Again returns to the card form`, async ({
  page,
}) => {
  const posts = watchPayments(page);
  await continueTo(page, 'Step 2 of 4: Your Details');
  await fillIndianDonor(page);
  await continueTo(page, 'Step 3 of 4: Review Your Donation');
  await toPayment(page);
  await payWithCard(page, TEST_CARDS.declined.spaced, '₹1,000');

  const alert = wizard(page).getByRole('alert').filter({ hasText: FAILED_BANNER });
  await expect(alert).toContainText(FAILED_BANNER);
  await expect(alert).toContainText('Your card was declined.');
  await expect(toast(page, 'Payment failed. Your donation was not saved. Please try again.')).toBeVisible();
  expect(posts.map((post) => post.path)).toEqual(['/api/payments/create-intent', '/api/payments/sandbox/confirm']);
  expect(confirmedIntent(posts)).toMatchObject({
    status: 'requires_payment_method',
    last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
  });

  await expect(wizard(page).getByRole('button', { name: 'Try Again', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(wizard(page).getByRole('textbox', { name: 'Card number', exact: true })).toBeFocused();
  await expect(wizard(page).getByRole('button', { name: 'Donate ₹1,000', exact: true })).toBeDisabled();
});

test(`a card asking for authentication (${TEST_CARDS.authentication.spaced}): escaping the test dialog fails, completing it pays`, async ({
  page,
}) => {
  await continueTo(page, 'Step 2 of 4: Your Details');
  await fillIndianDonor(page);
  await continueTo(page, 'Step 3 of 4: Review Your Donation');
  await toPayment(page);
  await payWithCard(page, TEST_CARDS.authentication.spaced, '₹1,000');
  const dialog = page.getByRole('dialog', { name: 'Authenticate this test payment?', exact: true });
  await expect(dialog).toBeVisible();
  // Escape closes it like failing the bank's check.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(wizard(page).getByRole('alert').filter({ hasText: FAILED_BANNER })).toContainText(
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  );
  await wizard(page).getByRole('button', { name: 'Try Again', exact: true }).click();

  await payWithCard(page, TEST_CARDS.authentication.spaced, '₹1,000');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Complete authentication', exact: true })).toBeFocused();
  await dialog.getByRole('button', { name: 'Complete authentication', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(wizard(page).getByText(THANK_YOU)).toBeVisible();
});

test('a USD donation from the United States meets the US phone and ZIP rules, then pays', async ({ page }) => {
  const posts = watchPayments(page);
  const w = wizard(page);
  await chooseOption(page, w.getByRole('combobox', { name: 'Country', exact: true }), 'United States (USD)');
  await expect(w.getByRole('radio', { name: '$5', exact: true })).toBeChecked();
  await w.getByRole('radio', { name: '$25', exact: true }).check();
  await w.getByRole('radio', { name: 'Monthly', exact: true }).check();
  await continueTo(page, 'Step 2 of 4: Your Details');

  await expect(w.getByRole('textbox', { name: 'PAN Number (optional)', exact: true })).toHaveCount(0);
  await w.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Maya Lopez');
  await w.getByRole('textbox', { name: 'Email Address', exact: true }).fill('maya@example.com');
  await w.getByRole('textbox', { name: 'Mobile Number', exact: true }).fill('555 1234');
  await w.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Market Street, Suite 100');
  await w.getByRole('textbox', { name: 'City', exact: true }).fill('San Francisco');
  await w.getByRole('textbox', { name: 'ZIP Code', exact: true }).fill('9410');
  await w.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(w.getByRole('alert').filter({ hasText: 'Please fill all required fields correctly' })).toBeVisible();
  const mobile = w.getByRole('textbox', { name: 'Mobile Number', exact: true });
  await expect(mobile).toHaveAccessibleDescription('Please enter a valid phone number (e.g., (555) 123-4567)');
  await expect(mobile).toBeFocused();
  await expect(w.getByRole('textbox', { name: 'State', exact: true })).toHaveAccessibleDescription('State/Province is required');
  await expect(w.getByRole('textbox', { name: 'ZIP Code', exact: true })).toHaveAccessibleDescription(
    'Please enter a valid ZIP code (e.g., 12345 or 12345-6789)',
  );
  await expect(heading(page)).toHaveText('Step 2 of 4: Your Details');

  await mobile.fill('(415) 555-0132');
  await w.getByRole('textbox', { name: 'State', exact: true }).fill('California');
  await w.getByRole('textbox', { name: 'ZIP Code', exact: true }).fill('94105-1234');
  await continueTo(page, 'Step 3 of 4: Review Your Donation');
  await expect(w).toContainText('$25');
  await expect(w).toContainText('Monthly');
  await toPayment(page);
  await payWithCard(page, TEST_CARDS.visa.spaced, '$25');
  await expect(w.getByText(THANK_YOU)).toBeVisible();
  // The server charged 25 USD: it took amount and currency from the payload and checked them with the US rules.
  expect(confirmedIntent(posts)).toMatchObject({ status: 'succeeded', amount: 2500, currency: 'usd' });
  expect(posts.find((post) => post.path === '/api/donations/save-after-payment')?.reply).toMatchObject({ success: true });
});
