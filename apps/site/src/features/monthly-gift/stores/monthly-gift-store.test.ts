import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECURRING_MESSAGES, TEST_CARDS } from '@charity/domain';
import { createSandboxStripe } from '@charity/ui';
import { createApiClient, type ApiLogger, type Notify } from '../../../lib/api/client';
import { GIFT_TOKEN, giftFixture, startFakeRecurringApi, type FakeRecurringApi } from '../../../test/fake-recurring-api';
import { createMonthlyGiftStore, takeTokenFromAddress, type AddressTarget, type ConfirmCardSetup } from './monthly-gift-store';

// The manage page's store against a real HTTP server (test/fake-recurring-api.ts) through the site's real ky client:
// the token taken from the address's fragment and removed from it at once, kept in memory only; the gift, its
// changes and their sentences; the link form whenever the link does not work.

let fake: FakeRecurringApi;
beforeAll(async () => {
  fake = await startFakeRecurringApi();
});
afterAll(() => fake.close());

let notify: ReturnType<typeof vi.fn<Notify>>;
let globalToast: ReturnType<typeof vi.fn<Notify>>;
let lines: string[];
let store: ReturnType<typeof createMonthlyGiftStore>;
beforeEach(() => {
  fake.reset();
  notify = vi.fn<Notify>();
  globalToast = vi.fn<Notify>();
  lines = [];
  const log: ApiLogger = { info: (line) => lines.push(line), error: (line) => lines.push(line) };
  const client = createApiClient({ baseUrl: fake.baseUrl, getToken: () => null, onUnauthorized: () => {}, notify: globalToast, log, retryDelay: () => 1 });
  store = createMonthlyGiftStore({ client, notify, log });
});

const state = () => store.getState();

/** A window's location and history: replaceState rewrites the location as the browser does, and is recorded. */
function addressAt(url: string, routerState: unknown = { usr: null, key: 'k1', idx: 3 }) {
  const current = new URL(url, 'https://charity.example');
  const replaced: { state: unknown; url: string }[] = [];
  const target: AddressTarget = {
    location: {
      get hash() {
        return current.hash;
      },
      get pathname() {
        return current.pathname;
      },
      get search() {
        return current.search;
      },
    },
    history: {
      state: routerState,
      replaceState(data: unknown, _unused: string, next?: string | URL | null) {
        replaced.push({ state: data, url: String(next) });
        const moved = new URL(String(next), current);
        current.hash = moved.hash;
        current.pathname = moved.pathname;
        current.search = moved.search;
      },
    },
  };
  return { target, replaced, href: () => current.pathname + current.search + current.hash };
}

async function openWithToken() {
  const address = addressAt(`/monthly-gift#${GIFT_TOKEN}`);
  await state().openFromAddress(address.target);
  return address;
}

describe('the token in the address', () => {
  it('is taken from the fragment and removed from the address bar at once, keeping the router state', () => {
    const address = addressAt(`/monthly-gift?utm_source=receipt#${GIFT_TOKEN}`);
    expect(takeTokenFromAddress(address.target)).toEqual({ kind: 'token', token: GIFT_TOKEN });
    expect(address.replaced).toEqual([{ state: { usr: null, key: 'k1', idx: 3 }, url: '/monthly-gift?utm_source=receipt' }]);
    expect(address.href()).toBe('/monthly-gift?utm_source=receipt');
    // Nothing left to take.
    expect(takeTokenFromAddress(address.target)).toEqual({ kind: 'none' });
    expect(address.replaced).toHaveLength(1);
  });

  it('a fragment that cannot be a token is removed too, and says the link is not valid', async () => {
    const address = addressAt('/monthly-gift#not a token<script>');
    await state().openFromAddress(address.target);
    expect(address.href()).toBe('/monthly-gift');
    expect(state()).toMatchObject({ view: 'link', token: null, linkIntro: RECURRING_MESSAGES.linkInvalid });
    expect(fake.hits).toHaveLength(0);
  });

  it('opening: the token kept in memory, the gift read with it, the address clean', async () => {
    const address = await openWithToken();
    expect(address.href()).toBe('/monthly-gift');
    expect(state()).toMatchObject({ token: GIFT_TOKEN, view: 'ready', gift: giftFixture(), notice: null });
    expect(fake.requests('GET', '/api/recurring/gift')[0]?.giftToken).toBe(GIFT_TOKEN);
    for (const line of lines) expect(line).not.toContain(GIFT_TOKEN);
  });

  it('without a token: the link form with "Open this page from the link in your email…", and no call', async () => {
    await state().openFromAddress(addressAt('/monthly-gift').target);
    expect(state()).toMatchObject({ view: 'link', token: null, linkIntro: RECURRING_MESSAGES.linkMissing });
    expect(fake.hits).toHaveLength(0);
  });

  it('back on the page without a fragment: the same token, the gift read again while it stays on screen', async () => {
    await openWithToken();
    fake.state.gift = giftFixture({ amount: 2500 });
    const pending = state().openFromAddress(addressAt('/monthly-gift').target);
    expect(state()).toMatchObject({ view: 'ready', gift: { amount: 1000 } });
    await pending;
    expect(state()).toMatchObject({ token: GIFT_TOKEN, view: 'ready', gift: { amount: 2500 } });
    expect(fake.requests('GET', '/api/recurring/gift')).toHaveLength(2);
    // A failure of that second read keeps the gift shown.
    fake.failures.set('GET /api/recurring/gift', { status: 500 });
    await state().openFromAddress(addressAt('/monthly-gift').target);
    expect(state()).toMatchObject({ view: 'ready', gift: { amount: 2500 } });
  });

  it('a second link opened in the same tab replaces the first', async () => {
    await openWithToken();
    const other = 'tok_SecondLinkSecondLinkSecondLink0123456';
    fake.state.tokens.add(other);
    await state().openFromAddress(addressAt(`/monthly-gift#${other}`).target);
    expect(state().token).toBe(other);
    expect(fake.requests('GET', '/api/recurring/gift').at(-1)?.giftToken).toBe(other);
  });
});

