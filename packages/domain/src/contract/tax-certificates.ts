import { Type, type Static } from 'typebox';
import { CERTIFICATE_ZIP_MAX_MB, type CertificateMatch, type CertificateUploadResult } from '../tax-year';
import { Nullable, OkWithMessage, StringEnum } from './common';

// Form 10BE certificates on the wire (docs/decisions/028-form-10be-certificates.md): staff upload the ZIP
// of certificates the income-tax portal generates (POST /api/admin/tax-year/:year/certificates), download one
// (GET …/certificates/:pan.pdf) and mail every matched one not yet sent to its donor (POST …/certificates/send).
// The year is TaxYearParams (./tax-year).

export const CERTIFICATE_OUTCOMES = ['matched', 'replaced', 'unmatched', 'rejected'] as const satisfies readonly CertificateMatch['outcome'][];

export const CertificateMatchReply = Type.Object({
  file_name: Type.String(),
  outcome: StringEnum(CERTIFICATE_OUTCOMES),
  donor_email: Nullable(Type.String()),
  pan: Nullable(Type.String()),
  acknowledgement_number: Nullable(Type.String()),
  reason: Nullable(Type.String()),
});

export const CertificateUploadResultReply = Type.Object({
  financial_year: Type.String(),
  matched: Type.Integer({ description: 'Files kept (matched or replacing an earlier upload).' }),
  unmatched: Type.Integer(),
  rejected: Type.Integer(),
  files: Type.Array(CertificateMatchReply),
});

/** POST /api/admin/tax-year/:year/certificates: '<n> certificates matched, <m> not matched.' and each file's fate. */
export const CertificateUploadReply = OkWithMessage(CertificateUploadResultReply);
export type CertificateUploadReply = Static<typeof CertificateUploadReply>;

/** The multipart form the upload takes (documented only: the route reads the parts itself). */
export const CertificateUploadForm = Type.Object({
  file: Type.String({ format: 'binary', description: `The ZIP of Form 10BE PDFs downloaded from the income-tax portal, at most ${CERTIFICATE_ZIP_MAX_MB} MB.` }),
});

/** `/:year/certificates/:pan.pdf`. Only a bound on the length here: the route answers anything else with 404. */
export const CertificatePdfParams = Type.Object({
  year: Type.String({ maxLength: 20, description: "A financial year such as '2026-27'." }),
  pan: Type.String({ maxLength: 20, description: "The donor's PAN, e.g. ABCDE1234F." }),
});
export type CertificatePdfParams = Static<typeof CertificatePdfParams>;

export const CertificatePdf = { type: 'string', format: 'binary', description: 'The Form 10BE certificate as uploaded' } as const;

/** POST /api/admin/tax-year/:year/certificates/send: how many mails were queued (the message says it too). */
export const CertificatesSendReply = OkWithMessage(Type.Object({ queued: Type.Integer() }));
export type CertificatesSendReply = Static<typeof CertificatesSendReply>;

// ---- The schemas and the domain's types say the same thing (a compile error here means one of them changed) ----
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
/** Type-only: never used, it exists to be checked. */
export type TaxCertificateContractAgreesWithDomain = [
  Expect<Same<Static<typeof CertificateMatchReply>, CertificateMatch>>,
  Expect<Same<Static<typeof CertificateUploadResultReply>, CertificateUploadResult>>,
];
