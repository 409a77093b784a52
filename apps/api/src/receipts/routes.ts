import {
  errorReplies,
  FormBody,
  ReceiptDownloadParams,
  ReceiptDownloadQuery,
  ReceiptPdf,
  ReceiptReply,
  ReceiptRequestFields,
} from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_INTENT_ID_PATTERN } from '../donations/provider/provider.js';
import { HttpError } from '../http-errors.js';
import { MAX_ID } from '../routes/shared.js';
import {
  DonationNotFoundError,
  findPaidDonation,
  issueReceipt,
  mailReceipt,
  RECEIPT_TOKEN_PATTERN,
  receiptByToken,
  receiptDownloadPath,
} from './issuing.js';
import { drawReceiptPdf } from './pdf-thread.js';
import { RECEIPT_NUMBER_PATTERN, receiptFileName } from './receipt-number.js';

// Why the path says "invoice" and the code says "receipt": the spec names these calls /api/invoices/… (its API
// contract, which the site, the partner widget and mailed links already use), while what they hand out is the 80G
// donation receipt the donor needs for the deduction, which is what the code, the PDF and the mail call it. The
// public paths stay exactly as the spec has them; everything behind them is the receipts module
// (docs/decisions/019-donations-module.md).
//
// Receipts ("invoices" in the spec's calls):
//   POST /api/invoices/generate-and-send {donation_id, payment_intent_id}: issue the donation's receipt once and
//        mail it once; a repeat answers the same receipt (with a fresh download link) and mails nothing.
//        payment_intent_id proves the caller paid: donation ids are small sequential numbers anyone can guess.
//   GET  /api/invoices/{number}/download?token=…: the PDF, only with a token handed out for that receipt.

export const INVOICE_MESSAGES = {
  sent: 'Receipt sent',
  donationNotFound: 'Donation not found',
  receiptNotFound: 'Receipt not found',
  notAnObject: 'Send donation_id and payment_intent_id as a JSON object.',
  donationIdInvalid: 'donation_id must be a whole number.',
} as const;

/** Repeats mint download tokens: a few a minute per address is plenty for a donor, and caps what a script can pile up. */
export const INVOICE_RATE_LIMIT = { max: 20, windowMs: 60 * 1000 } as const;

// The shapes are the wire contract's (packages/domain/src/contract/donations.ts). The body is a FormBody: Fastify
// answers INVOICE_MESSAGES.notAnObject to anything but a JSON object, and the handler checks the fields with the
// messages below (Ajv would coerce "7" to 7 and answer in its own words).
const receiptSchema = {
  summary: 'Issue the donation’s 80G receipt once and mail it once; answers its download link (20 per address per minute)',
  body: FormBody(ReceiptRequestFields, INVOICE_MESSAGES.notAnObject),
  response: { 200: ReceiptReply, ...errorReplies(404, 429) },
};

const downloadSchema = {
  summary: 'The 80G receipt as a PDF, with the token its download link carries',
  params: ReceiptDownloadParams,
  querystring: ReceiptDownloadQuery,
  response: { 200: { description: 'The receipt', content: { 'application/pdf': { schema: ReceiptPdf } } }, ...errorReplies(404) },
};

export async function receiptRoutes(app: FastifyInstance) {
  app.post(
    '/invoices/generate-and-send',
    {
      config: {
        rateLimit: {
          max: INVOICE_RATE_LIMIT.max,
          timeWindow: INVOICE_RATE_LIMIT.windowMs,
          errorResponseBuilder: () => new HttpError(429, 'Too many requests from this address. Please try again in a minute.'),
        },
      },
      schema: receiptSchema,
    },
    async (request, reply) => {
      // A JSON object: Fastify refused anything else with INVOICE_MESSAGES.notAnObject (receiptSchema's FormBody).
      const body = request.body as Record<string, unknown>;
      const donationId = body.donation_id;
      if (typeof donationId !== 'number' || !Number.isSafeInteger(donationId) || donationId < 1) {
        throw new HttpError(400, INVOICE_MESSAGES.donationIdInvalid);
      }
      const intentId = body.payment_intent_id;
      // Without the matching payment the donation "does not exist" for this caller: the same 404 either way.
      if (donationId > MAX_ID || typeof intentId !== 'string' || !PAYMENT_INTENT_ID_PATTERN.test(intentId)) {
        throw new HttpError(404, INVOICE_MESSAGES.donationNotFound);
      }
      const donation = await findPaidDonation(app.db, donationId, intentId);
      if (!donation) throw new HttpError(404, INVOICE_MESSAGES.donationNotFound);

      let issued;
      try {
        issued = await issueReceipt(app.db, donation.id);
      } catch (error) {
        if (error instanceof DonationNotFoundError) throw new HttpError(404, INVOICE_MESSAGES.donationNotFound);
        throw error;
      }
      if (issued.created) {
        request.log.info({ donationId: donation.id, receipt: issued.number }, 'receipt issued');
        // After the answer: the donor's thank-you must not wait on drawing a PDF or on a mail server.
        // The mail was queued with the receipt (one statement): if this task never runs, the mail sweep sends it.
        app.payments.background('mailing a receipt', () =>
          mailReceipt({ db: app.db, mailer: app.mailer, log: app.log, publicBaseUrl: app.config.publicBaseUrl }, issued),
        );
      }
      // The download link carries the receipt's token: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return {
        success: true,
        message: INVOICE_MESSAGES.sent,
        data: { invoice: { number: issued.number, download_url: receiptDownloadPath(issued.number, issued.token) } },
      };
    },
  );

  app.get<{ Params: { number: string }; Querystring: { token?: string } }>(
    '/invoices/:number/download',
    { schema: downloadSchema },
    async (request, reply) => {
      const { number } = request.params;
      const token = request.query.token ?? '';
      // One answer for an unknown number and a wrong token: the number alone reveals nothing.
      const notFound = () => new HttpError(404, INVOICE_MESSAGES.receiptNotFound);
      if (!RECEIPT_NUMBER_PATTERN.test(number) || !RECEIPT_TOKEN_PATTERN.test(token)) throw notFound();
      const receipt = await receiptByToken(app.db, number, token);
      if (!receipt) throw notFound();
      const pdf = await drawReceiptPdf(receipt.input);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${receiptFileName(receipt.number)}"`)
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(pdf);
    },
  );
}
