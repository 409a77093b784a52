import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxMail } from '@charity/domain';
import { createAdminTestClient } from '../../../test/admin-test-client';
import { messageFixture, startFakeAdminApi, type FakeAdminApi } from '../../../test/fake-admin-api';
import { parseMessage, parseOutboxPage } from '../api/admin-messages-api';
import { createAdminMessagesStore, inFilter, movedCounts } from './admin-messages-store';

let fake: FakeAdminApi;
beforeAll(async () => {
  fake = await startFakeAdminApi();
});
afterAll(() => fake.close());

const mail = (id: number, overrides: Partial<OutboxMail> = {}): OutboxMail => ({
  id,
  to: 'asha.rao@example.org',
  subject: `Your receipt RCPT-${id}`,
  text: 'Thank you for your donation.',
  status: 'stored',
  error: null,
  attachments: [{ filename: `RCPT-${id}.pdf`, contentType: 'application/pdf', size: 20480 }],
  created_at: `2026-11-${String(id).padStart(2, '0')}T10:00:00.000Z`,
  sent_at: null,
  ...overrides,
});

let t: ReturnType<typeof createAdminTestClient>;
let store: ReturnType<typeof createAdminMessagesStore>;
beforeEach(() => {
  fake.reset();
  fake.state.messages = [
    messageFixture(1, { status: 'read' }),
    messageFixture(2),
    messageFixture(3, { status: 'archived' }),
    messageFixture(4, { name: 'Asha Rao', message: 'Line one\n<script>alert(1)</script>' }),
  ];
  fake.state.outbox = [mail(1), mail(2, { status: 'failed', error: 'connect ECONNREFUSED' })];
  t = createAdminTestClient(fake.baseUrl);
  store = createAdminMessagesStore({ client: t.client, notify: t.notify, log: t.log });
});

const state = () => store.getState();
const patches = () => fake.requests('PATCH').map((hit) => [hit.path, JSON.parse(hit.body) as unknown]);

