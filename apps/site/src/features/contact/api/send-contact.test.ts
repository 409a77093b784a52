import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactPayload } from '@charity/domain';
import { createApiClient } from '../../../lib/api/client';
import { sendContactMessage } from './send-contact';

// A real HTTP server stands in for POST /api/contact, so the request travels through the site's ky client
// exactly as in the browser (silent context, no retries of a POST, error bodies parsed).

type Reply = { status: number; body?: unknown } | 'drop';
let reply: Reply = { status: 201, body: { success: true, message: 'Message sent' } };
const received: { method: string; path: string; body: unknown }[] = [];

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
  req.on('end', () => {
    received.push({ method: req.method ?? '', path: req.url ?? '', body: raw ? JSON.parse(raw) : undefined });
    if (reply === 'drop') {
      req.socket.destroy();
      return;
    }
    if (reply.body === undefined) {
      res.writeHead(reply.status).end();
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
  });
});

let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  received.length = 0;
});

function setup() {
  const notify = vi.fn();
  const client = createApiClient({
    baseUrl,
    getToken: () => null,
    onUnauthorized: vi.fn(),
    notify,
    log: { info: () => {}, error: () => {} },
    retryDelay: () => 1,
  });
  return { client, notify };
}

const payload: ContactPayload = {
  name: 'Asha Rao',
  email: 'asha@example.org',
  phone: null,
  subject: 'general',
  message: 'A question about receipts.',
};

describe('sendContactMessage', () => {
  it('posts the payload as JSON and answers the spec success toast on 201', async () => {
    reply = { status: 201, body: { success: true, message: 'Your message has been received' } };
    const { client, notify } = setup();
    await expect(sendContactMessage(client, payload)).resolves.toEqual({
      ok: true,
      message: "Thank you for your message! We'll get back to you soon.",
    });
    expect(received).toEqual([{ method: 'POST', path: '/api/contact', body: payload }]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('answers the server message and its field errors on a 400, without the global toast', async () => {
    reply = {
      status: 400,
      body: { success: false, message: 'Please check the form', errors: { email: 'Please enter a valid email', extra: 'x' } },
    };
    const { client, notify } = setup();
    await expect(sendContactMessage(client, payload)).resolves.toEqual({
      ok: false,
      message: 'Please check the form',
      fieldErrors: { email: 'Please enter a valid email' },
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('falls back to the contact failure text when a 5xx has no message, and never retries the POST', async () => {
    reply = { status: 503 };
    const { client, notify } = setup();
    await expect(sendContactMessage(client, payload)).resolves.toEqual({
      ok: false,
      message: 'Failed to send message. Please try again.',
      fieldErrors: {},
    });
    expect(received).toHaveLength(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows the server message of a 429 and keeps field errors empty', async () => {
    reply = { status: 429, body: { success: false, message: 'Too many messages. Please try again later.' } };
    const { client } = setup();
    await expect(sendContactMessage(client, payload)).resolves.toEqual({
      ok: false,
      message: 'Too many messages. Please try again later.',
      fieldErrors: {},
    });
  });

  it('uses the contact failure text when the connection drops', async () => {
    reply = 'drop';
    const { client, notify } = setup();
    await expect(sendContactMessage(client, payload)).resolves.toEqual({
      ok: false,
      message: 'Failed to send message. Please try again.',
      fieldErrors: {},
    });
    expect(notify).not.toHaveBeenCalled();
  });

  it('treats a 2xx reply with success false as a failure', async () => {
    reply = { status: 200, body: { success: false, message: 'Message could not be stored' } };
    const { client } = setup();
    await expect(sendContactMessage(client, payload)).resolves.toEqual({
      ok: false,
      message: 'Message could not be stored',
      fieldErrors: {},
    });
  });
});
