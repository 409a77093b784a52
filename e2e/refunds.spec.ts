import { expect, test } from '@playwright/test';
import { donateByApi, donationData } from './support/donations';
import { recordToasts, signInByApi } from './support/session';

// Decision 024: staff refund part of a sandbox donation from its detail view, then see the credit note in the outbox
// and the net amount in the list; a refund above what is left is refused in the dialog with the domain's words.

test('staff refund part of a donation: the credit note goes to the outbox and the list shows what is left', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = `refund-${Date.now()}@example.org`;
  const { donationId } = await donateByApi(request, donationData({ donor: { email, pan_number: 'ABCDE1234F' }, amount: 1500 }));

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