describe('load', () => {
  it('the inbox: unread and read, newest first, with the counts of every tab', async () => {
    expect(state().status).toBe('loading');
    await expect(state().load()).resolves.toBe(true);
    expect(state().status).toBe('ready');
    expect(state().messages.map((m) => m.id)).toEqual([4, 2, 1]);
    expect(state().counts).toEqual({ unread: 2, read: 1, archived: 1 });
    const [hit] = fake.requests('GET', '/api/admin/messages');
    expect(Object.fromEntries(hit?.query ?? [])).toEqual({ status: 'all', page: '1', limit: '20' });
    expect(hit?.authorization).toBe('Bearer admin-token');
  });

  it('a tab: only its messages, from page 1, and the selection cleared', async () => {
    await state().load();
    await state().select(state().messages[2]!);
    await state().load('archived');
    expect(state()).toMatchObject({ filter: 'archived', page: 1, selectedId: null });
    expect(state().messages.map((m) => m.id)).toEqual([3]);
  });

  it('paging keeps the tab', async () => {
    fake.state.messages = Array.from({ length: 25 }, (_, i) => messageFixture(i + 1));
    await state().load('unread');
    await state().load(undefined, 2);
    expect(state()).toMatchObject({ filter: 'unread', page: 2, totalPages: 2 });
    expect(state().messages).toHaveLength(5);
  });

  it("a failure: 'Failed to load messages' once, the error state", async () => {
    fake.failures.set('GET /api/admin/messages', { status: 500 });
    await expect(state().load()).resolves.toBe(false);
    expect(state()).toMatchObject({ status: 'error', messages: [] });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to load messages');
    expect(t.globalToast).not.toHaveBeenCalled();
  });

  it('a 401 clears the session through the client', async () => {
    t.expireToken();
    await state().load();
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('reading and changing status', () => {
  it('opening an unread message marks it read (PATCH), quietly, and moves the counts', async () => {
    await state().load();
    await state().select(state().messages[0]!);
    expect(state().selectedId).toBe(4);
    expect(patches()).toEqual([['/api/admin/messages/4', { status: 'read' }]]);
    expect(state().messages[0]?.status).toBe('read');
    expect(state().counts).toEqual({ unread: 1, read: 2, archived: 1 });
    expect(t.notify).not.toHaveBeenCalled();
  });

  it('opening a read message sends nothing', async () => {
    await state().load();
    await state().select(state().messages[2]!);
    expect(state().selectedId).toBe(1);
    expect(patches()).toEqual([]);
  });

  it('on the Unread tab, the message just opened stays on screen (now read) until the next load', async () => {
    await state().load('unread');
    await state().select(state().messages[0]!);
    expect(state().messages.map((m) => [m.id, m.status])).toEqual([
      [4, 'read'],
      [2, 'unread'],
    ]);
    expect(state().selectedId).toBe(4);
  });

  it("a button: PATCH with the new status and 'Message updated'; an archived message leaves the inbox", async () => {
    await state().load();
    await state().select(state().messages[1]!);
    const pending = state().setStatus(state().messages[1]!, 'archived');
    expect(state().updatingId).toBe(2);
    await expect(pending).resolves.toBe(true);
    expect(state().updatingId).toBeNull();
    expect(patches().at(-1)).toEqual(['/api/admin/messages/2', { status: 'archived' }]);
    expect(state().messages.map((m) => m.id)).toEqual([4, 1]);
    expect(state().selectedId).toBeNull();
    expect(state().counts).toEqual({ unread: 1, read: 1, archived: 2 });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', 'Message updated');
  });

  it('Mark as unread keeps the message in the inbox, updated', async () => {
    await state().load();
    await state().setStatus(state().messages[2]!, 'unread');
    expect(state().messages.find((m) => m.id === 1)?.status).toBe('unread');
    expect(state().counts).toEqual({ unread: 3, read: 0, archived: 1 });
  });

  it("a failed change: 'Failed to update message', nothing changed", async () => {
    await state().load();
    fake.failures.set('PATCH /api/admin/messages/2', 'drop');
    await expect(state().setStatus(state().messages[1]!, 'archived')).resolves.toBe(false);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to update message');
    expect(state().messages.map((m) => m.id)).toEqual([4, 2, 1]);
    expect(state().updatingId).toBeNull();
    // A PATCH is never repeated.
    expect(fake.requests('PATCH')).toHaveLength(1);
  });

  it('message text comes back as sent: text, never markup (the page renders it as text)', async () => {
    await state().load();
    expect(state().messages[0]?.message).toBe('Line one\n<script>alert(1)</script>');
  });
});

describe('outbox', () => {
  it('GET /api/admin/outbox: the mails, newest first, and whether SMTP is configured', async () => {
    await expect(state().loadOutbox()).resolves.toBe(true);
    expect(state()).toMatchObject({ outboxStatus: 'ready', smtpConfigured: false, outboxPage: 1, outboxTotalPages: 1 });
    expect(state().outbox.map((m) => [m.id, m.status])).toEqual([
      [2, 'failed'],
      [1, 'stored'],
    ]);
    fake.state.smtpConfigured = true;
    await state().loadOutbox();
    expect(state().smtpConfigured).toBe(true);
  });

  it("a failure: 'Failed to load outbox' and its error state", async () => {
    fake.failures.set('GET /api/admin/outbox', { status: 500 });
    await expect(state().loadOutbox()).resolves.toBe(false);
    expect(state()).toMatchObject({ outboxStatus: 'error', outbox: [] });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to load outbox');
  });

  it('loading the outbox and the messages at once: each keeps its own answer', async () => {
    await Promise.all([state().load(), state().loadOutbox()]);
    await vi.waitFor(() => expect(state()).toMatchObject({ status: 'ready', outboxStatus: 'ready' }));
    expect(state().messages).toHaveLength(3);
    expect(state().outbox).toHaveLength(2);
  });
});

describe('helpers', () => {
  it('inFilter: the inbox holds unread and read; each other tab its own status', () => {
    expect(inFilter('all', 'unread')).toBe(true);
    expect(inFilter('all', 'read')).toBe(true);
    expect(inFilter('all', 'archived')).toBe(false);
    expect(inFilter('archived', 'archived')).toBe(true);
    expect(inFilter('unread', 'read')).toBe(false);
  });

  it('movedCounts never goes below zero and leaves equal moves alone', () => {
    expect(movedCounts({ unread: 0, read: 1, archived: 0 }, 'unread', 'read')).toEqual({ unread: 0, read: 2, archived: 0 });
    const counts = { unread: 1, read: 1, archived: 1 };
    expect(movedCounts(counts, 'read', 'read')).toBe(counts);
    expect(movedCounts(null, 'read', 'unread')).toBeNull();
  });

  it('parseMessage reads data or data.message; parseOutboxPage needs a list of mails', () => {
    expect(parseMessage({ success: true, data: { message: { id: 4, status: 'read' } } })).toEqual({ id: 4, status: 'read' });
    expect(parseMessage({ success: true, data: { id: 5, status: 'read' } })).toEqual({ id: 5, status: 'read' });
    expect(() => parseMessage({ success: true, data: {} })).toThrow(TypeError);
    expect(() => parseOutboxPage({ success: true, data: { smtp_configured: true } }, 1)).toThrow(TypeError);
  });
});

describe('reset (the page was left)', () => {
  it('forgets messages and mails and drops answers still on their way', async () => {
    await state().load();
    fake.failures.set('GET /api/admin/messages', { delayMs: 80 });
    fake.failures.set('GET /api/admin/outbox', { delayMs: 80 });
    const late = Promise.all([state().load('read'), state().loadOutbox()]);
    state().reset();
    await late;
    expect(state()).toMatchObject({ filter: 'all', status: 'loading', messages: [], counts: null, outbox: [], outboxStatus: 'loading' });
    expect(t.notify).not.toHaveBeenCalled();
  });
});

describe('outbox attachments (issue 20)', () => {
  it('GET …/outbox/{id}/attachments/{index} with the bearer token, named by the server; busy while it runs', async () => {
    await state().loadOutbox(1);
    const [first] = state().outbox;
    const pending = state().downloadAttachment(first!, 0);
    expect(state().downloadingAttachment).toEqual({ mailId: first!.id, index: 0 });
    const download = await pending;
    const [hit] = fake.requests('GET', `/api/admin/outbox/${first!.id}/attachments/0`);
    expect(hit?.authorization).toBe('Bearer admin-token');
    expect(download?.fileName).toBe(`RCPT-${first!.id}.pdf`);
    expect(await download!.blob.text()).toBe(`%PDF-1.4 RCPT-${first!.id}.pdf`);
    expect(state().downloadingAttachment).toBeNull();
    expect(t.notify).not.toHaveBeenCalled();
  });

  it("an attachment the server cannot find: its sentence as the toast; a failure: 'Failed to download the attachment'", async () => {
    await expect(state().downloadAttachment(mail(1), 3)).resolves.toBeNull();
    expect(t.notify).toHaveBeenLastCalledWith('error', 'This mail has no such attachment.');
    fake.failures.set('GET /api/admin/outbox/2/attachments/0', { status: 500 });
    await expect(state().downloadAttachment(mail(2), 0)).resolves.toBeNull();
    expect(t.notify).toHaveBeenLastCalledWith('error', 'Failed to download the attachment');
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(state().downloadingAttachment).toBeNull();
  });
});
