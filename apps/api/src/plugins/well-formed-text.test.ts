import { readdirSync } from 'node:fs';
import { TEST_CARDS } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { campaigns, contactMessages, mailOutbox, paymentAttempts } from '../db/schema.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, indianDonation, nextIp } from '../../test/support/donations.js';
import { solidImage } from '../../test/support/images.js';
import type { SandboxProvider } from '../donations/provider/sandbox-provider.js';
import { findIllFormedText } from './well-formed-text.js';

// Text that is not well-formed Unicode (a lone UTF-16 surrogate, which JSON can carry as "\ud800") is refused at the
// boundary (docs/decisions/014-well-formed-text-and-error-logs.md), for every route, with a 400 naming the field,
// before any route code runs; it never reaches the database (a jsonb column refuses it, which used to fail the whole
// insert with a 500). Well-formed text of every script, emoji included, is untouched, and the webhook's signature is
// still checked over its bytes.

const NOT_TEXT = (path: string) => `${path} contains characters that are not valid text.`;

/** Lone surrogates: high alone, low alone, a pair in the wrong order, a high one cut off at the end. */
const LONE = ['\ud800', '\udfff', '\ude00\ud83d', 'Asha \ud83d', '\udc00Verma'];

describeEachDatabase('text that is not well-formed Unicode', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;
  let adminToken: string;

  beforeAll(async () => {
    ({ app, sandbox } = await buildSandboxApp(ctx));
    adminToken = await signIn(app, await createUser(ctx.database.db));
  });
  afterAll(async () => {
    await app?.close();
  });

  const createIntent = (donationData: unknown) =>
    app.inject({ method: 'POST', url: '/api/payments/create-intent', payload: { donation_data: donationData, payment_method_id: TEST_CARDS.visa.paymentMethod }, remoteAddress: nextIp() });

  it('is refused in any donor field of create-intent with 400 naming the field, and nothing is recorded', async () => {
    for (const field of ['full_name', 'address', 'city', 'email', 'pan_number']) {
      for (const lone of LONE) {
        const response = await createIntent(indianDonation({}, { [field]: lone }));
        expect(response.statusCode, `${field} ${JSON.stringify(lone)}`).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          message: NOT_TEXT(`donation_data.donor.${field}`),
          errors: { [`donation_data.donor.${field}`]: NOT_TEXT(`donation_data.donor.${field}`) },
        });
      }
    }
    expect(await ctx.database.db.select().from(paymentAttempts)).toEqual([]);
  });

  it('is refused in the contact form, which then stores no message and queues no mail', async () => {
    for (const field of ['name', 'message', 'subject']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Asha Verma', email: 'asha@example.org', phone: '9876543210', subject: 'volunteer', message: 'I would like to help.', [field]: 'Hi \ud800' },
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(NOT_TEXT(field));
    }
    expect(await ctx.database.db.select().from(contactMessages)).toEqual([]);
    expect(await ctx.database.db.select().from(mailOutbox)).toEqual([]);
  });

  it('is refused in field names, array items and a body that is a bare string', async () => {
    const post = (payload: string) =>
      app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload, remoteAddress: nextIp() });
    expect((await post('{"name\\ud800": "Asha"}')).json().message).toBe('A field name in the request body contains characters that are not valid text.');
    expect((await post('{"tags": ["ok", "\\udc00"]}')).json().message).toBe(NOT_TEXT('tags.1'));
    expect((await post('"\\ud800"')).json().message).toBe('Request body contains characters that are not valid text.');
    for (const payload of ['{"name\\ud800": "Asha"}', '{"tags": ["ok", "\\udc00"]}', '"\\ud800"']) expect((await post(payload)).statusCode).toBe(400);
  });

  it('is refused on every route that reads a body (but the webhook), before its own checks, with the admin signed in', async () => {
    const routes = app.routeCatalogue.filter((route) => !['GET', 'HEAD'].includes(route.method) && route.url !== '/api/webhooks/stripe');
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const url = route.url.replace(':id', '1').replace(':imageId', '1').replace(':number', 'BBF-2025-000001');
      const response = await app.inject({
        method: route.method as 'POST',
        url,
        headers: { ...bearer(adminToken), 'content-type': 'application/json' },
        payload: '{"note": "x\\ud800y"}',
        remoteAddress: nextIp(),
      });
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(400);
      expect(response.json().message, `${route.method} ${route.url}`).toBe(NOT_TEXT('note'));
    }
  });

  it('is refused in multipart fields, field names and file names (a part may declare UTF-16), storing nothing', async () => {
    const boundary = 'wellFormedBoundary';
    const picture = await solidImage(20, 20, 'png');
    const part = (disposition: string, body: Buffer, type?: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`, 'latin1'),
        body,
        Buffer.from('\r\n'),
      ]);
    const form = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
    const utf16 = (text: string) => Buffer.from(text, 'utf16le');
    const post = (payload: Buffer) =>
      app.inject({ method: 'POST', url: '/api/campaigns', headers: { ...bearer(adminToken), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    const fields = [
      part('name="description"', Buffer.from('A campaign.')),
      part('name="target_amount"', Buffer.from('5000')),
      part('name="category"', Buffer.from('education')),
    ];

    const inValue = await post(form(part('name="title"', utf16('Books \ud800'), 'text/plain; charset=utf-16le'), ...fields));
    expect(inValue.statusCode, inValue.body).toBe(400);
    expect(inValue.json().message).toBe(NOT_TEXT('title'));

    const inName = await post(form(part(`name*=utf-16le''%00%D8`, Buffer.from('x')), part('name="title"', Buffer.from('Books')), ...fields));
    expect(inName.statusCode, inName.body).toBe(400);
    expect(inName.json().message).toBe('A field name in the form contains characters that are not valid text.');

    const inFileName = await post(form(part('name="title"', Buffer.from('Books')), ...fields, part(`name="image"; filename*=utf-16le''%00%D8.png`, picture, 'image/png')));
    expect(inFileName.statusCode, inFileName.body).toBe(400);
    expect(inFileName.json().message).toBe('The file name sent in image contains characters that are not valid text.');

    expect(await ctx.database.db.select().from(campaigns)).toEqual([]);
    const uploads = (() => {
      try {
        return readdirSync(ctx.config.uploadsDir, { recursive: true });
      } catch {
        return [];
      }
    })();
    expect(uploads.filter((name) => String(name).endsWith('.webp'))).toEqual([]);

    // The same form, well-formed (UTF-16 declared and all), is accepted.
    const accepted = await post(form(part('name="title"', utf16('Books \u{1F4DA}'), 'text/plain; charset=utf-16le'), ...fields));
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().data.campaign.title).toBe('Books \u{1F4DA}');
  });

  it('leaves well-formed text of any script alone: emoji, RTL, combining marks, astral characters', async () => {
    const names = ['Ａｓｈａ 🏳️‍🌈', 'שלום مرحبا', 'Zoë Ŝ̷', '𝓐𝓼𝓱𝓪 𠜎', 'नमस्ते आशा'];
    for (const name of names) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name, email: 'asha@example.org', subject: 'volunteer', message: `${name}: I would like to help.` },
        remoteAddress: nextIp(),
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
    }
    const intent = await createIntent(indianDonation({}, { full_name: 'आशा वर्मा 🙂', address: '12, 100 Feet Road, इंदिरानगर' }));
    expect(intent.statusCode, intent.body).toBe(200);
  });

  it('does not get in the way of the webhook: its signature is checked over the raw bytes, escapes and all', async () => {
    const payload = '{"id":"evt_lone_1","object":"event","type":"charge.refunded","created":1,"data":{"object":{"id":"ch_1","object":"charge","description":"x\\ud800"}}}';
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: sandbox.webhookSecret });
    const signed = await app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    expect(signed.statusCode, signed.body).toBe(200);
    const forged = await app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Invalid signature');
  });

  it('answers a body of deeply nested arrays without a stack overflow', async () => {
    const depth = 200_000;
    const payload = `${'['.repeat(depth)}"\\ud800"${']'.repeat(depth)}`;
    const response = await app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload, remoteAddress: nextIp() });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().success).toBe(false);
  });
});

it('finds ill-formed text in query strings and URL parameters too (which decoding from UTF-8 cannot produce today)', () => {
  expect(findIllFormedText({ q: 'ok', search: ['fine', 'bad\ud800'] })).toEqual({ path: ['search', '1'], inKey: false });
  expect(findIllFormedText({ id: '\udc00' })).toEqual({ path: ['id'], inKey: false });
  expect(findIllFormedText({ ['k\ud800']: 'v' })).toEqual({ path: ['k\ud800'], inKey: true });
  expect(findIllFormedText({ a: { b: [1, true, null, 'fine 🙂'] } })).toBeNull();
  expect(findIllFormedText(Buffer.from([0xed, 0xa0, 0x80]))).toBeNull();
});