describe('a link that does not work', () => {
  it("expired: the link form says so in the reply's words, the token is forgotten", async () => {
    fake.state.expiredTokens.add(GIFT_TOKEN);
    await openWithToken();
    expect(state()).toMatchObject({ view: 'link', token: null, gift: null, linkIntro: RECURRING_MESSAGES.linkExpired });
    expect(notify).not.toHaveBeenCalled();
    expect(globalToast).not.toHaveBeenCalled();
  });

  it('revoked while the page is open: the next change sends the donor to the link form', async () => {
    await openWithToken();
    state().openDialog('amount');
    fake.state.tokens.clear();
    await expect(state().changeAmount(2000)).resolves.toBe(false);
    expect(state()).toMatchObject({ view: 'link', token: null, dialog: null, busy: false, linkIntro: RECURRING_MESSAGES.linkInvalid });
  });

  it("any other failure: the error state with the catalogue's message, and Try again reads it again", async () => {
    fake.failures.set('GET /api/recurring/gift', { status: 500 });
    await openWithToken();
    expect(state()).toMatchObject({ view: 'error', loadError: 'Internal server error. Please try again later.', token: GIFT_TOKEN });
    fake.failures.clear();
    await state().load();
    expect(state().view).toBe('ready');
  });
});

describe('changes', () => {
  beforeEach(async () => {
    await openWithToken();
  });

  it("amount: busy while sent, then the dialog closes and the server's sentence is the notice", async () => {
    state().openDialog('amount');
    const pending = state().changeAmount(1500);
    expect(state().busy).toBe(true);
    await expect(pending).resolves.toBe(true);
    expect(state()).toMatchObject({ busy: false, dialog: null, gift: { amount: 1500 }, notice: RECURRING_MESSAGES.amountChanged('₹1,500') });
  });

  it('a refusal stays in the open dialog, which stays open', async () => {
    state().openDialog('amount');
    await expect(state().changeAmount(1000)).resolves.toBe(false);
    expect(state()).toMatchObject({ dialog: 'amount', dialogError: RECURRING_MESSAGES.sameAmount, busy: false, gift: { amount: 1000 } });
    expect(notify).not.toHaveBeenCalled();
    state().closeDialog();
    expect(state()).toMatchObject({ dialog: null, dialogError: null });
  });

  it('the dialog cannot be closed while the change is sent', async () => {
    fake.failures.set('POST /api/recurring/gift/pause', { delayMs: 50 });
    state().openDialog('pause');
    const pending = state().pause(3);
    state().closeDialog();
    expect(state().dialog).toBe('pause');
    await pending;
    expect(state()).toMatchObject({ dialog: null, gift: { status: 'paused' }, notice: RECURRING_MESSAGES.paused('27 February 2027') });
    expect(fake.requests('POST', '/api/recurring/gift/pause')[0]?.body).toEqual({ months: 3 });
  });

  it('resume (no dialog): the notice; a failure is a toast', async () => {
    await expect(state().resume()).resolves.toBe(false);
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', RECURRING_MESSAGES.notPaused);
    await state().pause(1);
    await expect(state().resume()).resolves.toBe(true);
    expect(state().notice).toBe(RECURRING_MESSAGES.resumed('27 December 2026'));
  });

  it('cancel: the reason trimmed, an empty one sent as null', async () => {
    state().openDialog('cancel');
    await state().cancel('   ');
    expect(fake.requests('POST', '/api/recurring/gift/cancel')[0]?.body).toEqual({ reason: null });
    expect(state()).toMatchObject({ gift: { status: 'cancelled' }, notice: RECURRING_MESSAGES.cancelled });
  });

  it('revoking the links: this one stops too, the link form says so', async () => {
    await expect(state().revokeLinks()).resolves.toBe(true);
    expect(state()).toMatchObject({ view: 'link', token: null, gift: null, linkIntro: RECURRING_MESSAGES.linksRevoked });
  });
});

