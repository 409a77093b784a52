import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECURRING_MESSAGES } from '@charity/domain';
import { createApiClient, type ApiLogger, type Notify } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { GIFT_TOKEN, giftFixture, startFakeRecurringApi, type FakeRecurringApi } from '../../../test/fake-recurring-api';
import { fetchPaymentsConfig } from './card-transport';
import {
  GIFT_API_PATHS,
  cancelGift,
  changeGiftAmount,
  changeGiftCard,
  fetchGift,
  fetchGiftReceipt,
  pauseGift,
  readGift,
  requestGiftLinks,
  resumeGift,
  revokeGiftLinks,
  startCardSetup,
} from './gift-api';

// The manage page's calls through the site's real ky client against a real HTTP server answering as the wire
// contract says: the token travels in the X-Gift-Token header only (never in a URL, a body or a log line), replies
// are read into the gift and the server's sentence, and no failure reaches the global toast (the page shows it).

let fake: FakeRecurringApi;
beforeAll(async () => {
  fake = await startFakeRecurringApi();
});
afterAll(() => fake.close());

let globalToast: ReturnType<typeof vi.fn<Notify>>;
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
let lines: string[];
let client: ReturnType<typeof createApiClient>;
beforeEach(() => {
  fake.reset();
  globalToast = vi.fn<Notify>();
  onUnauthorized = vi.fn<() => void>();
  lines = [];
  const log: ApiLogger = { info: (line) => lines.push(line), error: (line) => lines.push(line) };
  client = createApiClient({ baseUrl: fake.baseUrl, getToken: () => null, onUnauthorized, notify: globalToast, log, retryDelay: () => 1 });
});

/** Every request carried the token in its header, and nowhere else: not in its address, its body or a log line. */
function expectTokenOnlyInHeader() {
  expect(fake.hits.length).toBeGreaterThan(0);
  for (const hit of fake.hits) {
    expect(hit.url).not.toContain(GIFT_TOKEN);
    expect(JSON.stringify(hit.body)).not.toContain(GIFT_TOKEN);
    expect(hit.authorization).toBeUndefined();
  }
  for (const line of lines) expect(line).not.toContain(GIFT_TOKEN);
}

describe('reading the gift', () => {
  it('GET /api/recurring/gift with X-Gift-Token: the gift as the contract shapes it', async () => {
    await expect(fetchGift(client, GIFT_TOKEN)).resolves.toEqual(giftFixture());
    const [hit] = fake.requests('GET', '/api/recurring/gift');
    expect(hit?.giftToken).toBe(GIFT_TOKEN);
    expect(hit?.url).toBe('/api/recurring/gift');
    expectTokenOnlyInHeader();
    expect(lines).toContain('[api] → GET /api/recurring/gift');
  });

  it("a link that does not work: an ApiError 401 carrying the reply's sentence, no toast, no retry", async () => {
    fake.state.expiredTokens.add(GIFT_TOKEN);
    const error = await fetchGift(client, GIFT_TOKEN).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: RECURRING_MESSAGES.linkExpired });
    expect(fake.requests('GET', '/api/recurring/gift')).toHaveLength(1);
    expect(globalToast).not.toHaveBeenCalled();
  });

  it('a server failure is retried (a GET), then reported without the global toast', async () => {
    fake.failures.set('GET /api/recurring/gift', { status: 503 });
    await expect(fetchGift(client, GIFT_TOKEN)).rejects.toMatchObject({ status: 503 });
    expect(fake.requests('GET', '/api/recurring/gift')).toHaveLength(3);
    expect(globalToast).not.toHaveBeenCalled();
  });

  it('readGift refuses a reply without a gift', () => {
    expect(() => readGift({ success: true, data: { id: 1 } })).toThrow(TypeError);
    expect(() => readGift({ success: true, data: { ...giftFixture(), status: 'frozen' } })).toThrow(TypeError);
    expect(() => readGift({ success: false, message: 'No' })).toThrow(TypeError);
  });
});

describe('a payment’s receipt', () => {
  it('is fetched with the token in its header (a link could not carry it), as the PDF’s bytes', async () => {
    const pdf = await fetchGiftReceipt(client, GIFT_TOKEN, '/api/recurring/gift/receipts/BBF%2F2026-27%2F000001');
    expect(await pdf.text()).toBe('%PDF-1.7 fake receipt');
    const [hit] = fake.requests('GET', '/api/recurring/gift/receipts/BBF%2F2026-27%2F000001');
    expect(hit?.giftToken).toBe(GIFT_TOKEN);
    expectTokenOnlyInHeader();
  });

  it('refuses an address that is not one of the gift’s receipts, without a request', async () => {
    await expect(fetchGiftReceipt(client, GIFT_TOKEN, 'https://evil.example/steal')).rejects.toThrow('Not a receipt of this gift');
    expect(fake.hits).toHaveLength(0);
  });
});

