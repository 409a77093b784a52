import {
  financialYearLabel,
  formatMinor,
  formatSettingsDate,
  ORGANISATION_SETTINGS_MESSAGES,
  organisationDate,
  type OrganisationSettings,
} from '@charity/domain';
import { formatReceiptDate, receiptText } from '../receipts/receipt-text.js';

// What an annual statement says (docs/decisions/027-tax-year.md), shared by its PDF and its mail so the two never
// disagree. Pure: no database, no clock. The statement lists a donor's gifts of one financial year with what was
// refunded, and totals them net in rupees. For an Indian donor it says what it is not: the certificate for the
// 80G deduction is Form 10BE, which the income-tax portal generates after Form 10BD is filed.

export const STATEMENT_TITLE = 'Annual statement of donations';

/** One gift as the statement lists it; amounts in the minor unit of their currency, the INR figure in paise. */
export interface StatementDonation {
  id: number;
  createdAt: string;
  receiptNumber: string | null;
  campaignTitle: string | null;
  currency: string;
  amountMinor: number;
  refundedMinor: number;
  netInrMinor: number;
}

/** Frozen in annual_statements.details when the statement is issued: the PDF is drawn from this alone. */
export interface StatementDetails {
  financialYear: string;
  issuedAt: string;
  /** The organisation settings version in force at issue (0: the demonstration values nobody saved). */
  settingsVersion: number;
  isDemo: boolean;
  organisation: OrganisationSettings;
  donor: { name: string; email: string; pan: string | null; indian: boolean; addressLines: string[] };
  donations: StatementDonation[];
  /** Sums of the gifts' INR figures, in paise: gross before refunds, refunded, and net. */
  totals: { grossInrMinor: number; refundedInrMinor: number; netInrMinor: number };
}

export interface StatementRow {
  date: string;
  receipt: string;
  campaign: string;
  amount: string;
  refunded: string;
  net: string;
  netInr: string;
}

export interface StatementFacts {
  title: string;
  yearLine: string;
  issuedOn: string;
  organisation: { name: string; lines: string[] };
  donor: { lines: string[] };
  columns: StatementRow;
  rows: StatementRow[];
  totals: Array<[string, string]>;
  /** The sentence on what this document is (and, for Indian donors, is not). */
  note: string;
  signatory: { for: string; name: string; title: string };
  footer: string;
  /** The demonstration marking, when the settings were the demonstration values. */
  demo: string | null;
}

export const STATEMENT_COLUMNS: StatementRow = {
  date: 'Date',
  receipt: 'Receipt',
  campaign: 'Campaign',
  amount: 'Amount',
  refunded: 'Refunded',
  net: 'Net',
  netInr: 'Net (INR)',
};

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '5 Sep 2025' in the organisation's calendar: the table's dates, short enough for one line. */
export function formatStatementDate(date: Date): string {
  const { year, month, day } = organisationDate(date);
  return `${day} ${SHORT_MONTHS[month - 1]!} ${year}`;
}

function approvalLine(label: string, number: string, date: string | null, validity?: { from: string | null; until: string | null }): string | null {
  if (!number) return null;
  const parts = [`${label}: ${number}`];
  if (date) parts.push(`dated ${formatSettingsDate(date)}`);
  if (validity?.from) parts.push(validity.until ? `valid from ${formatSettingsDate(validity.from)} to ${formatSettingsDate(validity.until)}` : `valid from ${formatSettingsDate(validity.from)}`);
  return parts.join(', ');
}

