import { TEST_CARDS } from '@charity/domain';
import { expect, test } from '@playwright/test';
import { recordToasts, signInByApi } from './support/session';

// Decision 024: staff refund part of a sandbox donation from its detail view, then see the credit note in the outbox
// and the net amount in the list; a refund above what is left is refused in the dialog with the domain's words.

test('staff refund part of a donation: the credit note goes to the outbox and the list shows what is left', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = `refund-${Date.now()}@example.org`;
  const donationData = {
    donor: {
      full_name: 'Kavya Menon',
      email,
      mobile: '9876543210',
      pan_number: 'ABCDE1234F',
      country: 'India',
      country_code: 'IN',
      state: 'Kerala',
      city: 'Kochi',
      address: '4, Marine Drive',
      pincode: '682031',
      is_anonymous: false,
    },
    amount: 1500,
    currency: 'INR',
    donation_type: 'one_time',
    campaign_id: null,
    source: 'website',
  };
  // The browser's calls of a sandbox donation, and its receipt, as the thank-you page asks for it.
  const created = await request.post('/api/payments/create-intent', { data: { donation_data: donationData, payment_method_id: TEST_CARDS.visa.paymentMethod } });
  expect(created.status(), await created.text()).toBe(200);
  const { client_secret, payment_intent_id } = ((await created.json()) as { data: { client_secret: string; payment_intent_id: string } }).data;
  expect((await request.post('/api/payments/sandbox/confirm', { data: { client_secret, payment_method_id: TEST_CARDS.visa.paymentMethod } })).status()).toBe(200);
  const saved = await request.post('/api/donations/save-after-payment', {
    data: { donation_data: donationData, payment_intent_id, payment_method_id: TEST_CARDS.visa.paymentMethod, payment_status: 'completed' },
  });
  expect([200, 201]).toContain(saved.status());
  const donationId = ((await saved.json()) as { data: { donation: { id: number } } }).data.donation.id;
  const invoice = await request.post('/api/invoices/generate-and-send', { data: { donation_id: donationId, payment_intent_id } });
  expect(invoice.status(), await invoice.text()).toBe(200);

  await signInByApi(page, request);
  await page.goto(`/admin/donations?q=${encodeURIComponent(email)}&donation=${donationId}`);
  const toasts = await recordToasts(page);
  const detail = page.getByRole('dialog', { name: `Donation #${donationId}` });
  await expect(detail).toContainText(email);
  await detail.getByRole('button', { name: 'Refund', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: `Refund donation #${donationId} from Kavya Menon` });
  await expect(dialog.getByText('Left to refund: ₹1,500 of ₹1,500')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Part of it' }).check();
  // More than is left: refused in the dialog, before anything is sent.
  await dialog.getByLabel('Amount to refund (INR)').fill('1600');
  await dialog.getByLabel('Reason').fill('Typed 1500 instead of 1000');
  await dialog.getByRole('button', { name: 'Refund ₹1,600' }).click();
  await expect(dialog.getByText('A refund cannot be more than what is left of the donation: ₹1,500.')).toBeVisible();
  await dialog.getByLabel('Amount to refund (INR)').fill('500');
  await dialog.getByRole('button', { name: 'Refund ₹500' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(toasts).toContain('Refund issued.');

  // The detail shows the refund and its credit note; the list, what is left.
  await expect(detail.getByText('₹500 of ₹1,500')).toBeVisible();
  const refundsSection = detail.getByRole('region', { name: 'Refunds' });
  await expect(refundsSection).toContainText('Typed 1500 instead of 1000');
  await expect(refundsSection).toContainText(/Credit note BBF\/CN\/\d{4}-\d{2}\/\d{6}/);
  const noteNumber = (await refundsSection.textContent())!.match(/BBF\/CN\/\d{4}-\d{2}\/\d{6}/)![0];
  const download = page.waitForEvent('download');
  await refundsSection.getByRole('button', { name: /Download note/ }).click();
  expect((await download).suggestedFilename()).toBe(`${noteNumber.replace(/\//g, '-')}.pdf`);
  await page.keyboard.press('Escape');
  const table = page.getByRole('table', { name: 'Donations' });
  await expect(table).toContainText('Partly refunded');
  await expect(table).toContainText('₹500 refunded');

  // The credit note was mailed to the donor: the outbox holds it (no mail server in these tests).
  await page.goto('/admin/messages?tab=outbox');
  const outbox = page.getByRole('region', { name: 'Mail outbox' });
  await expect(outbox.getByRole('heading', { name: `Credit note ${noteNumber} from Bright Beginnings Foundation` })).toBeVisible();
});
