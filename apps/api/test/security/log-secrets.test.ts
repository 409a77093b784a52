import { TEST_CARDS } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { bearer, createUser, type TestUser } from '../support/auth.js';
import { describeEachDatabase } from '../support/databases.js';
import { buildSandboxApp, generateInvoice, indianDonation, nextIp, saveAfterPayment } from '../support/donations.js';

// No card number, CVC, password, session token or Authorization header value in ANY log line, through a
// full sandbox donation and an admin's failed and successful sign-in, at the most verbose level, with the server's
// own logger (createLogger: the production redaction). The card details are sent the way a careless client might
// send them along (the sandbox itself only ever takes payment-method ids, as Stripe.js hands them out), in the
// body, the query and a header, so that redaction and the one-line request log are both tested.

const CARD = TEST_CARDS.visa.spaced;
const CARD_DIGITS = CARD.replaceAll(' ', '');
const CVC = '123';
const EXPIRY = '12/34';
const PASSWORD = 'Correct-Horse-Battery-9';
const WRONG_PASSWORD = 'Wrong-Horse-Battery-8';

describeEachDatabase('log lines during a donation and sign-ins', (ctx) => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let user: TestUser;

  beforeAll(async () => {
    ({ app } = await buildSandboxApp(ctx, { logger: createLogger('trace', { write: (line: string) => void lines.push(line) }) }));
    user = await createUser(ctx.database.db, { password: PASSWORD });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('hold no card number, CVC, password, token or Authorization value', async () => {
    const ip = nextIp();
    const data = indianDonation();
    const card = { number: CARD, cvc: CVC, exp: EXPIRY, card_number: CARD_DIGITS, cvv: CVC };
    const created = await app.inject({
      method: 'POST',
      url: `/api/payments/create-intent?card=${CARD_DIGITS}&cvc=${CVC}`,
      headers: { 'x-card-number': CARD_DIGITS },
      payload: { donation_data: { ...data }, payment_method_id: TEST_CARDS.visa.paymentMethod, card, cardNumber: CARD, cvc: CVC },
      remoteAddress: ip,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { client_secret: clientSecret, payment_intent_id: intentId } = created.json().data;
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: { client_secret: clientSecret, payment_method_id: TEST_CARDS.visa.paymentMethod, card },
      remoteAddress: ip,
    });
    expect(confirmed.json().data.payment_intent.status).toBe('succeeded');
    const saved = await saveAfterPayment(app, data, intentId);
    expect([200, 201]).toContain(saved.statusCode);
    const invoice = await generateInvoice(app, saved.json().data.donation.id, intentId, ip);
    expect(invoice.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: invoice.json().data.invoice.download_url })).statusCode).toBe(200);
    // A card refused by the sandbox (an unknown payment method carrying the card number) is logged too.
    const refused = await app.inject({ method: 'POST', url: '/api/payments/create-intent', payload: { donation_data: data, payment_method_id: CARD_DIGITS, card }, remoteAddress: ip });
    expect(refused.statusCode).toBe(400);

    // Sign-ins: a failed one, a successful one, and a signed-in request with the token.
    const failed = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: WRONG_PASSWORD }, remoteAddress: ip });
    expect(failed.statusCode).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: PASSWORD }, remoteAddress: ip });
    expect(login.statusCode).toBe(200);
    const token: string = login.json().data.token;
    const authorization = bearer(token).authorization!;
    expect((await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { authorization } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/auth/verify?token=${token}`, headers: { authorization } })).statusCode).toBe(200);
    await app.payments.idle();
    await app.mailer.idle();

    expect(lines.length).toBeGreaterThan(10); // the capture works
    const log = lines.join('\n');
    expect(log).toContain('payment intent created');
    for (const secret of [CARD, CARD_DIGITS, '4242-4242-4242-4242', PASSWORD, WRONG_PASSWORD, token, authorization, clientSecret]) {
      expect(log, secret).not.toContain(secret);
    }
    // The CVC and expiry in card context: as a JSON value of a card-ish field, or next to such a word.
    expect(log).not.toMatch(/"(?:cvc|cvv|cvc2|security_code)"\s*:\s*"(?!\[redacted\])/i);
    expect(log).not.toMatch(new RegExp(`(?:cvc|cvv)[^\\n]{0,20}\\b${CVC}\\b`, 'i'));
    expect(log).not.toContain(EXPIRY);
    // Nothing shaped like a card number (13–19 digits, spaced or not), timestamps aside.
    expect(log.replace(/"time":\d+/g, '')).not.toMatch(/\b(?:\d[ -]?){13,19}\b/);
  });
});
