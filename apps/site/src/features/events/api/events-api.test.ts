import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createApiClient, type Notify } from '../../../lib/api/client';
import { loadPublicEvents } from './events-api';
import { SAMPLE_EVENT } from './sample-event';

// GET /api/events/completed answered by a real HTTP server, through the site's real client.
let next: { status: number; body?: unknown; raw?: string } | 'drop' = { status: 200, body: {} };
const paths: string[] = [];

const server = http.createServer((req, res) => {
  paths.push(`${req.method} ${req.url}`);
  if (next === 'drop') return req.socket.destroy();
  if (next.raw !== undefined) return res.writeHead(next.status, { 'content-type': 'text/html' }).end(next.raw);
  res.writeHead(next.status, { 'content-type': 'application/json' }).end(JSON.stringify(next.body ?? {}));
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

let toast: Mock<Notify>;
let log: { info: Mock<(line: string) => void>; error: Mock<(line: string) => void> };
const client = () => createApiClient({ baseUrl, getToken: () => null, onUnauthorized: () => {}, notify: toast, log, retryDelay: () => 5 });

beforeEach(() => {
  paths.length = 0;
  toast = vi.fn<Notify>();
  log = { info: vi.fn<(line: string) => void>(), error: vi.fn<(line: string) => void>() };
});

const EVENT = {
  id: 4,
  title: 'Winter clothing drive',
  description: 'Warm clothes for 300 children',
  date: '2025-12-20',
  location: 'Pune',
  impact: '300 children',
  status: 'completed',
  images: [{ id: 9, file_path: '/uploads/events/a-800.webp', width: 800, height: 533, variants: [{ width: 400, url: '/uploads/events/a-400.webp' }] }],
  created_at: '2025-12-21T10:00:00.000Z',
  updated_at: '2025-12-21T10:00:00.000Z',
};

describe('loadPublicEvents', () => {
  it('GETs /api/events/completed and normalises the events', async () => {
    next = { status: 200, body: { success: true, data: { events: [EVENT] } } };
    const result = await loadPublicEvents(client(), undefined, log);
    expect(paths).toEqual(['GET /api/events/completed']);
    expect(result.isSample).toBe(false);
    expect(result.events).toHaveLength(1);
    expect(result.events[0]).toMatchObject({ id: 4, title: 'Winter clothing drive', status: 'completed' });
    expect(result.events[0]?.images[0]?.variants).toEqual([{ width: 400, url: '/uploads/events/a-400.webp' }]);
  });

  it('an empty list is shown as empty, not replaced by the sample', async () => {
    next = { status: 200, body: { success: true, data: { events: [] } } };
    await expect(loadPublicEvents(client(), undefined, log)).resolves.toEqual({ events: [], isSample: false });
  });

  it.each([
    ['a 500 (after the read retries)', { status: 500, body: { success: false, message: 'boom' } }],
    ['a 404', { status: 404, body: { success: false, message: 'Not found' } }],
    ['a reply without a list', { status: 200, body: { success: true, data: {} } }],
    ['a dropped connection', 'drop' as const],
  ])('%s: the sample event, logged, without an error toast', async (_label, reply) => {
    next = reply;
    const result = await loadPublicEvents(client(), undefined, log);
    expect(result).toEqual({ events: [SAMPLE_EVENT], isSample: true });
    expect(log.error).toHaveBeenCalledWith(expect.stringMatching(/^\[events\] Could not load events, showing the sample event: /));
    expect(toast).not.toHaveBeenCalled();
  });

  it('an HTML page instead of JSON: the sample event too', async () => {
    next = { status: 200, raw: '<html>' };
    await expect(loadPublicEvents(client(), undefined, log)).resolves.toEqual({ events: [SAMPLE_EVENT], isSample: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('rethrows when aborted (the page is gone) instead of showing the sample', async () => {
    next = { status: 200, body: { success: true, data: { events: [EVENT] } } };
    const controller = new AbortController();
    controller.abort();
    await expect(loadPublicEvents(client(), controller.signal, log)).rejects.toBeDefined();
  });
});

describe('SAMPLE_EVENT', () => {
  it('is a completed community health and nutrition drive with the site’s own illustrations, no external URLs', () => {
    expect(SAMPLE_EVENT.title).toBe('Community Health and Nutrition Drive');
    expect(SAMPLE_EVENT.status).toBe('completed');
    expect(SAMPLE_EVENT.images.length).toBeGreaterThanOrEqual(2);
    for (const image of SAMPLE_EVENT.images) {
      for (const url of [image.file_path, ...image.variants.map((v) => v.url)]) expect(url).toMatch(/^\/images\/generated\/[a-z-]+-\d+\.webp$/);
    }
  });
});
