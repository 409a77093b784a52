import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { contactMessages, mailOutbox } from '../db/schema.js';
import { insertMails, insertMessages } from '../../test/support/admin-fixtures.js';
import { allowAll } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';

// The admin inbox (GET/PATCH /api/admin/messages…) and the mail outbox (GET /api/admin/outbox), on both
// databases. The guard is tested for every admin route in admin-access.test.ts.

const at = (iso: string) => new Date(iso);

describeEachDatabase('admin messages and outbox', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database, adminGuard: allowAll });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await ctx.database.db.delete(contactMessages);
    await ctx.database.db.delete(mailOutbox);
  });

  const get = (url: string, target = app) => target.inject({ method: 'GET', url });
  const ids = async (query: string) => {
    const response = await get(`/api/admin/messages${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data.messages as Array<{ id: number }>).map((m) => m.id);
  };

  describe('GET /api/admin/messages', () => {
    it('lists the inbox (unread and read) newest first, each tab on its own, with the counts of every tab', async () => {
      const rows = await insertMessages(ctx.database.db, [
        { createdAt: at('2026-05-01T10:00:00Z'), status: 'unread', name: 'Priya', email: 'priya@example.org', phone: '9876543210', subject: 'volunteer', message: 'I can teach on Saturdays.' },
        { createdAt: at('2026-05-02T10:00:00Z'), status: 'read' },
        { createdAt: at('2026-05-03T10:00:00Z'), status: 'archived' },
        { createdAt: at('2026-05-03T10:00:00Z'), status: 'unread' },
      ]);
      const [priya, read, archived, newest] = rows.map((r) => r.id);
      const response = await get('/api/admin/messages');
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(body.data.messages.map((m: { id: number }) => m.id)).toEqual([newest, read, priya]);
      expect(body.data.messages[2]).toEqual({
        id: priya,
        name: 'Priya',
        email: 'priya@example.org',
        phone: '9876543210',
        subject: 'volunteer',
        message: 'I can teach on Saturdays.',
        status: 'unread',
        created_at: '2026-05-01T10:00:00.000Z',
      });
      expect(body.data.counts).toEqual({ unread: 2, read: 1, archived: 1 });
      expect(body.meta).toEqual({ total_pages: 1, current_page: 1, total: 3 });
      expect(await ids('?status=unread')).toEqual([newest, priya]);
      expect(await ids('?status=read')).toEqual([read]);
      expect(await ids('?status=archived')).toEqual([archived]);
    });

    it('searches name, e-mail and text case-insensitively, pages by 20 (at most 100), and keeps the counts whole', async () => {
      const base = Date.parse('2026-01-01T00:00:00Z');
      await insertMessages(
        ctx.database.db,
        Array.from({ length: 25 }, (_, i) => ({ createdAt: new Date(base + i * 60_000) })),
      );
      const [meera] = await insertMessages(ctx.database.db, [{ name: 'Meera Iyer', email: 'MEERA@example.org', message: 'About 50% of the books…' }]);
      const first = (await get('/api/admin/messages')).json();
      expect(first.data.messages).toHaveLength(20);
      expect(first.meta).toEqual({ total_pages: 2, current_page: 1, total: 26 });
      expect((await get('/api/admin/messages?page=2')).json().data.messages).toHaveLength(6);
      expect((await get('/api/admin/messages?limit=1000')).json().data.messages).toHaveLength(26);
      expect(await ids('?q=iyer')).toEqual([meera!.id]);
      expect(await ids('?q=meera%40EXAMPLE')).toEqual([meera!.id]);
      expect(await ids(`?q=${encodeURIComponent('50%')}`)).toEqual([meera!.id]);
      const searched = (await get('/api/admin/messages?q=iyer')).json();
      expect(searched.meta.total).toBe(1);
      expect(searched.data.counts).toEqual({ unread: 26, read: 0, archived: 0 });
    });

    it.each([
      ['?status=deleted', 'status must be one of: all, unread, read, archived.'],
      ['?page=0', 'page must be at least 1.'],
      ['?limit=abc', 'limit must be a whole number.'],
      [`?q=${'x'.repeat(201)}`, 'q must be at most 200 characters long.'],
    ])('answers 400 for %s', async (query, message) => {
      const response = await get(`/api/admin/messages${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
    });
  });

  describe('GET and PATCH /api/admin/messages/:id', () => {
    it('answers one message without changing it, and moves it between unread, read and archived', async () => {
      const [row] = await insertMessages(ctx.database.db, [{ name: 'Ravi' }]);
      const shown = await get(`/api/admin/messages/${row!.id}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.json().data.message).toMatchObject({ id: row!.id, name: 'Ravi', status: 'unread' });
      expect((await get(`/api/admin/messages/${row!.id}`)).json().data.message.status).toBe('unread');

      for (const status of ['read', 'archived', 'unread'] as const) {
        const response = await app.inject({ method: 'PATCH', url: `/api/admin/messages/${row!.id}`, payload: { status } });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          success: true,
          message: 'Message updated',
          data: { message: { ...shown.json().data.message, status } },
        });
        expect((await get(`/api/admin/messages/${row!.id}`)).json().data.message.status).toBe(status);
      }
    });

    it('answers 404 for an unknown message and 400 for a bad status or id, changing nothing', async () => {
      const [row] = await insertMessages(ctx.database.db, [{}]);
      const patch = (url: string, payload: unknown) => app.inject({ method: 'PATCH', url, payload: payload as object });
      for (const response of [await get('/api/admin/messages/999999'), await patch('/api/admin/messages/999999', { status: 'read' })]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ success: false, message: 'Message not found' });
      }
      for (const [payload, message] of [
        [{ status: 'deleted' }, 'status must be one of: unread, read, archived.'],
        [{}, 'status is required.'],
        [{ status: 3 }, 'status must be one of: unread, read, archived.'],
      ] as const) {
        const response = await patch(`/api/admin/messages/${row!.id}`, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ success: false, message });
      }
      expect((await patch('/api/admin/messages/abc', { status: 'read' })).json()).toEqual({ success: false, message: 'id must be a whole number.' });
      expect((await get(`/api/admin/messages/${row!.id}`)).json().data.message.status).toBe('unread');
    });
  });

  describe('GET /api/admin/outbox', () => {
    it('lists mails newest first with their attachments, filters by status, and says whether SMTP is configured', async () => {
      const rows = await insertMails(ctx.database.db, [
        { createdAt: at('2026-05-01T10:00:00Z'), status: 'sent', sentAt: at('2026-05-01T10:00:02Z') },
        {
          createdAt: at('2026-05-02T10:00:00Z'),
          to: 'asha@example.org',
          subject: 'Your receipt',
          text: 'Thank you.',
          html: '<p>Thank you.</p>',
          attachments: [{ filename: 'receipt.pdf', contentType: 'application/pdf', size: 12345 }],
        },
        { createdAt: at('2026-05-03T10:00:00Z'), status: 'failed', error: 'Mailbox unavailable' },
      ]);
      const response = await get('/api/admin/outbox');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(body.data.smtp_configured).toBe(false);
      expect(body.data.mails.map((m: { id: number }) => m.id)).toEqual([rows[2]!.id, rows[1]!.id, rows[0]!.id]);
      expect(body.data.mails[1]).toEqual({
        id: rows[1]!.id,
        to: 'asha@example.org',
        subject: 'Your receipt',
        text: 'Thank you.',
        status: 'stored',
        error: null,
        attachments: [{ filename: 'receipt.pdf', contentType: 'application/pdf', size: 12345 }],
        created_at: '2026-05-02T10:00:00.000Z',
        sent_at: null,
      });
      expect(body.data.mails[2]).toMatchObject({ status: 'sent', sent_at: '2026-05-01T10:00:02.000Z' });
      expect(body.data.mails[0]).toMatchObject({ status: 'failed', error: 'Mailbox unavailable' });
      expect(body.meta).toEqual({ total_pages: 1, current_page: 1, total: 3 });

      const failed = (await get('/api/admin/outbox?status=failed')).json();
      expect(failed.data.mails.map((m: { id: number }) => m.id)).toEqual([rows[2]!.id]);
      expect(failed.meta.total).toBe(1);
      expect((await get('/api/admin/outbox?limit=1&page=3')).json().data.mails.map((m: { id: number }) => m.id)).toEqual([rows[0]!.id]);

      const bad = await get('/api/admin/outbox?status=lost');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ success: false, message: 'status must be one of: all, pending, sent, failed, stored.' });

      const withSmtp = await buildApp({ config: { ...ctx.config, smtpUrl: 'smtp://127.0.0.1:2525' }, database: ctx.database, adminGuard: allowAll });
      try {
        expect((await get('/api/admin/outbox', withSmtp)).json().data.smtp_configured).toBe(true);
      } finally {
        await withSmtp.close();
      }
    });

    it('shows the mail a contact message left in the outbox without SMTP', async () => {
      const sent = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Kiran', email: 'kiran@example.org', subject: 'general', message: 'Hello from the contact form.' },
      });
      expect(sent.statusCode).toBe(201);
      await app.mailer.idle();
      const [mail] = (await get('/api/admin/outbox')).json().data.mails;
      expect(mail).toMatchObject({ status: 'stored', sent_at: null });
      expect(mail.text).toContain('Hello from the contact form.');
      const [message] = (await get('/api/admin/messages')).json().data.messages;
      expect(message).toMatchObject({ name: 'Kiran', status: 'unread', message: 'Hello from the contact form.' });
    });
  });
});
