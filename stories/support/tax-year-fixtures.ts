import { TAX_YEAR_MESSAGES, type CertificateUploadResult, type TaxYearDonor, type TaxYearSummary } from '@charity/domain';

// /admin/tax-year's fixtures: the financial year 2026-27 of five Indian donors (two without a PAN), money in paise.

export const TAX_YEARS = ['2026-27', '2025-26', '2024-25'] as const;

export const ASHA: TaxYearDonor = {
  email: 'asha.rao@example.org',
  name: 'Asha Rao',
  pan: 'ABCPR1234K',
  donations: 3,
  gross_inr_minor: 1_500_000,
  refunded_inr_minor: 0,
  net_inr_minor: 1_500_000,
  statement: { mail_status: 'sent', sent_at: '2027-04-05T04:30:00.000Z' },
  certificate: {
    acknowledgement_number: '123456789012',
    file_name: 'ABCPR1234K_2026-27.pdf',
    uploaded_at: '2027-06-02T05:00:00.000Z',
    mail_status: 'sent',
    sent_at: '2027-06-02T05:10:00.000Z',
  },
};

export const RAHUL: TaxYearDonor = {
  email: 'rahul.mehta@example.org',
  name: 'Rahul Mehta',
  pan: 'BNZPM2501F',
  donations: 1,
  gross_inr_minor: 500_000,
  refunded_inr_minor: 200_000,
  net_inr_minor: 300_000,
  statement: { mail_status: 'queued', sent_at: '2027-04-05T04:30:00.000Z' },
  certificate: {
    acknowledgement_number: '123456789013',
    file_name: 'BNZPM2501F_2026-27.pdf',
    uploaded_at: '2027-06-02T05:00:00.000Z',
    mail_status: null,
    sent_at: null,
  },
};

export const PRIYA: TaxYearDonor = {
  email: 'priya.nair@example.org',
  name: 'Priya Nair',
  pan: null,
  donations: 2,
  gross_inr_minor: 1_000_050,
  refunded_inr_minor: 0,
  net_inr_minor: 1_000_050,
  statement: { mail_status: 'failed', sent_at: '2027-04-05T04:30:00.000Z' },
  certificate: null,
};

export const VIKRAM: TaxYearDonor = {
  email: 'vikram.singh@example.org',
  name: 'Vikram Singh',
  pan: 'AFZPS7788Q',
  donations: 1,
  gross_inr_minor: 2_500_000,
  refunded_inr_minor: 0,
  net_inr_minor: 2_500_000,
  statement: null,
  certificate: null,
};

export const MEERA: TaxYearDonor = {
  email: 'meera.iyer@example.org',
  name: 'Meera Iyer',
  pan: null,
  donations: 1,
  gross_inr_minor: 250_000,
  refunded_inr_minor: 0,
  net_inr_minor: 250_000,
  statement: null,
  certificate: null,
};

export const TAX_YEAR_DONORS: readonly TaxYearDonor[] = [ASHA, RAHUL, PRIYA, VIKRAM, MEERA];

export const TAX_YEAR_SUMMARY: TaxYearSummary = {
  financial_year: '2026-27',
  form_10bd_due: '2027-05-31',
  approval: { number: 'AABTB1234CF20214', date: '2021-08-12', covers_year: true, is_demo: false },
  eligible: { donors: 5, donations: 8, net_inr_minor: 5_550_050, refunded_inr_minor: 200_000 },
  with_pan: { donors: 3, net_inr_minor: 4_300_000 },
  without_pan: { donors: 2, net_inr_minor: 1_250_050 },
  statements: { sent: 1, pending: 3, failed: 1 },
  certificates: { uploaded: 2, sent: 1 },
  donors: [...TAX_YEAR_DONORS],
};

/** The seed's made-up approval, dated after the year began. */
export const DEMO_APPROVAL_SUMMARY: TaxYearSummary = {
  ...TAX_YEAR_SUMMARY,
  approval: { number: 'AABTB1234CF20214', date: '2026-09-01', covers_year: false, is_demo: true },
};

/** A year nobody in India gave in. */
export const EMPTY_YEAR_SUMMARY: TaxYearSummary = {
  ...TAX_YEAR_SUMMARY,
  financial_year: '2025-26',
  form_10bd_due: '2026-05-31',
  eligible: { donors: 0, donations: 0, net_inr_minor: 0, refunded_inr_minor: 0 },
  with_pan: { donors: 0, net_inr_minor: 0 },
  without_pan: { donors: 0, net_inr_minor: 0 },
  statements: { sent: 0, pending: 0, failed: 0 },
  certificates: { uploaded: 0, sent: 0 },
  donors: [],
};

/** The portal's ZIP with two certificates matched, two for nobody and two files that are not certificates. */
export const UPLOAD_WITH_MISMATCHES: CertificateUploadResult = {
  financial_year: '2026-27',
  matched: 2,
  unmatched: 2,
  rejected: 2,
  files: [
    { file_name: 'ABCPR1234K_2026-27.pdf', outcome: 'matched', donor_email: 'asha.rao@example.org', pan: 'ABCPR1234K', acknowledgement_number: '123456789012', reason: null },
    { file_name: 'BNZPM2501F_2026-27.pdf', outcome: 'replaced', donor_email: 'rahul.mehta@example.org', pan: 'BNZPM2501F', acknowledgement_number: '123456789013', reason: null },
    { file_name: 'ZZZPX0000Z_2026-27.pdf', outcome: 'unmatched', donor_email: null, pan: 'ZZZPX0000Z', acknowledgement_number: '998877665544', reason: TAX_YEAR_MESSAGES.noDonorForPan },
    { file_name: 'AFZPS7788Q_2025-26.pdf', outcome: 'unmatched', donor_email: null, pan: 'AFZPS7788Q', acknowledgement_number: '998877665545', reason: TAX_YEAR_MESSAGES.wrongYear('2025-26') },
    { file_name: 'readme.txt', outcome: 'rejected', donor_email: null, pan: null, acknowledgement_number: null, reason: TAX_YEAR_MESSAGES.fileNotPdf },
    { file_name: 'scan-0001.pdf', outcome: 'rejected', donor_email: null, pan: null, acknowledgement_number: null, reason: TAX_YEAR_MESSAGES.noPanInFile },
  ],
};

export const UPLOAD_ALL_MATCHED: CertificateUploadResult = {
  financial_year: '2026-27',
  matched: 2,
  unmatched: 0,
  rejected: 0,
  files: UPLOAD_WITH_MISMATCHES.files.slice(0, 2),
};
