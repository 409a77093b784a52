import { BRAND_COLOURS } from '@charity/domain';
import { receiptFacts, type ReceiptInput } from './receipt-text.js';

export type { ReceiptInput } from './receipt-text.js';

// The mail that sends a donor their receipt: a pure builder, the caller adds the recipient (the donor's own
// address, also for anonymous donations: "anonymous" hides the name from the public, not from the donor) and
// sends it through the mailer. It says the same as the PDF because both are built from receiptFacts. Everything
// the donor typed is escaped in the HTML part; the subject holds only the receipt number and the organisation's
// name, both cleaned of line breaks.

export interface ReceiptMailOptions {
  /** Absolute http(s) address where the donor can download the PDF; the mail links to it when given. */
  downloadUrl?: string | null;
  /** A monthly gift's payment: the donor's management link (docs/decisions/022-monthly-gifts.md). */
  manageUrl?: string | null;
}

export interface ReceiptMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function checkedDownloadUrl(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`Receipt download URL must be an absolute http(s) URL, got '${value}'`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`Receipt download URL must be an absolute http(s) URL, got '${value}'`);
  }
  return url.href;
}

/** Builds the receipt mail. Throws like renderReceiptPdf for input that cannot make a true receipt. */
export function receiptMail(input: ReceiptInput, options: ReceiptMailOptions = {}): ReceiptMail {
  const facts = receiptFacts(input);
  const downloadUrl = checkedDownloadUrl(options.downloadUrl);
  const manageUrl = checkedDownloadUrl(options.manageUrl);
  // Every payment of a monthly gift says so, and how to change or stop it, without writing to the charity.
  const monthlyLine = 'This is a payment of your monthly gift. To see your payments, or to change, pause or cancel the gift:';
  const org = facts.organisation;
  const greeting = `Dear ${facts.donor.name || 'friend'},`;
  const thanks = `Thank you for your donation to ${org.name}. Your generosity helps us care for children and their families.`;
  const receiptIntro = 'Here is your donation receipt. Please keep it for your records.';
  const download = 'Download your receipt (PDF)';

  const rows: Array<[string, string]> = [
    ['Receipt number', facts.receiptNumber],
    ['Receipt date', facts.receiptDate],
    ['Donation date', facts.donationDate],
    ['Amount', facts.amountWords ? `${facts.amountFigures} (${facts.amountWords})` : facts.amountFigures],
    ['Currency', facts.currency],
  ];
  if (facts.amountInr) rows.push(['Equivalent in INR', facts.amountInr]);
  rows.push(['Donation type', facts.donationType], ['Towards', facts.purpose], ['Payment reference', facts.paymentReference]);

  const taxLines = facts.eightyG
    ? [facts.eightyG.eligibility, facts.eightyG.approvalNumber, facts.eightyG.pan, facts.eightyG.panRequest].filter((l): l is string => l !== null)
    : [];
  const signature = [
    ...(facts.signatory ? ['Authorised signatory', facts.signatory.name, facts.signatory.title].filter(Boolean) : []),
    org.name,
    org.address,
    `Email: ${org.email}  Phone: ${org.phone}`,
    [org.registration, org.pan, org.approvals].filter(Boolean).join('  '),
    ...(org.twelveA ? [org.twelveA] : []),
  ];
  // After the signature: the settings' footer, and the demonstration notice where the details were made up.
  const closing = [facts.footer, facts.demoNotice].filter((line): line is string => Boolean(line));

  const text = [
    greeting,
    '',
    thanks,
    receiptIntro,
    ...(downloadUrl ? ['', `${download}: ${downloadUrl}`] : []),
    ...(manageUrl ? ['', monthlyLine, manageUrl] : []),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(taxLines.length > 0 ? ['', 'Income-tax deduction (Section 80G)', ...taxLines] : []),
    '',
    'With gratitude,',
    ...signature,
    ...(closing.length > 0 ? ['', ...closing] : []),
  ].join('\n');

  // In the site's palette (BRAND_COLOURS), as the PDF is.
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`Donation receipt ${facts.receiptNumber}`)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: ${BRAND_COLOURS.text}">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(thanks)}<br>${escapeHtml(receiptIntro)}</p>
${downloadUrl ? `<p><a href="${escapeHtml(downloadUrl)}" style="color: ${BRAND_COLOURS.primary}">${escapeHtml(download)}</a></p>\n` : ''}${manageUrl ? `<p>${escapeHtml(monthlyLine)} <a href="${escapeHtml(manageUrl)}" style="color: ${BRAND_COLOURS.primary}">Manage your monthly gift</a></p>\n` : ''}<table style="border-collapse: collapse">
<caption style="text-align: left; font-weight: bold; padding-bottom: 0.5em">Donation receipt ${escapeHtml(facts.receiptNumber)}</caption>
${rows.map(([label, value]) => `<tr><th scope="row" align="left" style="padding: 2px 1em 2px 0; vertical-align: top">${escapeHtml(label)}</th><td style="padding: 2px 0">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
${taxLines.length > 0 ? `<h2 style="font-size: 1em; margin-bottom: 0.25em">Income-tax deduction (Section 80G)</h2>\n${taxLines.map((line) => `<p style="margin: 0.25em 0">${escapeHtml(line)}</p>`).join('\n')}\n` : ''}<p>With gratitude,<br>${signature.map(escapeHtml).join('<br>')}</p>
${closing.map((line) => `<p style="font-size: 0.9em; color: ${BRAND_COLOURS.muted}">${escapeHtml(line)}</p>\n`).join('')}</body></html>`;

  return { subject: `Your donation receipt ${facts.receiptNumber} — ${org.name}`, text, html };
}
