import { CONTACT_MESSAGES, CONTACT_SUBJECTS, ORGANISATION } from '@charity/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { contactMessages, mailOutbox, organisation } from '../db/schema.js';
import { describeEachDatabase, testConfig } from '../../test/support/databases.js';
import { startSmtpSink, type SmtpSink } from '../../test/support/smtp-sink.js';

// POST /api/contact: the form's rules and messages, storage, the mail to the organisation (to a real SMTP
// server started here, or the outbox without one), and the per-address rate limit.

const VALID = {
  name: 'Asha Verma',
  email: 'Asha.Verma@Example.org',
  phone: '+91 98765 43210',
  subject: 'volunteer',
  message: 'I would like to help at the weekend reading club.',
};

let address = 0;
/** A fresh client address per request, so the rate limit only counts where a test means it to. */
const nextIp = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describeEachDatabase('POST /api/contact', (ctx) => {
  let app: FastifyInstance; // no SMTP_URL: mail goes to the outbox

  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await ctx.database.db.delete(contactMessages);
    await ctx.database.db.delete(mailOutbox);
  });

  const post = (payload: unknown, target = app, remoteAddress = nextIp()) =>
    target.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });

  const storedMessages = () => ctx.database.db.select().from(contactMessages);
  const outbox = () => ctx.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));

  it('stores the message (trimmed, email lowercased) and answers 201 with the spec toast', async () => {
    const response = await post({ ...VALID, name: '  Asha Verma ', unknown: 'ignored' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: "Thank you for your message! We'll get back to you soon." });
    const rows = await storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Asha Verma',
      email: 'asha.verma@example.org',
      phone: '+91 98765 43210',
      subject: 'volunteer',
      message: VALID.message,
      status: 'unread',
    });
  });

  it('accepts every subject and no phone at all', async () => {
    for (const { value } of CONTACT_SUBJECTS) {
      const response = await post({ ...VALID, subject: value, phone: undefined });
      expect(response.statusCode, value).toBe(201);
    }
    expect((await post({ ...VALID, phone: '' })).statusCode).toBe(201);
    expect((await post({ ...VALID, phone: null })).statusCode).toBe(201);
    const rows = await storedMessages();
    expect(rows.map((r) => r.phone)).toEqual([null, null, null, null, null, null]);
  });

  it('keeps the mail in the outbox as stored when no SMTP server is configured', async () => {
    await post(VALID);
    await app.mailer.idle();
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to: ORGANISATION.email, status: 'stored', error: null, sentAt: null });
    expect(mail!.subject).toBe('Contact form: Volunteer Opportunities from Asha Verma');
    expect(mail!.text).toContain('Email: asha.verma@example.org');
    expect(mail!.text).toContain(VALID.message);
  });

  it.each([
    ['name', CONTACT_MESSAGES.nameRequired, { name: '' }],
    ['name', CONTACT_MESSAGES.nameTooShort, { name: 'A' }],
    ['name', CONTACT_MESSAGES.nameTooShort, { name: ' A ' }],
    ['email', CONTACT_MESSAGES.emailRequired, { email: '' }],
    ['email', CONTACT_MESSAGES.emailInvalid, { email: 'asha@example' }],
    ['email', CONTACT_MESSAGES.emailInvalid, { email: 'asha example.org' }],
    ['phone', CONTACT_MESSAGES.phoneInvalid, { phone: '12345' }],
    ['subject', CONTACT_MESSAGES.subjectRequired, { subject: '' }],
    ['subject', CONTACT_MESSAGES.subjectRequired, { subject: 'complaint' }],
    ['subject', CONTACT_MESSAGES.subjectRequired, { subject: 'Donation Inquiry' }],
    ['message', CONTACT_MESSAGES.messageRequired, { message: '' }],
    ['message', CONTACT_MESSAGES.messageTooShort, { message: 'Too short' }],
    ['name', 'Name must be at most 100 characters long.', { name: 'n'.repeat(101) }],
    ['email', 'Email must be at most 254 characters long.', { email: `${'e'.repeat(250)}@x.org` }],
    ['phone', 'Phone must be at most 20 characters long.', { phone: '9'.repeat(21) }],
    ['message', 'Message must be at most 5,000 characters long.', { message: 'm'.repeat(5001) }],
    ['name', 'Name must be text.', { name: 42 }],
    ['email', 'Email must be text.', { email: ['a@b.org'] }],
    ['message', 'Message must be text.', { message: { text: 'hello there friend' } }],
    ['subject', 'Subject must be text.', { subject: true }],
  ])('answers a bad %s (%s) with 400', async (field, message, change) => {
    const response = await post({ ...VALID, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message, errors: { [field]: message } });
    expect(await storedMessages()).toHaveLength(0);
    expect(await outbox()).toHaveLength(0);
  });

  it('reports every field, in the form order, the first as the message', async () => {
    const response = await post({ subject: 'x', message: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: CONTACT_MESSAGES.nameRequired,
      errors: {
        name: CONTACT_MESSAGES.nameRequired,
        email: CONTACT_MESSAGES.emailRequired,
        subject: CONTACT_MESSAGES.subjectRequired,
        message: CONTACT_MESSAGES.messageTooShort,
      },
    });
  });

  it('accepts a message of exactly 5,000 characters', async () => {
    expect((await post({ ...VALID, message: 'm'.repeat(5000) })).statusCode).toBe(201);
  });

  it('answers bodies that are not a JSON object with 400, 413 or 415', async () => {
    const inject = (payload: string, type = 'application/json') =>
      app.inject({ method: 'POST', url: '/api/contact', payload, headers: { 'content-type': type }, remoteAddress: nextIp() });
    for (const body of ['[]', '"hello"', '42', 'null']) {
      const response = await inject(body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json().success, body).toBe(false);
    }
    expect((await inject('{"name":')).json()).toEqual({ success: false, message: 'Request body is not valid JSON.' });
    const large = await inject(JSON.stringify({ ...VALID, message: 'x'.repeat(1024 * 1024 + 1) }));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ success: false, message: 'Request body is too large.' });
    expect((await inject('name=Asha', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect(await storedMessages()).toHaveLength(0);
  });

  it('strips control characters, and never lets line breaks into the mail subject', async () => {
    const response = await post({
      ...VALID,
      name: 'Asha\r\nBcc: victim@example.org\u0000',
      message: 'Hello\u0000 there,\r\nsecond line\u0007 here.',
    });
    expect(response.statusCode).toBe(201);
    const [row] = await storedMessages();
    expect(row!.name).toBe('Asha Bcc: victim@example.org');
    expect(row!.message).toBe('Hello there,\nsecond line here.');
    await app.mailer.idle();
    const [mail] = await outbox();
    expect(mail!.subject).toBe('Contact form: Volunteer Opportunities from Asha Bcc: victim@example.org');
    expect(mail!.subject).not.toMatch(/[\r\n]/);
  });

  it('sends mail to the address the organisation row holds', async () => {
    await ctx.database.db
      .insert(organisation)
      .values({ id: 1, name: 'Org', tagline: 't', description: 'd', email: 'hello@charity.example', phones: { main: '+91 1' } as never, address: 'a', registrationNumber: 'r' })
      .onConflictDoUpdate({ target: organisation.id, set: { email: 'hello@charity.example' } });
    await post(VALID);
    await app.mailer.idle();
    expect((await outbox())[0]!.to).toBe('hello@charity.example');
    await ctx.database.db.delete(organisation).where(eq(organisation.id, 1));
  });

  it('limits each client address to 5 messages per 10 minutes, then answers 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) expect((await post(VALID, app, ip)).statusCode).toBe(201);
    const refused = await post(VALID, app, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: 'Too many messages from this address. Please try again later.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedMessages()).toHaveLength(5);
    // Someone else is not affected.
    expect((await post(VALID, app, nextIp())).statusCode).toBe(201);
  });

  describe('with an SMTP server', () => {
    let sink: SmtpSink;
    let smtpApp: FastifyInstance;
    beforeAll(async () => {
      sink = await startSmtpSink();
      smtpApp = await buildApp({
        config: { ...ctx.config, smtpUrl: sink.url, mailFrom: 'Bright Beginnings <no-reply@charity.test>' },
        database: ctx.database,
      });
    });
    afterAll(async () => {
      await smtpApp?.close();
      await sink?.close();
    });

    it('delivers the notification with the message, the sender as Reply-To, and records it as sent', async () => {
      const response = await post({ ...VALID, subject: 'donation' }, smtpApp);
      expect(response.statusCode).toBe(201);
      const [mail] = await sink.waitFor(1);
      expect(mail!.to).toEqual([ORGANISATION.email]);
      expect(mail!.from).toBe('no-reply@charity.test');
      const unfolded = mail!.raw.replace(/\r\n[ \t]+/g, ' ');
      expect(unfolded).toMatch(/^Subject: Contact form: Donation Inquiry from Asha Verma$/m);
      expect(unfolded).toMatch(/^Reply-To: Asha Verma <asha\.verma@example\.org>$/m);
      expect(unfolded).toMatch(/^From: Bright Beginnings <no-reply@charity\.test>$/m);
      expect(mail!.decoded).toContain('I would like to help at the weekend reading club.');
      expect(mail!.decoded).toContain('Phone: +91 98765 43210');
      expect(mail!.decoded).toContain('Email: asha.verma@example.org');
      expect(mail!.raw).toMatch(/Content-Type: text\/html/);

      await smtpApp.mailer.idle();
      const [row] = await outbox();
      expect(row).toMatchObject({ to: ORGANISATION.email, status: 'sent', error: null });
      expect(row!.sentAt).toBeInstanceOf(Date);
    });

    it('escapes the visitor’s text in the HTML part', async () => {
      const before = sink.mails.length;
      await post({ ...VALID, message: '<script>alert("x")</script> please reply' }, smtpApp);
      await sink.waitFor(before + 1);
      await smtpApp.mailer.idle();
      const html = (await outbox())[0]!.html!;
      expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(html).not.toContain('<script>');
    });
  });

  describe('when the mail server fails', () => {
    it('still answers 201, keeps the message, and records the mail as failed with the reason', async () => {
      const sink = await startSmtpSink({ reject: true });
      const failing = await buildApp({ config: { ...ctx.config, smtpUrl: sink.url }, database: ctx.database });
      try {
        const response = await post(VALID, failing);
        expect(response.statusCode).toBe(201);
        expect(response.json().success).toBe(true);
        await failing.mailer.idle();
        expect(await storedMessages()).toHaveLength(1);
        const [row] = await outbox();
        expect(row).toMatchObject({ status: 'failed', sentAt: null });
        expect(row!.error).toMatch(/550|Mailbox unavailable/);
      } finally {
        await failing.close();
        await sink.close();
      }
    });

    it('answers 201 without waiting when nothing listens at SMTP_URL', async () => {
      const config = testConfig({ SMTP_URL: 'smtp://127.0.0.1:9' }); // the discard port: nothing listens
      const unreachable = await buildApp({ config: { ...ctx.config, smtpUrl: config.smtpUrl }, database: ctx.database });
      try {
        const response = await post(VALID, unreachable);
        expect(response.statusCode).toBe(201);
        await unreachable.mailer.idle();
        const [row] = await outbox();
        expect(row!.status).toBe('failed');
        expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
      } finally {
        await unreachable.close();
      }
    });
  });
});
