import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_CARDS } from '@charity/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createLogger } from '../../src/logger.js';
import { SandboxProvider } from '../../src/donations/provider/sandbox-provider.js';
import { createUser } from '../support/auth.js';
import { describeEachDatabase, temporaryDir } from '../support/databases.js';
import { indianDonation } from '../support/donations.js';
import { solidImage } from '../support/images.js';
import { multipart } from '../support/multipart.js';

// The server's log, at its most verbose level, holds no donor's personal data and no card data, whatever fails
// (docs/decisions/014-well-formed-text-and-error-logs.md). The app listens on a real port with its production logger
// writing to a file at `trace`, and this test drives every error path it can provoke, each time with the donor's PAN,
// phone, email and street address (and a card number and CVC a careless client sends along) in the request: a 400 on
// every route (the route's own checks, and text that is not well-formed), 401, 403, 404, 409, 413, 415 and 429, a
// declined and a 3-D Secure card, the mail server down, and database writes that fail (a constraint and triggers added
// to this test's own database make the payment attempt, the donation, the contact message and the outbox insert raise,
// with the values in the database's error detail), so the 500 paths run with a whole donation record bound to the
// failing statement. Then the file is searched for every one of those values.

const PAN = 'ABCDE1234F';
const PHONE = '9876543210';
const EMAIL = 'asha.verma@example.org';
const ADDRESS = '12, 100 Feet Road, Indiranagar';
const CARD = TEST_CARDS.visa.number;
const CVC = '314';

/** The donor of every request: the test's values in every field (indianDonation has them by default). */
const donation = (overrides: Record<string, unknown> = {}, donor: Record<string, unknown> = {}) =>
  indianDonation({ ...overrides }, { full_name: 'Asha Verma', email: EMAIL, mobile: PHONE, pan_number: PAN, address: ADDRESS, ...donor });
const CARELESS_CARD = { number: CARD, cvc: CVC, exp: '12/34' };
/** The donor's values under the contact form's names and others a client might use. */
const PERSONAL_FIELDS = { name: 'Asha Verma', email: EMAIL, phone: PHONE, mobile: PHONE, pan_number: PAN, address: ADDRESS, message: `I live at ${ADDRESS}; PAN ${PAN}.` };

