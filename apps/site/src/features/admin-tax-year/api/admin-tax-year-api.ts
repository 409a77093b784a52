import type { KyInstance } from 'ky';
import type { CertificateUploadResult, TaxYearDonor, TaxYearSummary } from '@charity/domain';
import { isRecord, replyData } from '../../../lib/api/replies';
// The admin area's one download helper (bearer token, silent, the server's file name), shared with the donations CSV,
// receipts and refund notes.
import { downloadFile as download, type CsvDownload } from '../../admin-donations/api/admin-donations-api';

// /admin/tax-year's calls (docs/decisions/027-tax-year.md, packages/domain/src/contract/tax-year.ts and
// tax-certificates.ts). All silent for the global toast: the page shows its own sentence or the server's. The bearer
// token is added by the client, also to the CSV and the PDFs, which is why they are fetched here rather than opened
// as links. The POSTs and the PUT are never retried (the client retries GETs only).

/** A file fetched with the bearer token, to be handed to the browser's download (lib/save-file). */
export type TaxYearDownload = CsvDownload;

/** A POST's sentence for staff (TAX_YEAR_MESSAGES.statementsQueued, .certificatesSent…). */
export interface TaxYearOutcome<T> {
  message: string | null;
  data: T;
}

const yearPath = (year: string) => `admin/tax-year/${encodeURIComponent(year)}`;

const messageOf = (body: unknown): string | null =>
  isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '' ? body.message.trim() : null;

const count = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 0);

/**
 * `data` of a summary reply. What the screen relies on is checked (the year, the figures' objects, the donors list):
 * a half-understood reply throws a TypeError, which the store reports like any failed call.
 */
export function parseTaxYearSummary(body: unknown): TaxYearSummary {
  const data = replyData(body, 'tax year');
  const objects = ['approval', 'eligible', 'with_pan', 'without_pan', 'statements', 'certificates'] as const;
  if (typeof data.financial_year !== 'string' || typeof data.form_10bd_due !== 'string' || objects.some((key) => !isRecord(data[key]))) {
    throw new TypeError('The tax year reply has no summary');
  }
  if (!Array.isArray(data.donors)) throw new TypeError('The tax year reply has no list of donors');
  const donors = data.donors.filter(
    (donor): donor is TaxYearDonor => isRecord(donor) && typeof donor.email === 'string' && typeof donor.name === 'string',
  );
  return { ...(data as unknown as TaxYearSummary), donors };
}

/** `data` of an upload reply: the counts and each file's fate. */
export function parseCertificateUpload(body: unknown): CertificateUploadResult {
  const data = replyData(body, 'certificate upload');
  if (!Array.isArray(data.files)) throw new TypeError('The certificate upload reply has no list of files');
  return {
    financial_year: typeof data.financial_year === 'string' ? data.financial_year : '',
    matched: count(data.matched),
    unmatched: count(data.unmatched),
    rejected: count(data.rejected),
    files: data.files.filter((file): file is CertificateUploadResult['files'][number] => isRecord(file) && typeof file.file_name === 'string'),
  };
}

/** GET /api/admin/tax-year/{year}: 400 with the domain's sentence for a malformed year or one not begun. */
export async function fetchTaxYear(client: KyInstance, year: string, signal?: AbortSignal): Promise<TaxYearSummary> {
  return parseTaxYearSummary(await client.get(yearPath(year), { signal, context: { silent: true } }).json<unknown>());
}

/** GET …/form-10bd.csv: the portal's CSV template, or 409 with the reason it cannot be made (no donor with a PAN…). */
export const exportForm10bd = (client: KyInstance, year: string): Promise<TaxYearDownload> =>
  download(client, `${yearPath(year)}/form-10bd.csv`, `form-10bd-${year}.csv`);

/** GET …/statement.pdf?email=: a donor's annual statement, for staff. */
export const downloadStatement = (client: KyInstance, year: string, donor: Pick<TaxYearDonor, 'email'>): Promise<TaxYearDownload> =>
  download(client, `${yearPath(year)}/statement.pdf`, `annual-statement-${year}.pdf`, { email: donor.email });

/** GET …/certificates/{pan}.pdf: a donor's uploaded Form 10BE certificate. */
export function downloadCertificate(client: KyInstance, year: string, donor: Pick<TaxYearDonor, 'pan'>): Promise<TaxYearDownload> {
  const pan = donor.pan ?? '';
  return download(client, `${yearPath(year)}/certificates/${encodeURIComponent(pan)}.pdf`, `Form-10BE-${year}-${pan}.pdf`);
}

/** POST …/statements: the statements mailed to every donor not yet sent one, and the summary after. */
export async function mailStatements(client: KyInstance, year: string): Promise<TaxYearOutcome<TaxYearSummary>> {
  const body = await client.post(`${yearPath(year)}/statements`, { json: {}, context: { silent: true } }).json<unknown>();
  return { message: messageOf(body), data: parseTaxYearSummary(body) };
}

/** PUT …/donors/pan {email, pan}: the PAN a donor sent, recorded on their donations of the year; the summary after. */
export async function saveDonorPan(client: KyInstance, year: string, email: string, pan: string): Promise<TaxYearOutcome<TaxYearSummary>> {
  const body = await client.put(`${yearPath(year)}/donors/pan`, { json: { email, pan }, context: { silent: true } }).json<unknown>();
  return { message: messageOf(body), data: parseTaxYearSummary(body) };
}

/** POST …/certificates, multipart with the ZIP as `file`: each file matched to a donor, or why not. */
export async function uploadCertificates(client: KyInstance, year: string, file: File): Promise<TaxYearOutcome<CertificateUploadResult>> {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await client.post(`${yearPath(year)}/certificates`, { body: form, context: { silent: true } }).json<unknown>();
  return { message: messageOf(body), data: parseCertificateUpload(body) };
}

/** POST …/certificates/send: every matched certificate not yet sent, mailed to its donor. */
export async function sendCertificates(client: KyInstance, year: string): Promise<string | null> {
  return messageOf(await client.post(`${yearPath(year)}/certificates/send`, { json: {}, context: { silent: true } }).json<unknown>());
}
