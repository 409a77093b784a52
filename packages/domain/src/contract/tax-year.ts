import { Type, type Static } from 'typebox';
import { FIELD_MAX_LENGTHS } from '../field-limits';
import type { StatementMailStatus, TaxYearDonor, TaxYearSummary } from '../tax-year';
import { Nullable, OkWithMessage, Ok, StringEnum } from './common';

// The financial year on the wire (docs/decisions/027-tax-year.md): staff's summary of a year, its Form 10BD CSV and
// annual statements (GET/POST /api/admin/tax-year/:year…), and a donor's own request for their statement
// (POST /api/statements/request, then the mailed link GET /api/statements/:token.pdf).

const MAIL_STATUSES = ['queued', 'pending', 'sent', 'failed', 'stored'] as const satisfies readonly StatementMailStatus[];

/**
 * `/:year`, e.g. '2026-27'. Only a bound on its length here: the route answers a malformed year in the domain's
 * words (TAX_YEAR_MESSAGES.invalidYear), not JSON Schema's.
 */
export const TaxYearParams = Type.Object({ year: Type.String({ maxLength: 20, description: "A financial year such as '2026-27' (April 2026 to March 2027)." }) });
export type TaxYearParams = Static<typeof TaxYearParams>;

/** `?email=`: whose statement staff download (the address the donor gave, any case). */
export const StatementPdfQuery = Type.Object({ email: Type.String({ maxLength: FIELD_MAX_LENGTHS.donor.email, description: "The donor's email address." }) });
export type StatementPdfQuery = Static<typeof StatementPdfQuery>;

export const TaxYearDonorReply = Type.Object({
  email: Type.String(),
  name: Type.String(),
  pan: Nullable(Type.String()),
  donations: Type.Integer(),
  gross_inr_minor: Type.Integer(),
  refunded_inr_minor: Type.Integer(),
  net_inr_minor: Type.Integer(),
  statement: Nullable(Type.Object({ mail_status: StringEnum(MAIL_STATUSES), sent_at: Type.String() })),
  certificate: Nullable(
    Type.Object({
      acknowledgement_number: Type.String(),
      file_name: Type.String(),
      uploaded_at: Type.String(),
      mail_status: Nullable(StringEnum(MAIL_STATUSES)),
      sent_at: Nullable(Type.String()),
    }),
  ),
});

const Figures = Type.Object({ donors: Type.Integer(), net_inr_minor: Type.Integer() });

export const TaxYearSummaryReplyData = Type.Object({
  financial_year: Type.String(),
  form_10bd_due: Type.String(),
  approval: Type.Object({ number: Type.String(), date: Nullable(Type.String()), covers_year: Type.Boolean(), is_demo: Type.Boolean() }),
  eligible: Type.Object({ donors: Type.Integer(), donations: Type.Integer(), net_inr_minor: Type.Integer(), refunded_inr_minor: Type.Integer() }),
  with_pan: Figures,
  without_pan: Figures,
  statements: Type.Object({ sent: Type.Integer(), pending: Type.Integer(), failed: Type.Integer() }),
  certificates: Type.Object({ uploaded: Type.Integer(), sent: Type.Integer() }),
  donors: Type.Array(TaxYearDonorReply),
});

/** GET /api/admin/tax-year/:year */
export const TaxYearSummaryReply = Ok(TaxYearSummaryReplyData);
export type TaxYearSummaryReply = Static<typeof TaxYearSummaryReply>;
/** POST /api/admin/tax-year/:year/statements: how many were queued (message) and the summary after. */
export const StatementsRunReply = OkWithMessage(TaxYearSummaryReplyData);
export type StatementsRunReply = Static<typeof StatementsRunReply>;

/**
 * PUT /api/admin/tax-year/:year/donors/pan: the PAN a donor sent staff, recorded on their eligible donations of the
 * year. Checked by the route in the domain's words (TAX_YEAR_MESSAGES.panInvalid, the donation form's sentence).
 */
export const DonorPanBody = Type.Object({
  email: Type.String({ maxLength: FIELD_MAX_LENGTHS.donor.email, description: "The donor's email address, as the summary lists it (any case)." }),
  pan: Type.String({ maxLength: 20, description: "The donor's PAN, e.g. 'ABCDE1234F' (trimmed and uppercased before it is checked)." }),
});
export type DonorPanBody = Static<typeof DonorPanBody>;
/** The PAN recorded: whose (message) and the summary after, the donor now among those with a PAN. */
export const DonorPanReply = OkWithMessage(TaxYearSummaryReplyData);
export type DonorPanReply = Static<typeof DonorPanReply>;

/** The donor's request form (/annual-statement). Checked by the route in the domain's words. */
export const StatementRequestBody = Type.Object({
  email: Type.String({ maxLength: FIELD_MAX_LENGTHS.donor.email }),
  financial_year: Type.String({ maxLength: 20, description: "e.g. '2026-27'" }),
});
export type StatementRequestBody = Static<typeof StatementRequestBody>;

/** `/statements/:token.pdf` */
export const StatementTokenParams = Type.Object({ token: Type.String({ maxLength: 100 }) });
export type StatementTokenParams = Static<typeof StatementTokenParams>;

export const StatementPdf = { type: 'string', format: 'binary', description: 'The annual statement as a PDF' } as const;
export const Form10bdCsv = { type: 'string', description: 'Form 10BD Part B rows as CSV (the income-tax portal’s template columns)' } as const;

// ---- The schemas and the domain's types say the same thing (a compile error here means one of them changed) ----
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
/** Type-only: never used, it exists to be checked. */
export type TaxYearContractAgreesWithDomain = [
  Expect<Same<Static<typeof TaxYearDonorReply>, TaxYearDonor>>,
  Expect<Same<Static<typeof TaxYearSummaryReplyData>, TaxYearSummary>>,
];
