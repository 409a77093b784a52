import { financialYear } from '@charity/domain';
import fc from 'fast-check';
import { certificatePdf, withDeclaredSize, zipOf } from '../support/certificates.js';
import { illFormedMultipart, jsonBodies, multipartOf, pathParam, pictureUploads, type FuzzBody } from './inputs.js';

// What the fuzz sends the Form 10BE routes (tax-year/certificate-routes.ts): ZIPs of certificates, some of which match
// the world's donation (Asha Verma's PAN, this financial year) so the accepted path writes rows and files, and every
// kind of archive the upload must refuse without writing anything.

const YEAR = financialYear(new Date());
const pdf = await certificatePdf({ donorId: 'ABCDE1234F', acknowledgementNumber: '123456789012345', financialYear: YEAR });
const zip = zipOf({ 'ABCDE1234F.pdf': pdf });

/** Archives: a good one, one with a bit of everything, and the refused kinds (empty, bomb, path outside, cut short). */
const ARCHIVES: readonly Buffer[] = [
  zip,
  zipOf({ 'a.pdf': pdf, 'notes.txt': 'x', 'broken.pdf': '%PDF-1.7 junk', 'other.pdf': pdf.subarray(0, 900), '__MACOSX/._a.pdf': 'x' }),
  zipOf({}),
  withDeclaredSize(zip, 0xfffffff0),
  zipOf({ '../a.pdf': pdf }),
  zip.subarray(0, Math.floor(zip.length / 2)),
];

/** Mostly this year (so uploads get past the year to the archive), else years refused for their form or their future. */
export const certificateYear = pathParam(fc.oneof({ weight: 4, arbitrary: fc.constant(YEAR) }, { weight: 1, arbitrary: fc.constantFrom('2025-26', '2099-00', '2025-27', '2025', 'x') }));

export const certificatePan = pathParam(fc.constantFrom('ABCDE1234F', 'abcde1234f', 'ZZZZZ9999Z', '..', 'x'));

export const certificateUploads: fc.Arbitrary<FuzzBody> = fc.oneof(
  { weight: 4, arbitrary: multipartOf({ note: 'x' }, ['file'], ARCHIVES) },
  { weight: 2, arbitrary: pictureUploads('file', ARCHIVES) },
  // One or two of the archives that are accepted: the path that reads PDFs and writes rows and files, often.
  { weight: 2, arbitrary: pictureUploads('file', ARCHIVES.slice(0, 2)) },
  { weight: 1, arbitrary: illFormedMultipart({ note: 'Certificates for the year' }, 'file', ARCHIVES) },
  { weight: 1, arbitrary: jsonBodies({ file: 'x' }) },
);