export function statementFacts(details: StatementDetails): StatementFacts {
  const o = details.organisation;
  const name = receiptText(o.legal_name);
  const address = [o.address.line1, o.address.line2, [o.address.city, o.address.state, o.address.pincode].filter(Boolean).join(', '), o.address.country]
    .map((line) => receiptText(line))
    .filter((line) => line.length > 0)
    .join(', ');
  const organisationLines = [
    address,
    o.pan ? `PAN: ${o.pan}` : null,
    o.registration_number ? `Registration No. ${receiptText(o.registration_number)}` : null,
    approvalLine('80G approval (URN)', o.eighty_g_number, o.eighty_g_date, { from: o.eighty_g_valid_from, until: o.eighty_g_valid_until }),
    approvalLine('12A registration (URN)', o.twelve_a_number, o.twelve_a_date),
  ].filter((line): line is string => line !== null && line.length > 0);
  const donor = details.donor;
  const donorLines = [
    receiptText(donor.name) || 'Donor',
    ...donor.addressLines.map((line) => receiptText(line)).filter((line) => line.length > 0),
    donor.email,
    donor.indian ? (donor.pan ? `PAN: ${donor.pan}` : 'PAN: not given') : null,
  ].filter((line): line is string => line !== null);
  const rows = details.donations.map((d) => ({
    date: formatStatementDate(new Date(d.createdAt)),
    receipt: d.receiptNumber ?? '—',
    campaign: d.campaignTitle ? receiptText(d.campaignTitle, 80) : 'General donation',
    amount: formatMinor(d.amountMinor, d.currency),
    refunded: formatMinor(d.refundedMinor, d.currency),
    net: formatMinor(d.amountMinor - d.refundedMinor, d.currency),
    netInr: formatMinor(d.netInrMinor, 'INR'),
  }));
  const count = details.donations.length;
  const totals: Array<[string, string]> = [
    ['Donations', String(count)],
    ['Total before refunds (INR)', formatMinor(details.totals.grossInrMinor, 'INR')],
    ['Refunded (INR)', formatMinor(details.totals.refundedInrMinor, 'INR')],
    ['Total donated, net of refunds (INR)', formatMinor(details.totals.netInrMinor, 'INR')],
  ];
  const year = details.financialYear;
  const note = donor.indian
    ? `This is a consolidated statement of your donations to ${name} in the financial year ${year}, for your records. It is not a certificate under Section 80G of the Income-tax Act, 1961: that certificate is Form 10BE, which the income-tax portal generates after ${name} files its statement of donations (Form 10BD), and which we send you separately. Claim the deduction with Form 10BE.`
    : `This is a consolidated statement of your donations to ${name} in the financial year ${year}, for your records.`;
  return {
    title: STATEMENT_TITLE,
    yearLine: `Financial year ${year} (${financialYearLabel(year)})`,
    issuedOn: formatReceiptDate(new Date(details.issuedAt)),
    organisation: { name, lines: organisationLines },
    donor: { lines: donorLines },
    columns: STATEMENT_COLUMNS,
    rows,
    totals,
    note,
    signatory: { for: `For ${name}`, name: receiptText(o.signatory_name), title: receiptText(o.signatory_title) },
    footer: receiptText(o.receipt_footer, 500),
    demo: details.isDemo ? ORGANISATION_SETTINGS_MESSAGES.demoDocument : null,
  };
}

/** 'annual-statement-2025-26.pdf': the same for every donor (the mail goes to one donor; staff download one at a time). */
export function statementFileName(year: string): string {
  return `annual-statement-${year}.pdf`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** One line for a mail header: no line breaks, whatever the legal name holds. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

/** The mail that sends the donor their statement (the PDF attached). */
export function statementMail(details: StatementDetails): { subject: string; text: string; html: string } {
  const facts = statementFacts(details);
  const subject = oneLine(`Your annual statement of donations ${details.financialYear} — ${facts.organisation.name}`);
  const lines = [
    `Dear ${receiptText(details.donor.name) || 'friend'},`,
    `Thank you for your support in the financial year ${details.financialYear} (${financialYearLabel(details.financialYear)}). Your annual statement of donations is attached.`,
    `You gave ${facts.totals[0]![1]} ${details.donations.length === 1 ? 'donation' : 'donations'}, ${facts.totals[3]![1]} in all after refunds.`,
    facts.note,
  ];
  if (facts.demo) lines.push(facts.demo);
  const signature = facts.footer ? [facts.organisation.name, facts.footer] : [facts.organisation.name];
  const text = [...lines, '', ...facts.totals.map(([label, value]) => `${label}: ${value}`), '', ...signature].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    '<table>',
    ...facts.totals.map(([label, value]) => `<tr><th scope="row" align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(facts.organisation.name)}${facts.footer ? `<br>${escapeHtml(facts.footer)}` : ''}</p>`,
  ].join('\n');
  return { subject, text, html };
}

/** The mail that answers a donor's own request: a link to the statement, working for `days` days. */
export function statementLinkMail(details: Pick<StatementDetails, 'financialYear' | 'organisation' | 'donor'>, url: string, days: number): { subject: string; text: string; html: string } {
  const name = receiptText(details.organisation.legal_name);
  const year = details.financialYear;
  const subject = oneLine(`Your annual statement of donations ${year} — ${name}`);
  const lines = [
    `Dear ${receiptText(details.donor.name) || 'friend'},`,
    `You asked for your annual statement of donations to ${name} for the financial year ${year} (${financialYearLabel(year)}). Open it here (the link works for ${days} days):`,
  ];
  const after = ['If you did not ask for this, you can ignore this mail: nobody can open the statement without the link.'];
  const text = [...lines, url, '', ...after, '', name].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>${escapeHtml(name)}</p>`,
  ].join('\n');
  return { subject, text, html };
}
