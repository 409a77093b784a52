import {
  CancelFields,
  CardSetupReply,
  ChangeAmountFields,
  ChangeCardFields,
  errorReplies,
  FormBody,
  GiftChangedReply,
  GiftReply,
  GiftTokenHeaders,
  MessageReply,
  PauseFields,
  ReceiptDownloadParams,
  ReceiptPdf,
  RequestLinksFields,
} from '@charity/domain/contract';
import { drawReceiptPdf } from '../receipts/pdf-thread.js';
import { RECEIPT_NUMBER_PATTERN, receiptFileName } from '../receipts/receipt-number.js';
import { INVOICE_MESSAGES } from '../receipts/routes.js';
import { isValidEmail, RECURRING_MESSAGES } from '@charity/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formError, HttpError } from '../http-errors.js';
import { requestLinks } from './use-cases/request-links.js';
import { cancel, cardSetup, changeAmount, changeCard, giftReceipt, giftView, openGift, pause, resume, revokeLinks, type OpenedGift } from './use-cases/manage.js';

// The donor's routes for a monthly gift (docs/decisions/022-monthly-gifts.md), without an account:
//   POST /recurring/links {email}                 mails a fresh management link for each gift of that address
//   GET  /recurring/gift                          the gift the X-Gift-Token header's link opens
//   POST /recurring/gift/amount|pause|resume|cancel|card/setup|card|links/revoke
// The token travels in a header, never in a URL (URLs end up in logs and Referer headers). Every answer is no-store.

export const RECURRING_BODY_MESSAGE = 'Send the fields as a JSON object.';
/** A donor asks for links a handful of times at most; a script trying addresses is slowed down per address. */
export const LINK_REQUEST_RATE_LIMIT = { max: 5, windowMs: 15 * 60_000 } as const;
/** Changes per address: generous for a person, a wall for a script hammering a stolen link. */
export const GIFT_CHANGE_RATE_LIMIT = { max: 30, windowMs: 15 * 60_000 } as const;
const TOO_MANY = 'Too many requests. Please try again in a few minutes.';

const rateLimit = (limit: { max: number; windowMs: number }) => ({
  max: limit.max,
  timeWindow: limit.windowMs,
  errorResponseBuilder: () => new HttpError(429, TOO_MANY),
});

function tokenOf(request: FastifyRequest): unknown {
  return request.headers['x-gift-token'];
}

