import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { TEST_CARDS } from '@charity/domain';
import { expect, test, type Page } from '@playwright/test';
import { waitUntilHydrated } from './support/hydration';
import { signInByApi } from './support/session';

// A monthly gift as a newcomer sees it on `npm start` with no keys (issue 17's "done when"): start one on /donate,
// move the sandbox's clock with `npm run sandbox -- advance 32d`, find the renewal's receipt in the outbox and the gift
// in the admin list, then change and cancel it from the link the receipt mail carries.

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

function wizard(page: Page) {
  return page.getByRole('region', { name: /^Step \d of 4:/ });
}

async function continueTo(page: Page, title: string) {
  await wizard(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(wizard(page).getByRole('heading', { level: 3 })).toHaveText(title);
}

test('a monthly gift: started on /donate, renewed by the sandbox clock, seen by staff, changed and cancelled from its link', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = `monthly-${Date.now()}@example.org`;

  // 1. Start it on /donate, as a donor would.
  await page.goto('/donate');
  const w = wizard(page);
  await expect(w.getByRole('heading', { level: 3 })).toHaveText('Step 1 of 4: Choose Amount');
  // The page is prerendered: the radio answers once React has hydrated it.
  await waitUntilHydrated(w.getByRole('radio', { name: 'Monthly', exact: true }));
  await w.getByRole('radio', { name: 'Monthly', exact: true }).check();
  await continueTo(page, 'Step 2 of 4: Your Details');
  await w.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Meera Iyer');
  await w.getByRole('textbox', { name: 'Email Address', exact: true }).fill(email);
  await w.getByRole('textbox', { name: 'Mobile Number', exact: true }).fill('98450 12345');
  await w.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Indiranagar 100 Feet Road');
  await w.getByRole('combobox', { name: 'State', exact: true }).click();
  await page.getByRole('option', { name: 'Karnataka', exact: true }).click();
  await w.getByRole('textbox', { name: 'City', exact: true }).fill('Bengaluru');
  await w.getByRole('textbox', { name: 'PIN Code', exact: true }).fill('560038');
  await continueTo(page, 'Step 3 of 4: Review Your Donation');
  await w.getByRole('button', { name: 'Proceed to Payment', exact: true }).click();
  await w.getByRole('textbox', { name: 'Card number', exact: true }).fill(TEST_CARDS.visa.spaced);
  await w.getByRole('textbox', { name: 'Expiration date', exact: true }).fill('12 / 34');
  await w.getByRole('textbox', { name: 'CVC', exact: true }).fill('123');
  await w.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
  await w.getByRole('button', { name: /^Donate / }).click();
  await expect(w.getByText('Thank you! Your donation has been completed and saved successfully.')).toBeVisible();
  await expect(w.getByText(/^Your gift of ₹1,000 will be given again each month, on this day of the month\./)).toBeVisible();

  // 2. A month later, by the sandbox's clock, through the command a newcomer runs.
  const { stdout } = await run(process.execPath, [path.join(root, 'apps/api/dist/cli/sandbox.js'), 'advance', '32d'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PORT: new URL(page.url()).port },
  });
  expect(stdout).toMatch(/^The sandbox clock is now at /);
  expect(stdout).toMatch(/Monthly renewals taken: [1-9]\d*;/);

  // 3. Staff: the gift with two payments, and the renewal's receipt mail (with the management link) in the outbox.
  const token = await signInByApi(page, request);
  const auth = { authorization: `Bearer ${token}` };
  let manageLink = '';
  await expect(async () => {
    const outbox = await (await request.get('/api/admin/outbox?limit=50', { headers: auth })).json();
    const mails = (outbox.data.mails as Array<{ to: string; subject: string; text: string }>).filter((mail) => mail.to === email);
    const receipts = mails.filter((mail) => mail.subject.startsWith('Your donation receipt'));
    expect(receipts).toHaveLength(2);
    manageLink = /(\/monthly-gift#[A-Za-z0-9_-]{43})/.exec(receipts[0]!.text)?.[1] ?? '';
    expect(manageLink).not.toBe('');
  }).toPass({ timeout: 20_000 });

  await page.goto('/admin/recurring');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Active');

  // 4. The donor's link: change the amount, then cancel.
  await page.goto(manageLink);
  await expect(page.getByRole('heading', { name: 'Your monthly gift', level: 1 })).toBeVisible();
  expect(page.url()).not.toContain('#');
  await expect(page.getByRole('table', { name: 'Payments so far' }).getByRole('row')).toHaveCount(3);

  await page.getByRole('button', { name: 'Change amount', exact: true }).click();
  const amountDialog = page.getByRole('dialog');
  await amountDialog.getByRole('spinbutton', { name: 'New monthly amount' }).fill('2500');
  await amountDialog.getByRole('button', { name: 'Change amount', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your monthly gift is now ₹2,500.' })).toBeVisible();

  await page.getByRole('button', { name: 'Cancel gift', exact: true }).click();
  const cancelDialog = page.getByRole('dialog');
  await cancelDialog.getByRole('textbox').fill('Testing the product');
  await cancelDialog.getByRole('button', { name: 'Cancel my monthly gift', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your monthly gift is cancelled.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change amount', exact: true })).toHaveCount(0);
});
