import {
  MAIL_STATUS_LABELS,
  ORGANISATION_SETTINGS_MESSAGES,
  TAX_YEAR_MESSAGES,
  financialYearLabel,
  formatMinor,
  formatNumber,
  type CertificateMatch,
  type StatementMailStatus,
  type TaxYearDonor,
  type TaxYearSummary,
} from '@charity/domain';
import { countLabel, formatAdminDateTime, formatConsoleDay } from '../shared/format';

// The words of /admin/tax-year (docs/decisions/027-tax-year.md). Sentences the server also says (no donations, the
// approval warnings, the ZIP problems) come from the domain's TAX_YEAR_MESSAGES; labels and headings live here.

export const TAX_YEAR_TEXT = {
  year: 'Financial year',
  loading: 'Loading the financial year...',
  retry: 'Try again',
  approvalLabel: '80G approval',
  approvalNone: 'Not set',
  figures: 'Figures for the year',
  eligibleDonors: 'Eligible donors',
  donations: 'Donations',
  net: 'Net amount (INR)',
  refunded: 'Refunded (INR)',
  withPan: 'Donors with PAN',
  withoutPan: 'Donors without PAN',
  statements: 'Annual statements sent',
  certificates: 'Form 10BE certificates uploaded',
  filingHeading: 'Form 10BD and annual statements',
  filingLead:
    'Export Form 10BD as the income-tax portal’s CSV template (donors with a PAN, net of refunds), or mail each donor who has not had one yet their annual statement of the year’s donations.',
  exportCsv: 'Export Form 10BD (CSV)',
  exporting: 'Exporting...',
  mailStatements: 'Mail annual statements',
  mailing: 'Mailing...',
  certificatesHeading: 'Form 10BE certificates',
  certificatesLead:
    'After Form 10BD is filed, the income-tax portal generates a Form 10BE certificate for each donor. Upload the ZIP file it gives you: each certificate is matched to its donor by PAN and acknowledgement number. Then send each donor theirs.',
  zipLabel: 'Form 10BE certificates (ZIP from the income-tax portal)',
  upload: 'Upload certificates',
  uploading: 'Uploading...',
  sendCertificates: 'Send certificates',
  sending: 'Sending...',
  donorsHeading: 'Donors',
} as const;

/** 'Form 10BD due by 31 May 2027' for the day '2027-05-31'. */
export function form10bdDueText(day: string): string {
  return `Form 10BD due by ${formatConsoleDay(day)}`;
}

/** '2026-27 (April 2026 – March 2027)': a year as the select offers it. */
export function financialYearOptionLabel(year: string): string {
  return `${year} (${financialYearLabel(year)})`;
}

/** 'AABTB1234CF20214, approved on 12 Aug 2021', or 'Not set' when there is no number. */
export function approvalText(approval: TaxYearSummary['approval']): string {
  if (approval.number.trim() === '') return TAX_YEAR_TEXT.approvalNone;
  return approval.date ? `${approval.number}, approved on ${formatConsoleDay(approval.date)}` : approval.number;
}

/** What staff must fix before filing, most pressing first: no number, made-up values, an approval not covering the year. */
export function approvalWarnings(summary: Pick<TaxYearSummary, 'approval' | 'financial_year'>): string[] {
  const { approval } = summary;
  const warnings: string[] = [];
  if (approval.number.trim() === '') warnings.push(TAX_YEAR_MESSAGES.approvalMissing);
  if (approval.is_demo) warnings.push(ORGANISATION_SETTINGS_MESSAGES.demoWarning);
  if (approval.number.trim() !== '' && !approval.covers_year) {
    warnings.push(TAX_YEAR_MESSAGES.approvalNotCovering(financialYearLabel(summary.financial_year)));
  }
  return warnings;
}

/** '₹1,24,500.50': paise as rupees, exact to the paisa. */
export const inrText = (minor: number): string => formatMinor(minor, 'INR');

/** '3 donors · ₹14,500.50' */
export function donorsAndAmountText(part: { donors: number; net_inr_minor: number }): string {
  return `${countLabel(part.donors, 'donor')} · ${inrText(part.net_inr_minor)}`;
}

/** '4 pending · 1 failed' under the statements sent. */
export function statementsNote(statements: TaxYearSummary['statements']): string {
  return `${formatNumber(statements.pending)} pending · ${formatNumber(statements.failed)} failed`;
}