describe('changing the card', () => {
  beforeEach(async () => {
    await openWithToken();
    state().openDialog('card');
  });

  /** The dialog's confirm step, with the browser sandbox (packages/ui payment-sandbox) and a test card's PaymentMethod. */
  const confirmWith = (paymentMethod: string): ConfirmCardSetup => async ({ clientSecret }) => {
    const result = await createSandboxStripe({ apiBase: fake.baseUrl }).confirmCardSetup(clientSecret, { payment_method: paymentMethod });
    if (result.error) return { error: result.error.message ?? '' };
    return result.setupIntent.status === 'succeeded' ? { setupIntentId: result.setupIntent.id } : { error: RECURRING_MESSAGES.cardSetupFailed };
  };

  it('setup → confirmCardSetup with its secret → POST card {setup_intent_id}: the new card and its sentence', async () => {
    await expect(state().changeCard(confirmWith(TEST_CARDS.visa.paymentMethod))).resolves.toBe(true);
    expect(fake.hits.map((h) => `${h.method} ${h.path}`)).toEqual([
      'GET /api/recurring/gift',
      'POST /api/recurring/gift/card/setup',
      'POST /api/payments/sandbox/confirm-setup',
      'POST /api/recurring/gift/card',
    ]);
    expect(fake.requests('POST', '/api/payments/sandbox/confirm-setup')[0]?.body).toEqual({ client_secret: 'seti_sandbox_1_secret_x', payment_method: 'pm_card_visa' });
    expect(fake.requests('POST', '/api/recurring/gift/card')[0]?.body).toEqual({ setup_intent_id: 'seti_sandbox_1' });
    expect(state()).toMatchObject({ dialog: null, notice: RECURRING_MESSAGES.cardChanged, gift: { card: { exp_year: 2031 } } });
  });

  it("a refused card: the card's message in the dialog, the gift's card untouched", async () => {
    await expect(state().changeCard(confirmWith(TEST_CARDS.declined.paymentMethod))).resolves.toBe(false);
    expect(state()).toMatchObject({ dialog: 'card', dialogError: 'Your card was declined.', busy: false, gift: { card: { exp_year: 2030 } } });
    expect(fake.requests('POST', '/api/recurring/gift/card')).toHaveLength(0);
  });

  it('the setup failing: its message in the dialog, nothing confirmed', async () => {
    fake.failures.set('POST /api/recurring/gift/card/setup', { status: 503, body: {} });
    const confirm = vi.fn<ConfirmCardSetup>();
    await state().changeCard(confirm);
    expect(confirm).not.toHaveBeenCalled();
    expect(state().dialogError).toBe('Server error (503)');
  });
});

describe('asking for a link', () => {
  it("POST {email}, trimmed: 'sent'", async () => {
    await expect(state().requestLink(' asha@example.org ')).resolves.toBe(true);
    expect(fake.requests('POST', '/api/recurring/links')[0]?.body).toEqual({ email: 'asha@example.org' });
    expect(state()).toMatchObject({ linkStatus: 'sent', linkError: null });
  });

  it('an address that is no email: its sentence, nothing sent', async () => {
    await expect(state().requestLink('asha@')).resolves.toBe(false);
    expect(state()).toMatchObject({ linkStatus: 'idle', linkError: RECURRING_MESSAGES.emailInvalid });
    expect(fake.hits).toHaveLength(0);
  });

  it("a failure: back to idle with the catalogue's message", async () => {
    fake.failures.set('POST /api/recurring/links', 'drop');
    await state().requestLink('asha@example.org');
    expect(state()).toMatchObject({ linkStatus: 'idle', linkError: 'Network error. Please check your internet connection.' });
  });
});
