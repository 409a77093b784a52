import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { contactMessages, mailOutbox } from '../db/schema.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { closedPort, startSmtpSink, type SmtpSink } from '../../test/support/smtp-sink.js';

// A contact message the visitor was told we received always has its notice to staff in the outbox
// (docs/decisions/014-well-formed-text-and-error-logs.md).
// The message and its notice are written in one transaction (the mail is sent after the commit), so there is no
// answer 201 with a message stored and its notice lost, whether the mail server is up, down or not configured, and
// whatever well-formed text the visitor wrote; text that is not well-formed is refused before anything is written.

const VALID = { name: 'Asha Verma', email: 'asha@example.org', phone: '9876543210', subject: 'volunteer', message: 'I would like to help.' };

/** Well-formed but unusual: right-to-left, emoji (astral, joined), combining marks, NUL bytes (stripped), the longest name. */
const UNUSUAL = [
  { ...VALID, name: 'שלום مرحبا', message: '\u202Bمرحبا\u202C، أود المساعدة.' },
  { ...VALID, name: '🏳️‍🌈 Asha 👩🏽‍💻', message: '🙂'.repeat(2000) },
  { ...VALID, name: 'Zoë Ŝ̷̛ V\u0000erma', message: 'Line one\u0000\r\nLine two\u0000' },
  { ...VALID, name: '𠜎'.repeat(50), subject: 'donation' },
  { ...VALID, name: 'नमस्ते आशा', subject: 'general', message: 'साझेदारी के बारे में।' },
];
/** Not well-formed: refused with 400, nothing written. */
const ILL_FORMED = [
  { ...VALID, name: 'Asha \ud800' },
  { ...VALID, name: '\udfff' },
  { ...VALID, message: 'Reversed \ude00\ud83d pair' },
  { ...VALID, subject: 'volunteer\ud800' },
];

let address = 0;
const nextIp = () => `10.15.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describeEachDatabase('the contact form’s notice to staff', (ctx) => {
  let sink: SmtpSink;
  let downPort: number;

  beforeAll(async () => {
    sink = await startSmtpSink();
    downPort = await closedPort();
  });
  afterAll(async () => {
    await sink?.close();
  });
  beforeEach(async () => {
    await ctx.database.db.delete(contactMessages);
    await ctx.database.db.delete(mailOutbox);
  });

  /** Every stored message has exactly one notice (its text names the message), and there is no other mail. */
  async function expectOneNoticePerMessage(accepted: number) {
    const messages = await ctx.database.db.select().from(contactMessages);
    const notices = await ctx.database.db.select().from(mailOutbox);
    expect(messages).toHaveLength(accepted);
    expect(notices).toHaveLength(accepted);
    for (const message of messages) {
      const own = notices.filter((notice) => notice.text.includes(`Reference: contact message #${message.id}\n`));
      expect(own, `message ${message.id} (${message.name})`).toHaveLength(1);
      expect(own[0]!.replyTo).toEqual({ name: message.name, address: message.email });
    }
    return notices;
  }

  async function sendAll(app: FastifyInstance) {
    for (const body of UNUSUAL) {
      const response = await app.inject({ method: 'POST', url: '/api/contact', payload: body, remoteAddress: nextIp() });
      expect(response.statusCode, `${body.name}: ${response.body}`).toBe(201);
    }
    for (const body of ILL_FORMED) {
      const response = await app.inject({ method: 'POST', url: '/api/contact', payload: body, remoteAddress: nextIp() });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(/ contains characters that are not valid text\.$/);
    }
    await app.mailer.idle();
  }

  const setups: Array<[string, () => Partial<Config>, Array<string>]> = [
    ['no SMTP server configured', () => ({ smtpUrl: null }), ['stored']],
    ['the SMTP server up', () => ({ smtpUrl: sink.url }), ['sent']],
    ['the SMTP server down', () => ({ smtpUrl: `smtp://127.0.0.1:${downPort}` }), ['failed']],
  ];
  for (const [title, config, statuses] of setups) {
    it(`records exactly one notice for every accepted message, with ${title}`, async () => {
      const app = await buildApp({ config: { ...ctx.config, ...config() }, database: ctx.database });
      try {
        await sendAll(app);
      } finally {
        await app.close();
      }
      const notices = await expectOneNoticePerMessage(UNUSUAL.length);
      expect([...new Set(notices.map((notice) => notice.status))]).toEqual(statuses);
      // A notice the mail server could not take is kept for another attempt, not dropped.
      if (statuses[0] === 'failed') for (const notice of notices) expect(notice.nextAttemptAt).toBeInstanceOf(Date);
    });
  }

  describe('when the notice cannot be recorded', () => {
    beforeAll(async () => {
      await ctx.database.db.execute(
        sql.raw(`create function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception 'outbox refused by the test'; end $$`),
      );
      await ctx.database.db.execute(sql.raw('create trigger refuse_outbox before insert on mail_outbox for each row execute function refuse_outbox()'));
    });
    afterAll(async () => {
      await ctx.database.db.execute(sql.raw('drop trigger if exists refuse_outbox on mail_outbox'));
      await ctx.database.db.execute(sql.raw('drop function if exists refuse_outbox()'));
    });

    it('keeps no message either, and tells the visitor it failed (500), so no accepted message is without its notice', async () => {
      const app = await buildApp({ config: ctx.config, database: ctx.database });
      try {
        const response = await app.inject({ method: 'POST', url: '/api/contact', payload: VALID, remoteAddress: nextIp() });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ success: false, message: 'Internal server error. Please try again later.' });
        await app.mailer.idle();
      } finally {
        await app.close();
      }
      await expectOneNoticePerMessage(0);
    });
  });
});
