import type { KyInstance, Options } from 'ky';
import { GIFT_STATUSES, isRecord, type PauseMonths } from '@charity/domain';
import type { GiftView } from '@charity/domain/contract';

// The donor's monthly-gift calls (docs/decisions/022-monthly-gifts.md). The management link's token goes in the
// X-Gift-Token header and nowhere else: never in a URL (the client's log lines are method and path only, never
// headers), never in a body. Every call is silent for the global toast: the page shows each failure where it happened
// (the dialog's alert, the link form, the page's error state).

/** The header the API reads the management link's token from. */
export const GIFT_TOKEN_HEADER = 'X-Gift-Token';

export const GIFT_API_PATHS = {
  links: 'recurring/links',
  gift: 'recurring/gift',
  amount: 'recurring/gift/amount',
  pause: 'recurring/gift/pause',
  resume: 'recurring/gift/resume',
  cancel: 'recurring/gift/cancel',
  cardSetup: 'recurring/gift/card/setup',
  card: 'recurring/gift/card',
  revokeLinks: 'recurring/gift/links/revoke',
} as const;

/** A change the server made: its sentence for the donor and the gift as it is now. */
export interface GiftChange {
  message: string | null;
  gift: GiftView;
}

export interface CardSetup {
  clientSecret: string;
  setupIntentId: string;
}

const withToken = (token: string, options: Options = {}): Options => ({
  ...options,
  headers: { [GIFT_TOKEN_HEADER]: token },
  context: { silent: true },
});

const messageOf = (body: unknown): string | null =>
  isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;

/**
 * The gift in a reply's `data`. Only what the page relies on is checked (an id, a known status, the payments list):
 * a half-understood reply throws a TypeError, which the page reports like any failed call.
 */
export function readGift(body: unknown): GiftView {
  const data = isRecord(body) && body.success !== false ? body.data : undefined;
  if (
    !isRecord(data) ||
    typeof data.id !== 'number' ||
    !(GIFT_STATUSES as readonly unknown[]).includes(data.status) ||
    typeof data.amount !== 'number' ||
    typeof data.currency !== 'string' ||
    !Array.isArray(data.payments)
  ) {
    throw new TypeError('The monthly gift reply has no gift');
  }
  return data as unknown as GiftView;
}

function readChange(body: unknown): GiftChange {
  return { message: messageOf(body), gift: readGift(body) };
}

/** The path the API answers a payment's receipt at (the gift's `receipt_url`), relative to the client's /api prefix. */
export const GIFT_RECEIPT_PREFIX = '/api/recurring/gift/receipts/';

/**
 * GET /api/recurring/gift/receipts/:number: one of the gift's receipts as a PDF, fetched with the token in its header
 * (a plain link could not carry it, and the token must never be in a URL).
 */
export async function fetchGiftReceipt(client: KyInstance, token: string, receiptUrl: string): Promise<Blob> {
  if (!receiptUrl.startsWith(GIFT_RECEIPT_PREFIX)) throw new TypeError('Not a receipt of this gift');
  return client.get(receiptUrl.slice('/api/'.length), withToken(token)).blob();
}

/** POST /api/recurring/links {email}: the same sentence whatever the address (202). */
export async function requestGiftLinks(client: KyInstance, email: string): Promise<string | null> {
  const body = await client.post(GIFT_API_PATHS.links, { json: { email }, context: { silent: true } }).json<unknown>();
  return messageOf(body);
}

/** GET /api/recurring/gift: the gift the link's token reaches (401 with a sentence when the link does not work). */
export async function fetchGift(client: KyInstance, token: string, signal?: AbortSignal): Promise<GiftView> {
  const body = await client.get(GIFT_API_PATHS.gift, withToken(token, signal ? { signal } : {})).json<unknown>();
  return readGift(body);
}

const change = async (client: KyInstance, token: string, path: string, json: Record<string, unknown>): Promise<GiftChange> =>
  readChange(await client.post(path, withToken(token, { json })).json<unknown>());

/** POST /api/recurring/gift/amount {amount}. */
export const changeGiftAmount = (client: KyInstance, token: string, amount: number) => change(client, token, GIFT_API_PATHS.amount, { amount });

/** POST /api/recurring/gift/pause {months}. */
export const pauseGift = (client: KyInstance, token: string, months: PauseMonths) => change(client, token, GIFT_API_PATHS.pause, { months });

/** POST /api/recurring/gift/resume. */
export const resumeGift = (client: KyInstance, token: string) => change(client, token, GIFT_API_PATHS.resume, {});

/** POST /api/recurring/gift/cancel {reason}: null when the donor gave none. */
export const cancelGift = (client: KyInstance, token: string, reason: string | null) => change(client, token, GIFT_API_PATHS.cancel, { reason });

/** POST /api/recurring/gift/card {setup_intent_id}: the confirmed SetupIntent's card becomes the gift's. */
export const changeGiftCard = (client: KyInstance, token: string, setupIntentId: string) =>
  change(client, token, GIFT_API_PATHS.card, { setup_intent_id: setupIntentId });

/** POST /api/recurring/gift/card/setup: a SetupIntent for the new card, confirmed by Stripe.js (or the sandbox). */
export async function startCardSetup(client: KyInstance, token: string): Promise<CardSetup> {
  const body = await client.post(GIFT_API_PATHS.cardSetup, withToken(token, { json: {} })).json<unknown>();
  const data = isRecord(body) && body.success !== false && isRecord(body.data) ? body.data : null;
  if (!data || typeof data.client_secret !== 'string' || data.client_secret === '' || typeof data.setup_intent_id !== 'string') {
    throw new TypeError('The card setup reply has no client secret');
  }
  return { clientSecret: data.client_secret, setupIntentId: data.setup_intent_id };
}

/** POST /api/recurring/gift/links/revoke: every link to the gift stops working, this one included. */
export async function revokeGiftLinks(client: KyInstance, token: string): Promise<string | null> {
  return messageOf(await client.post(GIFT_API_PATHS.revokeLinks, withToken(token, { json: {} })).json<unknown>());
}
