import { formatMinor, formatSettingsDate, ORGANISATION_SETTINGS_MESSAGES, REFUND_NOTE_LABELS, type RefundNoteKind } from '@charity/domain';
import { formatReceiptDate, receiptText, type ReceiptInput } from '../receipts/receipt-text.js';

// What a refund's note says (docs/decisions/024-refunds.md), shared by its PDF and its mail so the two never
// disagree. Pure: no database, no clock. A cancellation note cancels the receipt in full; a credit note reduces it
// by the amount refunded. Neither renumbers nor deletes the receipt: the note points at it.

export interface NoteDetails {
  number: string;
  kind: RefundNoteKind;
  issuedAt: string;
  /** The receipt this note cancels or reduces; null for a donation that never had one. */
  receiptNumber: string | null;
  donation: { id: number; createdAt: string; amountMinor: number; currency: string; campaignTitle: string | null; paymentIntentId: string | null };
  refund: { id: number; amountMinor: number; refundedMinor: number; remainingMinor: number };
  donor: { name: string; email: string | null; addressLines: string[] };
  /**
   * Who issues the note. The legal and tax details (settingsVersion and after) are frozen from the organisation
   * settings in force when the note is issued (docs/decisions/026-organisation-settings.md); notes issued before the
   * settings existed have only the first five fields and are drawn as they were.
   */
  organisation: { name: string; address: string; email: string; phone: string; registration: string } & Partial<
    Pick<
      ReceiptInput['organisation'],
      | 'settingsVersion'
      | 'isDemo'
      | 'pan'
      | 'twelveANumber'
      | 'eightyGNumber'
      | 'eightyGDate'
      | 'eightyGValidFrom'
      | 'eightyGValidUntil'
      | 'signatoryName'
      | 'signatoryTitle'
      | 'footer'
    >
  >;
}

export interface NoteFacts {
  title: string;
  number: string;
  date: string;
  organisation: NoteDetails['organisation'];
  /** Under the organisation's name: address, contact, registration and (with the settings) PAN, 12A and 80G. */
  headerLines: string[];
  donor: NoteDetails['donor'];
  rows: Array<[string, string]>;
  statement: string;
  /** Who signs for the organisation (notes issued with the settings); null before them. */
  signatory: { name: string; title: string } | null;
  /** The settings' footer text, or ''. */
  footer: string;
  /** The demonstration notice when the note froze the seed's made-up details; else null. */
  demoNotice: string | null;
}

/** The organisation's lines under its name on a note. */
function noteHeaderLines(org: NoteDetails['organisation']): string[] {
  const contact = `Email: ${org.email}   Phone: ${org.phone}`;
  if (typeof org.settingsVersion !== 'number') return [org.address, contact, org.registration].filter(Boolean);
  const pan = receiptText(org.pan, 10);
  const twelveA = receiptText(org.twelveANumber, 100);
  const eightyG = receiptText(org.eightyGNumber, 100);
  const issued = formatSettingsDate(org.eightyGDate ?? null);
  return [
    org.address,
    contact,
    [org.registration, pan ? `PAN: ${pan}` : '', twelveA ? `12A registration: ${twelveA}` : ''].filter(Boolean).join('   '),
    eightyG ? `80G approval (URN): ${eightyG}${issued ? ` dated ${issued}` : ''}` : '',
  ].filter(Boolean);
}

export function noteFacts(details: NoteDetails): NoteFacts {
  const currency = details.donation.currency;
  const money = (minor: number) => formatMinor(minor, currency);
  const receipt = details.receiptNumber ?? `donation #${details.donation.id}`;
  const rows: Array<[string, string]> = [
    ['Note number', details.number],
    ['Note date', formatReceiptDate(new Date(details.issuedAt))],
    ['Receipt', details.receiptNumber ?? 'None issued'],
    ['Donation date', formatReceiptDate(new Date(details.donation.createdAt))],
    ['Donation amount', money(details.donation.amountMinor)],
    ['Refunded now', money(details.refund.amountMinor)],
    ['Refunded in all', money(details.refund.refundedMinor)],
    ['Donation after refunds', money(details.refund.remainingMinor)],
    ['Purpose', details.donation.campaignTitle ? receiptText(details.donation.campaignTitle) : 'General donation'],
  ];
  if (details.donation.paymentIntentId) rows.push(['Payment reference', details.donation.paymentIntentId]);
  const statement =
    details.kind === 'cancellation'
      ? `This note cancels receipt ${receipt} in full: the donation has been refunded and the receipt can no longer support a deduction under Section 80G of the Income-tax Act, 1961.`
      : `This note reduces receipt ${receipt} by ${money(details.refund.amountMinor)}: the donation it stands for is now ${money(details.refund.remainingMinor)}, and only that amount can support a deduction under Section 80G of the Income-tax Act, 1961.`;
  const org = details.organisation;
  const fromSettings = typeof org.settingsVersion === 'number';
  return {
    title: REFUND_NOTE_LABELS[details.kind],
    number: details.number,
    date: formatReceiptDate(new Date(details.issuedAt)),
    organisation: org,
    headerLines: noteHeaderLines(org),
    donor: details.donor,
    rows,
    statement,
    signatory: fromSettings && receiptText(org.signatoryName) ? { name: receiptText(org.signatoryName, 120), title: receiptText(org.signatoryTitle, 120) } : null,
    footer: fromSettings ? receiptText(org.footer, 500) : '',
    demoNotice: fromSettings && org.isDemo === true ? ORGANISATION_SETTINGS_MESSAGES.demoDocument : null,
  };
}

/** The file name of a note's PDF: 'BBF-CN-2026-27-000001.pdf'. */
export function noteFileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The mail that sends the donor their note (the PDF attached). */
export function noteMail(details: NoteDetails): { subject: string; text: string; html: string } {
  const facts = noteFacts(details);
  const money = formatMinor(details.refund.amountMinor, details.donation.currency);
  const subject = `${facts.title} ${facts.number} from ${facts.organisation.name}`.replace(/[\r\n]+/g, ' ');
  const lines = [
    `Dear ${facts.donor.name || 'friend'},`,
    `We have refunded ${money} of your donation to ${facts.organisation.name}. Refunds usually reach the card in 5 to 10 working days.`,
    facts.statement,
    `Your ${facts.title.toLowerCase()} is attached. Please keep it with the receipt.`,
  ];
  const signature = [
    ...(facts.signatory ? ['Authorised signatory', facts.signatory.name, facts.signatory.title].filter(Boolean) : []),
    facts.organisation.name,
    facts.organisation.email,
  ];
  const closing = [facts.footer, facts.demoNotice].filter((line): line is string => Boolean(line));
  const text = [...lines, '', ...facts.rows.map(([label, value]) => `${label}: ${value}`), '', ...signature, ...(closing.length > 0 ? ['', ...closing] : [])].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    '<table>',
    ...facts.rows.map(([label, value]) => `<tr><th scope="row" align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p>${signature.map(escapeHtml).join('<br>')}</p>`,
    ...closing.map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join('\n');
  return { subject, text, html };
}