describe('changes', () => {
  it("amount: POST {amount}, the server's sentence and the gift as it is now", async () => {
    const result = await changeGiftAmount(client, GIFT_TOKEN, 1500);
    expect(fake.requests('POST', '/api/recurring/gift/amount')[0]?.body).toEqual({ amount: 1500 });
    expect(result.gift.amount).toBe(1500);
    expect(result.message).toBe(RECURRING_MESSAGES.amountChanged('₹1,500'));
    expectTokenOnlyInHeader();
  });

  it('pause {months}, resume {}, cancel {reason}: each with its sentence', async () => {
    const paused = await pauseGift(client, GIFT_TOKEN, 2);
    expect(paused.gift.status).toBe('paused');
    expect(paused.message).toBe(RECURRING_MESSAGES.paused('27 February 2027'));
    const resumed = await resumeGift(client, GIFT_TOKEN);
    expect(resumed.gift.status).toBe('active');
    const cancelled = await cancelGift(client, GIFT_TOKEN, null);
    expect(cancelled).toMatchObject({ message: RECURRING_MESSAGES.cancelled, gift: { status: 'cancelled' } });
    expect(fake.hits.filter((h) => h.method === 'POST').map((h) => [h.path, h.body])).toEqual([
      ['/api/recurring/gift/pause', { months: 2 }],
      ['/api/recurring/gift/resume', {}],
      ['/api/recurring/gift/cancel', { reason: null }],
    ]);
    expectTokenOnlyInHeader();
  });

  it("a refusal: the reply's sentence as the error's message, never retried (a POST), no toast", async () => {
    const error = await changeGiftAmount(client, GIFT_TOKEN, 1000).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: RECURRING_MESSAGES.sameAmount });
    fake.failures.set('POST /api/recurring/gift/pause', { status: 503 });
    await expect(pauseGift(client, GIFT_TOKEN, 1)).rejects.toBeInstanceOf(ApiError);
    expect(fake.requests('POST', '/api/recurring/gift/pause')).toHaveLength(1);
    expect(globalToast).not.toHaveBeenCalled();
  });

  it('a 401 on a change does not touch the staff session (the gift client has its own onUnauthorized)', async () => {
    fake.state.tokens.clear();
    await expect(resumeGift(client, GIFT_TOKEN)).rejects.toMatchObject({ status: 401, message: RECURRING_MESSAGES.linkInvalid });
    // This test's client counts it; the page's gift client (api/gift-client.ts) passes a no-op.
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('the card', () => {
  it('setup: the client secret and SetupIntent id; then POST card {setup_intent_id}', async () => {
    const setup = await startCardSetup(client, GIFT_TOKEN);
    expect(setup).toEqual({ clientSecret: 'seti_sandbox_1_secret_x', setupIntentId: 'seti_sandbox_1' });
    expect(fake.requests('POST', '/api/recurring/gift/card/setup')[0]?.body).toEqual({});
    const changed = await changeGiftCard(client, GIFT_TOKEN, setup.setupIntentId);
    expect(changed).toMatchObject({ message: RECURRING_MESSAGES.cardChanged, gift: { card: { last4: '4242', exp_year: 2031 } } });
    expect(fake.requests('POST', '/api/recurring/gift/card')[0]?.body).toEqual({ setup_intent_id: 'seti_sandbox_1' });
    expectTokenOnlyInHeader();
  });

  it('a setup reply without a secret is a TypeError', async () => {
    fake.failures.set('POST /api/recurring/gift/card/setup', { status: 200, body: { success: true, data: {} } });
    await expect(startCardSetup(client, GIFT_TOKEN)).rejects.toThrow(TypeError);
  });

  it('the payments config the card fields are made from', async () => {
    fake.failures.set('GET /api/payments/config', { status: 200, body: { success: true, data: { mode: 'sandbox', publishable_key: null } } });
    await expect(fetchPaymentsConfig(client)).resolves.toEqual({ mode: 'sandbox', publishableKey: null });
  });
});

describe('links', () => {
  it('asking for a link: POST {email}, no token at all, the sentence of the 202', async () => {
    await expect(requestGiftLinks(client, 'asha@example.org')).resolves.toBe(RECURRING_MESSAGES.linksRequested);
    const [hit] = fake.requests('POST', `/api/${GIFT_API_PATHS.links}`);
    expect(hit).toMatchObject({ body: { email: 'asha@example.org' }, giftToken: undefined, authorization: undefined });
  });

  it('revoking: POST …/links/revoke with the token; the link stops working', async () => {
    await expect(revokeGiftLinks(client, GIFT_TOKEN)).resolves.toBe(RECURRING_MESSAGES.linksRevoked);
    await expect(fetchGift(client, GIFT_TOKEN)).rejects.toMatchObject({ status: 401 });
    expectTokenOnlyInHeader();
  });
});
