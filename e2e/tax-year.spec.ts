import { FORM_10BD_COLUMNS, financialYear } from '@charity/domain';
import { expect, test, type APIRequestContext } from '@playwright/test';
import fs from 'node:fs/promises';
import { donateByApi, donationData } from './support/donations';
import { recordToasts, signInByApi } from './support/session';

// Issue 18's done-when for items 3 and 4, as a newcomer would go through it on `npm start`: staff set the
// organisation's 80G approval number in Settings and the next receipt carries it (decision 026); Form 10BD exports
// the current financial year as the portal's CSV and the annual statements are mailed (decision 027).

const NEW_URN = 'AABTB1234CF20265';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string }>;
}

/** The outbox through the API its screen uses (it has no search): mails are composed just after the reply, so poll. */
async function findMail(request: APIRequestContext, token: string, match: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const listed = await request.get('/api/admin/outbox?limit=100', { headers: { Authorization: `Bearer ${token}` } });
      found = ((await listed.json()) as { data: { mails: OutboxMail[] } }).data.mails.find(match);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test('staff set the 80G number, the next receipt carries it, Form 10BD lists the donor and the annual statements are mailed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `tax-year-${stamp}@example.org`;
  const pan = 'ABCPE1234F';
  const token = await signInByApi(page, request);

  // Settings: a new approval number, saved as a new version.
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Organisation settings' })).toBeVisible();
  const toasts = await recordToasts(page);
  const urn = page.getByRole('textbox', { name: '80G approval number (URN)' });
  await urn.fill('AABTB1234');
  await page.getByRole('button', { name: 'Save changes' }).click();
  // Bad input is refused under its field and nothing is saved.
  await expect(page.getByText('An approval number begins with the organisation’s PAN')).toBeVisible();
  await expect(urn).toHaveAttribute('aria-invalid', 'true');
  await urn.fill(NEW_URN);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(toasts).toContain('Organisation details saved. Receipts issued from now on use them.');

  // The next receipt carries it: its mail in the outbox (no mail server here) says so.
  const { receiptNumber } = await donateByApi(
    request,
    donationData({ donor: { full_name: 'Anil Pereira', email, pan_number: pan, address: '7, Church Street', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' }, amount: 1500 }),
  );
  expect(receiptNumber).toMatch(/^BBF\/\d{4}-\d{2}\/\d{6}$/);
  await findMail(request, token, (mail) => mail.subject.startsWith(`Your donation receipt ${receiptNumber} `));
  await page.goto('/admin/messages?tab=outbox');
  const outbox = page.getByRole('region', { name: 'Mail outbox' });
  const receiptText = outbox.locator('details').filter({ hasText: `Your donation receipt ${receiptNumber}` });
  await receiptText.locator('summary').click();
  await expect(receiptText).toContainText(`80G approval (URN): ${NEW_URN}`);
  await expect(receiptText).toContainText(`PAN: ${pan}`);

  // A donor who gave no PAN is listed to chase; their PAN, once it arrives, is recorded here.
  const laterEmail = `tax-year-later-${stamp}@example.org`;
  await donateByApi(request, donationData({ donor: { full_name: 'Ritu Sharma', email: laterEmail, pan_number: '' }, amount: 800 }));

  // The financial year: the donors are listed; Form 10BD downloads as the portal's CSV.
  const year = financialYear(new Date());
  await page.goto(`/admin/tax-year?year=${year}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tax year' })).toBeVisible();
  const yearToasts = await recordToasts(page);
  await expect(page.getByRole('table')).toContainText(email);
  await page.getByRole('button', { name: 'Add PAN for Ritu Sharma' }).click();
  const panDialog = page.getByRole('dialog', { name: 'Add PAN for Ritu Sharma' });
  await panDialog.getByRole('textbox', { name: 'PAN' }).fill('BQRPS4321K');
  await panDialog.getByRole('button', { name: 'Save PAN' }).click();
  await expect(panDialog).toBeHidden();
  await expect.poll(yearToasts).toContain('PAN recorded for Ritu Sharma. They are now in Form 10BD.');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Form 10BD (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`form-10bd-${year}.csv`);
  const csv = await fs.readFile((await file.path())!, 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(FORM_10BD_COLUMNS.join(','));
  const row = lines.find((line) => line.includes(pan));
  expect(row).toMatch(
    new RegExp(`^\\d+,,1,${pan},Section 80G,${NEW_URN},\\d{2}-\\d{2}-\\d{4},Anil Pereira,"7, Church Street, Bengaluru, Karnataka, 560001",Others,Electronic modes including account payee cheque/draft,1500$`),
  );

  expect(lines.find((line) => line.includes('BQRPS4321K'))).toMatch(/,1,BQRPS4321K,Section 80G,.*,Ritu Sharma,.*,800$/);

  // Annual statements: mailed to the year's donors; this donor's is in the outbox with its PDF.
  await page.getByRole('button', { name: 'Mail annual statements' }).click();
  await expect.poll(yearToasts).toContainEqual(expect.stringMatching(/^Annual statements? queued for \d+ donors?\.$/));
  const statement = await findMail(request, token, (mail) => mail.to === email && mail.subject.startsWith(`Your annual statement of donations ${year} — `));
  expect(statement.attachments.map((a) => a.filename)).toEqual([expect.stringMatching(/\.pdf$/)]);
  expect(statement.text).toContain('Your annual statement of donations is attached.');
});