/** '5 sent to donors' under the certificates uploaded. */
export function certificatesNote(certificates: TaxYearSummary['certificates']): string {
  return `${formatNumber(certificates.sent)} sent to donors`;
}

/** A statement or certificate mail's state in the console's words ('Sent', 'Sending', 'Queued', ...). */
export function mailStatusLabel(status: StatementMailStatus): string {
  return status === 'queued' ? 'Queued' : MAIL_STATUS_LABELS[status];
}

export const DONORS_TABLE_TEXT = {
  caption: (year: string) => `Donors of ${year}`,
  filterLabel: 'Show donors',
  all: 'All donors',
  withoutPan: 'Without PAN',
  withoutPanHint: 'These donors gave no PAN, so Form 10BD cannot report them and they get no Form 10BE certificate. Ask them for it.',
  emptyWithoutPan: 'Every donor of this year gave a PAN.',
  columnDonor: 'Donor',
  columnPan: 'PAN',
  columnDonations: 'Donations',
  columnNet: 'Net (INR)',
  columnStatement: 'Statement',
  columnCertificate: 'Certificate',
  columnActions: 'Actions',
  noPan: 'No PAN — ask the donor',
  notSent: 'Not sent',
  notUploaded: 'Not uploaded',
  uploaded: 'Uploaded',
  none: 'None',
  statementPdf: 'Statement (PDF)',
  certificatePdf: 'Certificate (PDF)',
} as const;

/** Recording the PAN a donor sent (AddPanDialog). The PAN's refusal is the domain's (PAN_MESSAGE). */
export const ADD_PAN_TEXT = {
  button: 'Add PAN',
  label: 'PAN',
  hint: 'Ten characters, e.g. ABCDE1234F',
  save: 'Save PAN',
  saving: 'Saving...',
  cancel: 'Cancel',
} as const;

/** Who a donor is in a sentence: their name, else (none given) their address. */
export const taxDonorLabel = (donor: Pick<TaxYearDonor, 'name' | 'email'>): string => donor.name.trim() || donor.email;

/** 'Add PAN for Priya Nair': the dialog's title and the button's accessible name. */
export const addPanTitle = (donor: Pick<TaxYearDonor, 'name' | 'email'>): string => `${ADD_PAN_TEXT.button} for ${taxDonorLabel(donor)}`;

/** What saving does, and what it leaves alone (receipts keep the details they were issued with). */
export const addPanDescription = (donor: Pick<TaxYearDonor, 'email'>, year: string): string =>
  `For the donations of ${year} from ${donor.email}, so Form 10BD reports them. Receipts already issued do not change.`;

/** 'All donors (14)', 'Without PAN (3)' */
export const filterText = (label: string, count: number): string => `${label} (${formatNumber(count)})`;

/** 'Refunded ₹2,000' under a donor's net amount. */
export const refundedText = (donor: Pick<TaxYearDonor, 'refunded_inr_minor'>): string => `Refunded ${inrText(donor.refunded_inr_minor)}`;

/** 'Ack. 123456789012' under an uploaded certificate. */
export const acknowledgementText = (number: string): string => `Ack. ${number}`;

/** '12 Apr 2027, 10:05' for when a mail went; null when unknown. */
export const mailedAtText = (instant: string | null): string | null => formatAdminDateTime(instant);

export const UPLOAD_RESULT_TEXT = {
  heading: 'Certificates uploaded',
  matched: 'Matched',
  replaced: 'Replaced an earlier upload',
  unmatched: 'Not matched',
  rejected: 'Rejected',
  donor: 'Donor',
  pan: 'PAN',
  acknowledgement: 'Acknowledgement number',
} as const;

export const UPLOAD_OUTCOME_LABELS: Readonly<Record<CertificateMatch['outcome'], string>> = {
  matched: UPLOAD_RESULT_TEXT.matched,
  replaced: UPLOAD_RESULT_TEXT.replaced,
  unmatched: UPLOAD_RESULT_TEXT.unmatched,
  rejected: UPLOAD_RESULT_TEXT.rejected,
};

/** '6 matched, 2 not matched, 1 rejected' */
export function uploadSummaryText(result: { matched: number; unmatched: number; rejected: number }): string {
  return `${formatNumber(result.matched)} matched, ${formatNumber(result.unmatched)} not matched, ${formatNumber(result.rejected)} rejected`;
}