export async function recurringRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/recurring/links',
    {
      config: { rateLimit: rateLimit(LINK_REQUEST_RATE_LIMIT) },
      schema: {
        summary: 'Mail a fresh management link for each monthly gift of an address (the same answer whatever the address)',
        body: FormBody(RequestLinksFields, RECURRING_BODY_MESSAGE),
        response: { 202: MessageReply, ...errorReplies(429) },
      },
    },
    async (request, reply) => {
      const email = (request.body as { email?: unknown }).email;
      if (typeof email !== 'string' || !isValidEmail(email.trim())) throw formError({ email: RECURRING_MESSAGES.emailInvalid });
      await requestLinks(app, email.trim().toLowerCase(), request.log);
      return reply.code(202).send({ success: true, message: RECURRING_MESSAGES.linksRequested });
    },
  );

  const opened = (request: FastifyRequest): Promise<OpenedGift> => openGift(app, tokenOf(request));
  const changeSchema = (summary: string, body: Parameters<typeof FormBody>[0] | null) => ({
    summary,
    headers: GiftTokenHeaders,
    ...(body ? { body: FormBody(body, RECURRING_BODY_MESSAGE) } : {}),
    response: { 200: GiftChangedReply, ...errorReplies(401, 409, 429, 502, 504) },
  });
  const answer = async (gift: OpenedGift, message: string) => ({ success: true, message, data: await giftView(app, gift) });

  app.get(
    '/recurring/gift',
    { config: { rateLimit: rateLimit(GIFT_CHANGE_RATE_LIMIT) }, schema: { summary: 'The monthly gift a management link opens', headers: GiftTokenHeaders, response: { 200: GiftReply, ...errorReplies(401, 429) } } },
    async (request) => ({ success: true, data: await giftView(app, await opened(request)) }),
  );

  app.get<{ Params: { number: string } }>(
    '/recurring/gift/receipts/:number',
    {
      config: { rateLimit: rateLimit(GIFT_CHANGE_RATE_LIMIT) },
      schema: {
        summary: 'The PDF receipt of one of the gift’s payments',
        headers: GiftTokenHeaders,
        params: ReceiptDownloadParams,
        produces: ['application/pdf'],
        response: { 200: ReceiptPdf, ...errorReplies(401, 404, 429) },
      },
    },
    async (request, reply) => {
      const gift = await opened(request);
      const { number } = request.params;
      const receipt = RECEIPT_NUMBER_PATTERN.test(number) ? await giftReceipt(app, gift, number) : null;
      if (!receipt) throw new HttpError(404, INVOICE_MESSAGES.receiptNotFound);
      const pdf = await drawReceiptPdf(receipt.input);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${receiptFileName(receipt.number)}"`)
        .header('x-robots-tag', 'noindex')
        .send(pdf);
    },
  );

  app.post(
    '/recurring/gift/amount',
    { config: { rateLimit: rateLimit(GIFT_CHANGE_RATE_LIMIT) }, schema: changeSchema('Change the monthly amount (from the next payment)', ChangeAmountFields) },
    async (request) => {
      const gift = await opened(request);
      const changed = await changeAmount(app, gift, (request.body as { amount?: unknown }).amount);
      return answer({ ...gift, gift: changed.gift }, changed.message);
    },
  );

  app.post(
    '/recurring/gift/pause',
    { config: { rateLimit: rateLimit(GIFT_CHANGE_RATE_LIMIT) }, schema: changeSchema('Pause the gift for 1, 2 or 3 months', PauseFields) },
    async (request) => {
      const gift = await opened(request);
      const changed = await pause(app, gift, (request.body as { months?: unknown }).months);
      return answer({ ...gift, gift: changed.gift }, changed.message);
    },
  );

  app.post(
    '/recurring/gift/resume',
    { config: { rateLimit: rateLimit(GIFT_CHANGE_RATE_LIMIT) }, schema: changeSchema('Resume a paused gift now', null) },
    async (request) => {
      const gift = await opened(request);
      const changed = await resume(app, gift);
      return answer({ ...gift, gift: changed.gift }, changed.message);
    },
  );

  app.post(
    '/recurring/gift/cancel',
    { config: { rateLimit: rateLimit(GIFT_CHANGE_RATE_LIMIT) }, schema: changeSchema('Cancel the gift at once, with an optional reason', CancelFields) },
    async (request) => {
      const gift = await opened(request);
      const changed = await cancel(app, gift.gift, (request.body as { reason?: unknown } | undefined)?.reason, 'donor');
      return answer({ ...gift, gift: changed.gift }, changed.message);
    },
  );

  app.post(
    '/recurring/gift/card/setup',
    {
      config: { rateLimit: rateLimit(GIFT_CHANGE_RATE_LIMIT) },
      schema: { summary: 'Start a card change: a SetupIntent the card form confirms', headers: GiftTokenHeaders, response: { 200: CardSetupReply, ...errorReplies(401, 409, 429, 502, 504) } },
    },
    async (request) => {
      const setup = await cardSetup(app, await opened(request));
      return { success: true, data: { client_secret: setup.clientSecret, setup_intent_id: setup.id } };
    },
  );

  app.post(
    '/recurring/gift/card',
    { config: { rateLimit: rateLimit(GIFT_CHANGE_RATE_LIMIT) }, schema: changeSchema('Charge future payments to the card of a confirmed SetupIntent', ChangeCardFields) },
    async (request) => {
      const gift = await opened(request);
      const changed = await changeCard(app, gift, (request.body as { setup_intent_id?: unknown }).setup_intent_id);
      return answer({ ...gift, gift: changed.gift }, changed.message);
    },
  );

  app.post(
    '/recurring/gift/links/revoke',
    {
      config: { rateLimit: rateLimit(GIFT_CHANGE_RATE_LIMIT) },
      schema: { summary: 'Stop every link to the gift (this one included)', headers: GiftTokenHeaders, response: { 200: MessageReply, ...errorReplies(401, 429) } },
    },
    async (request) => ({ success: true, message: await revokeLinks(app, await opened(request)) }),
  );
}