describeEachDatabase('the server log when everything fails', (ctx) => {
  let app: FastifyInstance;
  let base: string;
  let logFile: string;
  let adminToken: string;
  let editorToken: string;
  const statuses = new Set<number>();
  let ipCounter = 0;
  const nextIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  beforeAll(async () => {
    logFile = path.join(temporaryDir('charity-log-'), 'server.log');
    const logger = createLogger('trace', pino.destination({ dest: logFile, sync: true }));
    // A mail server that is down: every receipt and contact notice fails to send (and is logged as such).
    const config = { ...ctx.config, trustProxy: 1, smtpUrl: 'smtp://127.0.0.1:9', logLevel: 'trace' as const };
    app = await buildApp({ config, database: ctx.database, logger, paymentProvider: new SandboxProvider(ctx.database.db), loginSlowdown: () => 0 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP port');
    base = `http://127.0.0.1:${address.port}`;
    const admin = await createUser(ctx.database.db, { password: 'Correct-Horse-Battery-9' });
    const editor = await createUser(ctx.database.db, { password: 'Correct-Horse-Battery-9', role: 'editor' });
    adminToken = (await call('POST', '/api/auth/login', { json: { username: admin.username, password: admin.password } })).body.data.token;
    editorToken = (await call('POST', '/api/auth/login', { json: { username: editor.username, password: editor.password } })).body.data.token;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  interface CallOptions {
    json?: unknown;
    raw?: string | Buffer;
    contentType?: string;
    token?: string;
    ip?: string;
    headers?: Record<string, string>;
  }

  /** The parts of the API's answers this test reads. */
  interface Answer {
    data: {
      token: string;
      client_secret: string;
      payment_intent_id: string;
      donation: { id: number };
      payment_intent?: { status: string };
    };
  }

  async function call(method: string, url: string, options: CallOptions = {}): Promise<{ status: number; body: Answer }> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? nextIp(), ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Buffer | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.raw !== undefined) {
      body = options.raw;
      if (options.contentType) headers['content-type'] = options.contentType;
    }
    const response = await fetch(`${base}${url}`, { method, headers, body });
    const text = await response.text();
    statuses.add(response.status);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (a page, a PDF)
    }
    return { status: response.status, body: parsed as Answer };
  }

  async function settle() {
    await app.payments.idle();
    await app.mailer.idle();
  }

  /** create-intent, then the sandbox's confirm; answers the intent's id, client secret and status. */
  async function pay(data: unknown, paymentMethodId: string, ip = nextIp()) {
    const created = await call('POST', '/api/payments/create-intent', { json: { donation_data: data, payment_method_id: paymentMethodId, card: CARELESS_CARD }, ip });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { client_secret: clientSecret, payment_intent_id: intentId } = created.body.data;
    const confirmed = await call('POST', '/api/payments/sandbox/confirm', { json: { client_secret: clientSecret, payment_method_id: paymentMethodId, card: CARELESS_CARD }, ip });
    return { intentId: intentId as string, clientSecret: clientSecret as string, status: confirmed.body.data?.payment_intent?.status as string };
  }

  const save = (data: unknown, intentId: string) =>
    call('POST', '/api/donations/save-after-payment', {
      json: { donation_data: data, payment_intent_id: intentId, payment_method_id: TEST_CARDS.visa.paymentMethod, payment_status: 'completed', card: CARELESS_CARD },
    });

  it('holds no PAN, phone, email, street address, card number or CVC, though every error path ran', { timeout: 180_000 }, async () => {
    // ---- A donation that works, its receipt mailed to a server that is down ----
    const paid = await pay(donation(), TEST_CARDS.visa.paymentMethod);
    expect(paid.status).toBe('succeeded');
    const saved = await save(donation(), paid.intentId);
    expect([200, 201]).toContain(saved.status);
    const donationId: number = saved.body.data.donation.id;
    expect((await call('POST', '/api/invoices/generate-and-send', { json: { donation_id: donationId, payment_intent_id: paid.intentId } })).status).toBe(200);
    await settle();

    // ---- 409: the details or the amount differ from what was paid ----
    expect((await save(donation({}, { address: `${ADDRESS}, Flat 2` }), paid.intentId)).status).toBe(409);
    expect((await save(donation({ amount: 5 }), paid.intentId)).status).toBe(409);

    // ---- A declined card, and 3-D Secure failed and completed ----
    expect((await pay(donation({ amount: 600 }), TEST_CARDS.declined.paymentMethod)).status).toBe('requires_payment_method');
    const secure = await pay(donation({ amount: 700 }), TEST_CARDS.authentication.paymentMethod);
    expect(secure.status).toBe('requires_action');
    expect((await call('POST', '/api/payments/sandbox/authenticate', { json: { client_secret: secure.clientSecret, outcome: 'fail', card: CARELESS_CARD } })).status).toBe(200);
    const secureOk = await pay(donation({ amount: 800 }), TEST_CARDS.authentication.paymentMethod);
    expect((await call('POST', '/api/payments/sandbox/authenticate', { json: { client_secret: secureOk.clientSecret, outcome: 'complete' } })).status).toBe(200);
    await settle();

    // ---- 429: the card-testing defence (failures from one address), and the contact form's limit ----
    const tester = nextIp();
    for (let i = 0; i < 5; i += 1) await pay(donation({ amount: 100 + i }), TEST_CARDS.declined.paymentMethod, tester);
    const refused = await call('POST', '/api/payments/create-intent', { json: { donation_data: donation(), payment_method_id: TEST_CARDS.visa.paymentMethod, card: CARELESS_CARD }, ip: tester });
    expect(refused.status).toBe(429);
    const writer = nextIp();
    const contact = { ...PERSONAL_FIELDS, subject: 'volunteer' };
    for (let i = 0; i < 5; i += 1) expect((await call('POST', '/api/contact', { json: contact, ip: writer })).status).toBe(201);
    expect((await call('POST', '/api/contact', { json: contact, ip: writer })).status).toBe(429);

    // ---- Every route: its own 400 (the donor's values, wrongly typed), ill-formed text, no token, another role ----
    const routes = app.routeCatalogue.filter((route) => route.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(40);
    const withPersonalData = {
      ...PERSONAL_FIELDS,
      donation_data: donation({ amount: 'a lot' }, { email: 42 }),
      payment_method_id: CARD,
      card: CARELESS_CARD,
      title: 7,
      status: PAN,
    };
    const illFormed = { ...PERSONAL_FIELDS, donation_data: donation({}, { address: `${ADDRESS}\ud800` }), card: CARELESS_CARD };
    const query = `?q=${PAN}&search=${encodeURIComponent(EMAIL)}&email=${encodeURIComponent(EMAIL)}&phone=${PHONE}&pan=${PAN}&card=${CARD}`;
    for (const route of routes) {
      const url = route.url.replace(':id', String(donationId)).replace(':imageId', '1').replace(':number', 'BBF-2025-000001');
      const token = route.admin ? adminToken : undefined;
      if (route.method === 'GET' || route.method === 'HEAD') {
        expect((await call(route.method, `${url}${query}`, { token })).status, url).toBeLessThan(500);
        continue;
      }
      // Refused by the route's own checks (or, for the few that read no body, done: the body is ignored).
      const wrong = await call(route.method, `${url}${query}`, { json: withPersonalData, token });
      expect(wrong.status, `${route.method} ${url}: ${JSON.stringify(wrong.body)}`).toBeLessThan(500);
      // Refused at the boundary (routes for a signed-in user answer 401 first: no token is sent to them).
      if (route.url !== '/api/webhooks/stripe') {
        const refusedText = await call(route.method, url, { json: illFormed, token });
        expect([400, 401], `${route.method} ${url}: ${JSON.stringify(refusedText.body)}`).toContain(refusedText.status);
      }
      if (route.admin) {
        expect((await call(route.method, url, { json: withPersonalData })).status).toBe(401);
        expect((await call(route.method, url, { json: withPersonalData, token: editorToken })).status).toBe(403);
      }
    }

    // ---- 404, 413, 415, bad JSON, a multipart upload (its parser logs the request headers at trace) ----
    expect((await call('POST', `/api/no-such-route${query}`, { json: withPersonalData })).status).toBe(404);
    expect((await call('GET', '/api/admin/donations/999999', { token: adminToken })).status).toBe(404);
    const huge = JSON.stringify({ donation_data: donation(), padding: 'x'.repeat(1024 * 1024) });
    expect((await call('POST', '/api/payments/create-intent', { raw: huge, contentType: 'application/json' })).status).toBe(413);
    expect((await call('POST', '/api/contact', { raw: JSON.stringify(contact), contentType: 'application/xml' })).status).toBe(415);
    expect((await call('POST', '/api/contact', { raw: `{"email": "${EMAIL}", "phone": "${PHONE}", `, contentType: 'application/json' })).status).toBe(400);
    const upload = multipart({ title: `Campaign of ${EMAIL}`, description: ADDRESS, image: { filename: `${PAN}.png`, contentType: 'image/png', data: await solidImage(8, 8) } });
    const uploaded = await call('POST', '/api/campaigns', { raw: upload.payload, contentType: upload.headers['content-type'], token: adminToken });
    expect(uploaded.status).toBeLessThan(500);

    // ---- Database writes that fail, with the values in the error's detail ----
    const db = ctx.database.db;
    const statements = [
      `alter table payment_attempts add constraint test_refuse_attempt check ((donation_data->'donor'->>'pan_number') is distinct from '${PAN}' or amount <> 900)`,
      `alter table contact_messages add constraint test_refuse_message check (name <> 'Asha Verma' or subject <> 'donation')`,
      `create function test_refuse_donation() returns trigger language plpgsql as $$ begin
         if new.amount = 950 then
           raise exception 'donation of "%" refused', new.donor_email using detail = new.donor_address || ' ' || new.donor_pan, hint = new.donor_mobile;
         end if; return new; end $$`,
      `create trigger test_refuse_donation before insert on donations for each row execute function test_refuse_donation()`,
    ];
    for (const statement of statements) await db.execute(sql.raw(statement));
    try {
      // The payment attempt (whole donation_data bound as a parameter; the check's detail is the failing row).
      const attempt = await call('POST', '/api/payments/create-intent', { json: { donation_data: donation({ amount: 900 }), payment_method_id: TEST_CARDS.visa.paymentMethod, card: CARELESS_CARD } });
      expect(attempt.status).toBe(500);
      expect(attempt.body).toEqual({ success: false, message: 'Internal server error. Please try again later.' });
      // The donation (the browser's save and the sandbox's webhook both try; the trigger raises with the values).
      const refusedPayment = await pay(donation({ amount: 950 }), TEST_CARDS.visa.paymentMethod);
      expect(refusedPayment.status).toBe('succeeded');
      expect((await save(donation({ amount: 950 }), refusedPayment.intentId)).status).toBe(500);
      // The contact message.
      expect((await call('POST', '/api/contact', { json: { ...contact, subject: 'donation' } })).status).toBe(500);
      await settle();
    } finally {
      for (const statement of [
        'alter table payment_attempts drop constraint if exists test_refuse_attempt',
        'alter table contact_messages drop constraint if exists test_refuse_message',
        'drop trigger if exists test_refuse_donation on donations',
        'drop function if exists test_refuse_donation()',
      ]) {
        await db.execute(sql.raw(statement));
      }
    }
    await settle();

    for (const status of [200, 201, 400, 401, 403, 404, 409, 413, 415, 429, 500]) expect(statuses, `a ${status} was answered`).toContain(status);

    // ---- The log ----
    const log = readFileSync(logFile, 'utf8');
    const lines = log.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(100); // the capture works
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    // The failures are there, described by what finds them: codes, constraints, tables, ids.
    expect(log).toContain('"msg":"request failed"');
    expect(log).toContain('"constraint":"test_refuse_attempt"');
    expect(log).toContain('"constraint":"test_refuse_message"');
    expect(log).toContain('"code":"P0001"');
    expect(log).toContain('sending a mail failed');
    expect(log).toContain('payment failed');
    // …and none of the donor's or the card's values, in any spelling.
    const lower = log.toLowerCase();
    for (const value of [PAN, PHONE, EMAIL, encodeURIComponent(EMAIL), ADDRESS, '100 Feet Road', CARD, TEST_CARDS.visa.spaced, adminToken, editorToken]) {
      expect(lower, value).not.toContain(value.toLowerCase());
    }
    // The CVC as the value of a card field, or next to such a word (elsewhere 314 may be a time in ms or an id).
    expect(log).not.toMatch(/"(?:cvc|cvv)"\s*:\s*"(?!\[redacted\])/i);
    expect(log).not.toMatch(new RegExp(`(?:cvc|cvv)[^\\n]{0,20}\\b${CVC}\\b`, 'i'));
    expect(log.replace(/"time":\d+/g, '')).not.toMatch(/\b(?:\d[ -]?){13,19}\b/);
  });
});
