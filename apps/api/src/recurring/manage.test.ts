import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DAY_MS, RECURRING_MESSAGES, TEST_CARDS } from '@charity/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { donations, mailOutbox, recurringGiftLinks, recurringGifts, sandboxSubscriptions } from '../db/schema.js';
import type { SandboxProvider } from '../donations/provider/sandbox-provider.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { resetGiftTables } from '../../test/support/monthly-gifts.js';
import { buildSandboxApp, generateInvoice, indianDonation, pay, saveAfterPayment } from '../../test/support/donations.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { remindExpiringCards } from './use-cases/card-reminders.js';
import { SANDBOX_CLOCK_KEY_FILE, CLOCK_MESSAGES } from './sandbox-clock-routes.js';
import { parseSandboxArgs, runSandboxCommand, SANDBOX_CLI_MESSAGES } from '../cli/sandbox-commands.js';

// The donor's manage page and staff's list through the API (docs/decisions/022-monthly-gifts.md): links mailed
// whatever the address, a link opening one gift and nothing else, every change refused when the gift's state or the
// amount does not allow it (and then nothing changes), every change mailed, and the sandbox clock's command.


describeEachDatabase('monthly gift management', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;
  let ADMIN: Record<string, string>;

  beforeAll(async () => {
    ({ app, sandbox } = await buildSandboxApp(ctx));
    ADMIN = bearer(await signIn(app, await createUser(ctx.database.db)));
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app.payments.idle();
    await resetGiftTables(ctx.database.db);
  });

  const db = () => ctx.database.db;
  const settle = () => app.payments.idle();
  const gift = async () => (await db().select().from(recurringGifts))[0]!;

  async function signUp(card: string = TEST_CARDS.visa.paymentMethod, email = 'asha.verma@example.org') {
    const data = indianDonation({ donation_type: 'monthly' }, { email });
    const { intentId } = await pay(app, data, card);
    const saved = await saveAfterPayment(app, data, intentId, card);
    expect([200, 201]).toContain(saved.statusCode);
    // As the wizard does after the save: the receipt (mailed once, whoever asks first).
    expect((await generateInvoice(app, saved.json().data.donation.id, intentId)).statusCode).toBe(200);
    await settle();
  }

  /** The token of the newest management link mailed to the donor. */
  async function mailedToken(subject?: string): Promise<string> {
    const mails = await db().select().from(mailOutbox).orderBy(desc(mailOutbox.id));
    const mail = mails.find((row) => (subject ? row.subject === subject : row.text.includes('/monthly-gift#')));
    const token = /\/monthly-gift#([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no management link mailed (${mails.map((row) => row.subject).join('; ')})`);
    return token;
  }

  const get = (token: string) => app.inject({ method: 'GET', url: '/api/recurring/gift', headers: { 'x-gift-token': token } });
  const post = (url: string, token: string, payload: unknown = {}) => app.inject({ method: 'POST', url, headers: { 'x-gift-token': token }, payload: payload as object });
  const snapshot = async () => ({
    gift: await gift(),
    subscription: (await db().select().from(sandboxSubscriptions))[0],
  });

  it('the receipt of the first payment carries a link that opens the gift, with its payments and their receipts', async () => {
    await signUp();
    const token = await mailedToken();
    const response = await get(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const view = response.json().data;
    expect(view).toMatchObject({ status: 'active', amount: 1000, currency: 'INR', donor_name: 'Asha Verma', donor_email_masked: 'a•••@example.org', campaign_title: null });
    expect(view.payments).toHaveLength(1);
    expect(view.payments[0]).toMatchObject({ is_renewal: false, amount: 1000, status: 'completed' });
    expect(view.payments[0].receipt_url).toMatch(/^\/api\/recurring\/gift\/receipts\/BBF%2F\d{4}-\d{2}%2F\d{6}$/);
    // Viewing mints nothing (a read changes no table): the receipt is fetched with the link's token in its header.
    const pdf = await app.inject({ method: 'GET', url: view.payments[0].receipt_url, headers: { 'x-gift-token': token } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: view.payments[0].receipt_url })).statusCode).toBe(401);
    // A one-time donation's receipt is not this gift's: the link does not reach it.
    const other = await app.inject({ method: 'GET', url: '/api/recurring/gift/receipts/BBF%2F2026-27%2F999999', headers: { 'x-gift-token': token } });
    expect(other.json()).toEqual({ success: false, message: 'Receipt not found' });
  });

  it('a tampered, missing, revoked or expired link opens nothing (401 with the page’s sentence)', async () => {
    await signUp();
    const token = await mailedToken();
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await get(tampered)).json()).toEqual({ success: false, message: RECURRING_MESSAGES.linkInvalid });
    expect((await get(tampered)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/recurring/gift' })).json()).toEqual({ success: false, message: RECURRING_MESSAGES.linkMissing });
    const before = await snapshot();
    expect((await post('/api/recurring/gift/cancel', tampered)).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);

    await db().update(recurringGiftLinks).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await get(token)).json()).toEqual({ success: false, message: RECURRING_MESSAGES.linkExpired });

    await db().update(recurringGiftLinks).set({ expiresAt: new Date(Date.now() + DAY_MS) });
    expect((await get(token)).statusCode).toBe(200);
    const revoked = await post('/api/recurring/gift/links/revoke', token);
    expect(revoked.json()).toEqual({ success: true, message: RECURRING_MESSAGES.linksRevoked });
    expect((await get(token)).json()).toEqual({ success: false, message: RECURRING_MESSAGES.linkInvalid });
  });

  it('“manage my monthly gift” answers the same whatever the address, and mails links only to a donor', async () => {
    await signUp();
    await db().delete(mailOutbox);
    const unknown = await app.inject({ method: 'POST', url: '/api/recurring/links', payload: { email: 'nobody@example.org' } });
    const known = await app.inject({ method: 'POST', url: '/api/recurring/links', payload: { email: 'Asha.Verma@Example.org' } });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ success: true, message: RECURRING_MESSAGES.linksRequested });
    await settle();
    const mails = await db().select().from(mailOutbox);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([['asha.verma@example.org', 'Manage your monthly gift to Bright Beginnings Foundation']]);
    expect((await get(await mailedToken())).statusCode).toBe(200);
    const bad = await app.inject({ method: 'POST', url: '/api/recurring/links', payload: { email: 'not-an-email' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(RECURRING_MESSAGES.emailInvalid);
  });

  it('changes the amount from the next renewal, refusing amounts under the minimum or over the largest (nothing changes)', async () => {
    await signUp();
    const token = await mailedToken();
    const before = await snapshot();
    const tooSmall = await post('/api/recurring/gift/amount', token, { amount: 10 });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().errors).toEqual({ amount: 'Minimum donation amount is ₹50' });
    const tooLarge = await post('/api/recurring/gift/amount', token, { amount: 600_000 });
    expect(tooLarge.json().errors.amount).toBe('The largest donation we can accept online is ₹5,00,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.');
    const decimals = await post('/api/recurring/gift/amount', token, { amount: 10.555 });
    expect(decimals.json().errors.amount).toBe(RECURRING_MESSAGES.amountInvalid);
    expect(await snapshot()).toEqual(before);

    const changed = await post('/api/recurring/gift/amount', token, { amount: 2500 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe('Your monthly gift is now ₹2,500. The new amount is charged from your next payment.');
    expect(changed.json().data.amount).toBe(2500);
    expect((await gift()).amountMinor).toBe(250_000);
    await settle();
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, 'Your monthly gift has changed'));
    expect(mail?.text).toContain('Your monthly gift is now ₹2,500.');

    await sandbox.recurring.advanceClock(32 * DAY_MS);
    await settle();
    const renewal = (await db().select().from(donations)).find((row) => row.isRenewal);
    expect(renewal).toMatchObject({ amount: 2500, amountMinor: 250_000 });
  });

  it('pauses for one month (the next payment skipped, the one after taken), and refuses to pause twice', async () => {
    await signUp();
    const token = await mailedToken();
    expect((await post('/api/recurring/gift/pause', token, { months: 4 })).json().errors).toEqual({ months: RECURRING_MESSAGES.pauseMonthsInvalid });
    const paused = await post('/api/recurring/gift/pause', token, { months: 1 });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data.status).toBe('paused');
    expect(paused.json().message).toMatch(/^Your monthly gift is paused\. Payments start again on \d{1,2} \w+ \d{4}\.$/);
    expect((await post('/api/recurring/gift/pause', token, { months: 1 })).json()).toEqual({ success: false, message: RECURRING_MESSAGES.cannotPause });
    // After the sandbox's own event too, the gift shows when payments start again, not the skipped renewal.
    await settle();
    const view = (await get(token)).json().data;
    expect(view.status).toBe('paused');
    expect(view.next_charge_at).toBe(view.paused_until);
    expect(new Date(view.paused_until).getTime() - Date.now()).toBeGreaterThan(55 * DAY_MS);

    const skipped = await sandbox.recurring.advanceClock(32 * DAY_MS);
    await settle();
    expect(skipped.renewals).toBe(0);
    const taken = await sandbox.recurring.advanceClock(31 * DAY_MS);
    await settle();
    expect(taken.renewals).toBe(1);
    expect((await gift()).status).toBe('active');
  });

  it('cancels in one click with a reason: nothing more is charged, a second cancel is refused, the donor is mailed', async () => {
    await signUp();
    const token = await mailedToken();
    const cancelled = await post('/api/recurring/gift/cancel', token, { reason: 'Moving abroad' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: RECURRING_MESSAGES.cancelled, data: { status: 'cancelled', next_charge_at: null } });
    expect(await gift()).toMatchObject({ status: 'cancelled', cancelReason: 'Moving abroad', cancelledBy: 'donor' });
    const again = await post('/api/recurring/gift/cancel', token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RECURRING_MESSAGES.alreadyCancelled);
    expect((await post('/api/recurring/gift/pause', token, { months: 1 })).json().message).toBe(RECURRING_MESSAGES.alreadyCancelled);
    expect((await sandbox.recurring.advanceClock(70 * DAY_MS)).renewals).toBe(0);
    await settle();
    const subjects = (await db().select().from(mailOutbox)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject === 'Your monthly gift is cancelled')).toHaveLength(1);
  });

  it('changes the card through a SetupIntent; a gift past due is charged again at once with it', async () => {
    await signUp(TEST_CARDS.renewalFails.paymentMethod);
    const [sub] = await db().select().from(sandboxSubscriptions);
    await sandbox.recurring.advanceClock(sub!.currentPeriodEnd!.getTime() - Date.now() + 60_000);
    await settle();
    expect((await gift()).status).toBe('past_due');
    const token = await mailedToken('Your monthly gift payment did not go through');
    const setup = await post('/api/recurring/gift/card/setup', token);
    expect(setup.statusCode).toBe(200);
    const { client_secret: clientSecret, setup_intent_id: setupId } = setup.json().data;
    // A secret with a NUL byte (or any other character no secret has) names no setup intent: 404, not a 500 (fuzz).
    for (const bad of ['\u0000', `${clientSecret}\u0000`, 'seti_x secret']) {
      const unknown = await app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm-setup', payload: { client_secret: bad, payment_method: TEST_CARDS.visa.paymentMethod } });
      expect(unknown.statusCode, bad).toBe(404);
    }
    const declined = await app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm-setup', payload: { client_secret: clientSecret, payment_method: TEST_CARDS.declined.paymentMethod } });
    expect(declined.json()).toMatchObject({ status: 'requires_payment_method' });
    const refused = await post('/api/recurring/gift/card', token, { setup_intent_id: setupId });
    expect(refused.statusCode).toBe(400);
    expect((await gift()).status).toBe('past_due');

    const setup2 = (await post('/api/recurring/gift/card/setup', token)).json().data;
    const confirmed = await app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm-setup', payload: { client_secret: setup2.client_secret, payment_method: TEST_CARDS.visa.paymentMethod } });
    expect(confirmed.json()).toMatchObject({ status: 'succeeded', payment_method: TEST_CARDS.visa.paymentMethod });
    const changed = await post('/api/recurring/gift/card', token, { setup_intent_id: setup2.setup_intent_id });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe(RECURRING_MESSAGES.cardChanged);
    await settle();
    expect((await gift()).status).toBe('active');
    expect((await db().select().from(donations)).filter((row) => row.isRenewal)).toHaveLength(1);
  });

  it('staff list gifts with their totals, cancel one and resend a link; there is no route to change an email or an amount', async () => {
    await signUp();
    await signUp(TEST_CARDS.visa.paymentMethod, 'ravi@example.org');
    const list = await app.inject({ method: 'GET', url: '/api/admin/recurring', headers: ADMIN });
    expect(list.statusCode).toBe(200);
    const body = list.json().data;
    expect(body.totals).toEqual({ active: 2, monthly_amount_inr: 2000, gained_this_month: 2, lost_this_month: 0 });
    expect(body.gifts.map((row: { donor_email: string; payments_count: number; status: string }) => [row.donor_email, row.payments_count, row.status])).toEqual([
      ['ravi@example.org', 1, 'active'],
      ['asha.verma@example.org', 1, 'active'],
    ]);
    const id = body.gifts[0].id as number;
    const search = await app.inject({ method: 'GET', url: '/api/admin/recurring?search=ravi%40', headers: ADMIN });
    expect(search.json().data.gifts).toHaveLength(1);
    // A NUL in the search is not text anyone looks for: dropped, never a database error (the API fuzz's 500).
    const nul = await app.inject({ method: 'GET', url: '/api/admin/recurring?search=ravi%00%40', headers: ADMIN });
    expect(nul.statusCode, nul.body).toBe(200);
    expect(nul.json().data.gifts).toHaveLength(1);

    await db().delete(mailOutbox);
    const resent = await app.inject({ method: 'POST', url: `/api/admin/recurring/${id}/resend-link`, headers: ADMIN, payload: {} });
    expect(resent.json()).toEqual({ success: true, message: RECURRING_MESSAGES.linkResent });
    expect((await db().select().from(mailOutbox)).map((mail) => mail.to)).toEqual(['ravi@example.org']);

    const cancelled = await app.inject({ method: 'POST', url: `/api/admin/recurring/${id}/cancel`, headers: ADMIN, payload: { reason: 'Donor phoned' } });
    expect(cancelled.json()).toEqual({ success: true, message: RECURRING_MESSAGES.staffCancelled });
    const after = (await app.inject({ method: 'GET', url: '/api/admin/recurring?status=cancelled', headers: ADMIN })).json().data;
    expect(after.gifts).toHaveLength(1);
    expect(after.totals).toMatchObject({ active: 1, monthly_amount_inr: 1000, lost_this_month: 1 });
    // The dashboard's monthly figures are the same ones.
    const dashboard = (await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: ADMIN })).json().data;
    expect(dashboard.totals.recurring).toEqual(after.totals);
    expect(dashboard.totals.monthly.count).toBe(2); // two first payments: payments, not gifts
    const again = await app.inject({ method: 'POST', url: `/api/admin/recurring/${id}/cancel`, headers: ADMIN, payload: {} });
    expect(again.statusCode).toBe(409);

    const routes = app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/admin\/recurring\/:id\/(amount|email)/);
    expect((await app.inject({ method: 'GET', url: '/api/admin/recurring' })).statusCode).toBe(401);
  });

  it('mails a donor whose card expires before the next renewal, once per card, and not for a card that outlives it', async () => {
    await signUp();
    const current = await gift();
    const next = current.nextChargeAt!;
    const now = new Date(next.getTime() - 10 * DAY_MS);
    // A card that outlives the renewal: no reminder.
    expect(await remindExpiringCards(app, now)).toBe(0);
    // The card expires the month before the renewal.
    const expiring = new Date(next.getTime() - 40 * DAY_MS);
    await db().update(recurringGifts).set({ card: { brand: 'visa', last4: '4242', expMonth: expiring.getUTCMonth() + 1, expYear: expiring.getUTCFullYear() } });
    expect(await remindExpiringCards(app, new Date(next.getTime() - 20 * DAY_MS))).toBe(0); // not yet: 14 days before
    expect(await remindExpiringCards(app, now)).toBe(1);
    expect(await remindExpiringCards(app, now)).toBe(0);
    await settle();
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, 'The card for your monthly gift is about to expire'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/monthly-gift#');
    // A new card that expires too early again is reminded about again.
    await db().update(recurringGifts).set({ card: { brand: 'visa', last4: '1111', expMonth: 1, expYear: expiring.getUTCFullYear() - 1 } });
    expect(await remindExpiringCards(app, now)).toBe(1);
  });

  it('the sandbox clock moves only with the key the server wrote, by the command as a newcomer runs it', async () => {
    const wrong = await app.inject({ method: 'POST', url: '/api/payments/sandbox/clock/advance', headers: { 'x-sandbox-clock-key': 'guess' }, payload: { by: '32d' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(CLOCK_MESSAGES.keyInvalid);
    await signUp();
    const key = readFileSync(path.join(ctx.config.dataDir, SANDBOX_CLOCK_KEY_FILE), 'utf8').trim();
    const badStep = await app.inject({ method: 'POST', url: '/api/payments/sandbox/clock/advance', headers: { 'x-sandbox-clock-key': key }, payload: { by: 'soon' } });
    expect(badStep.json().errors).toEqual({ by: CLOCK_MESSAGES.stepInvalid });

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const lines = await runSandboxCommand(parseSandboxArgs(['advance', '32d']), { ...ctx.config, payments: { mode: 'sandbox' } }, address);
    expect(lines[0]).toMatch(/^The sandbox clock is now at \d{4}-\d{2}-\d{2}T/);
    expect(lines[1]).toBe('Monthly renewals taken: 1; failed payments: 0; gifts lapsed: 0.');
    await expect(runSandboxCommand(parseSandboxArgs(['advance', '1d']), { ...ctx.config, payments: { mode: 'stripe', secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: null } }, address)).rejects.toThrow(
      SANDBOX_CLI_MESSAGES.stripeMode,
    );
    expect(() => parseSandboxArgs(['advance', 'tomorrow'])).toThrow("'tomorrow' is not a time to move the clock by.");
  });
});

describe('the sandbox command without a server', () => {
  it('says to start the server first', async () => {
    await expect(
      runSandboxCommand(parseSandboxArgs(['clock']), { payments: { mode: 'sandbox' }, dataDir: '/nonexistent', port: 9 }, 'http://127.0.0.1:9'),
    ).rejects.toThrow(SANDBOX_CLI_MESSAGES.notRunning(9));
  });
});
