import { CERTIFICATE_ZIP_MAX_MB, financialYear, isFinancialYear, TAX_YEAR_MESSAGES } from '@charity/domain';
import {
  CertificatePdf,
  CertificatePdfParams,
  CertificatesSendReply,
  CertificateUploadForm,
  CertificateUploadReply,
  errorReplies,
  TaxYearParams,
} from '@charity/domain/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noStore } from '../admin/admin-routes.js';
import { HttpError } from '../http-errors.js';
import { multipartFailure } from '../storage/images.js';
import { megabytes } from '../storage/limits.js';
import { certificateFileName, CertificateUploadRefusal, findCertificate, sendCertificates, uploadCertificates } from './certificates.js';

// Staff's Form 10BE certificates (docs/decisions/028-form-10be-certificates.md): upload the portal's ZIP,
// download one certificate, mail the unsent ones. All behind the admin guard, answers never cached.

/** Reading a ZIP of PDFs takes seconds of CPU: a few uploads a minute per person is plenty for a yearly task. */
export const CERTIFICATE_UPLOAD_RATE_LIMIT = { max: 10, windowMs: 60 * 1000 } as const;
export const CERTIFICATE_SEND_RATE_LIMIT = { max: 10, windowMs: 60 * 1000 } as const;

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** The year of the URL, or the 400 that says what is wrong with it. */
function checkedYear(year: string, now = new Date()): string {
  if (!isFinancialYear(year)) throw new HttpError(400, TAX_YEAR_MESSAGES.invalidYear);
  if (Number(year.slice(0, 4)) > Number(financialYear(now).slice(0, 4))) throw new HttpError(400, TAX_YEAR_MESSAGES.futureYear);
  return year;
}

function perStaff(prefix: string, limit: { max: number; windowMs: number }) {
  return {
    rateLimit: {
      hook: 'preHandler' as const,
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request: FastifyRequest) => (request.auth ? `${prefix}:${request.auth.user.id}` : `ip:${request.ip}`),
      errorResponseBuilder: () => new HttpError(429, TAX_YEAR_MESSAGES.certificatesTooMany),
    },
  };
}

/** The one file of the form (field `file`), read whole up to CERTIFICATE_ZIP_MAX_MB; every part is read. */
async function readZipPart(request: FastifyRequest): Promise<Buffer> {
  let zip: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: megabytes(CERTIFICATE_ZIP_MAX_MB) } })) {
      if (part.type !== 'file') continue;
      // A second file, or a file in another field, is not the form this route takes.
      if (part.fieldname !== 'file' || zip !== null) throw new HttpError(400, TAX_YEAR_MESSAGES.zipRequired);
      try {
        zip = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TAX_YEAR_MESSAGES.zipTooLarge(CERTIFICATE_ZIP_MAX_MB));
        throw error;
      }
    }
  } catch (error) {
    // A cut-off or malformed multipart body is the client's fault: 400 with a sentence, not a 500.
    throw multipartFailure(error);
  }
  // No file, or a file input left empty (no bytes).
  if (!zip || zip.length === 0) throw new HttpError(400, TAX_YEAR_MESSAGES.zipRequired);
  return zip;
}

export async function certificateRoutes(app: FastifyInstance) {
  noStore(app);
  const files = app.certificateFiles;

  app.post<{ Params: TaxYearParams }>(
    '/admin/tax-year/:year/certificates',
    {
      onRequest: app.requireAdmin,
      config: perStaff('certificate-upload', CERTIFICATE_UPLOAD_RATE_LIMIT),
      schema: {
        summary: 'Upload the ZIP of Form 10BE certificates from the income-tax portal and match them to donors',
        params: TaxYearParams,
        consumes: ['multipart/form-data'],
        'x-body': CertificateUploadForm,
        response: { 200: CertificateUploadReply, ...errorReplies(401, 403, 413, 415, 429) },
      },
    },
    async (request) => {
      const year = checkedYear(request.params.year);
      if (!request.isMultipart()) throw new HttpError(415, TAX_YEAR_MESSAGES.zipRequired);
      const zip = await readZipPart(request);
      try {
        const { message, result } = await uploadCertificates(
          { db: app.db, files, log: request.log },
          { year, zip, uploadedBy: request.auth?.user.username ?? null },
        );
        return { success: true, message, data: result };
      } catch (error) {
        if (error instanceof CertificateUploadRefusal) throw new HttpError(error.statusCode, error.message);
        throw error;
      }
    },
  );

  app.get<{ Params: CertificatePdfParams }>(
    '/admin/tax-year/:year/certificates/:pan.pdf',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "A donor's Form 10BE certificate as uploaded",
        params: CertificatePdfParams,
        produces: ['application/pdf'],
        response: { 200: CertificatePdf, ...errorReplies(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const year = checkedYear(request.params.year);
      const pan = request.params.pan.toUpperCase();
      const row = PAN.test(pan) ? await findCertificate(app.db, year, pan) : null;
      const pdf = row ? await files.read(row.storageKey) : null;
      if (!row || !pdf) throw new HttpError(404, TAX_YEAR_MESSAGES.certificateNotFound);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${certificateFileName(year, pan)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );

  app.post<{ Params: TaxYearParams }>(
    '/admin/tax-year/:year/certificates/send',
    {
      onRequest: app.requireAdmin,
      config: perStaff('certificate-send', CERTIFICATE_SEND_RATE_LIMIT),
      schema: {
        summary: 'Mail every uploaded Form 10BE certificate not yet sent to its donor',
        params: TaxYearParams,
        response: { 200: CertificatesSendReply, ...errorReplies(401, 403, 429) },
      },
    },
    async (request) => {
      const year = checkedYear(request.params.year);
      const queued = await sendCertificates({ db: app.db, mailer: app.mailer, files, log: request.log }, year);
      return { success: true, message: queued === 0 ? TAX_YEAR_MESSAGES.certificatesNone : TAX_YEAR_MESSAGES.certificatesSent(queued), data: { queued } };
    },
  );
}
