import { formatMinor, REFUND_NOTE_LABELS, type RefundNoteKind } from '@charity/domain';
import { formatReceiptDate, receiptText } from '../receipts/receipt-text.js';

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
  organisation: { name: string; address: string; email: string; phone: string; registration: string };
}

export interface NoteFacts {
  title: string;
  number: string;
  date: string;
  organisation: NoteDetails['organisation'];
  donor: NoteDetails['donor'];
  rows: Array<[string, string]>;
  statement: string;
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
  return {
    title: REFUND_NOTE_LABELS[details.kind],
    number: details.number,
    date: formatReceiptDate(new Date(details.issuedAt)),
    organisation: details.organisation,
    donor: details.donor,
    rows,
    statement,
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
  const text = [...lines, '', ...facts.rows.map(([label, value]) => `${label}: ${value}`), '', facts.organisation.name, facts.organisation.email].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    '<table>',
    ...facts.rows.map(([label, value]) => `<tr><th scope="row" align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(facts.organisation.name)}<br>${escapeHtml(facts.organisation.email)}</p>`,
  ].join('\n');
  return { subject, text, html };
}
