import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createApiClient, type Notify } from '../../../lib/api/client';
import { createAdminEventsStore } from './admin-events-store';

// A fake of the events API (the contract the API implements) on a real HTTP server: bearer check, JSON,
// multipart uploads with repeated `images` fields, and failures on demand.

type RawEvent = Record<string, unknown> & { id: number; images: { id: number; file_path: string }[] };
let events: RawEvent[] = [];
let nextId = 100;
type Hit = { method: string; path: string; authorization: string | undefined; contentType: string | undefined; body: string };
const hits: Hit[] = [];
const failures = new Map<string, { status: number; body?: unknown } | 'drop' | { delayMs: number }>();

function reply(res: http.ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
}

const server = http.createServer((req, res) => {
  const path = (req.url ?? '').replace(/\?.*$/, '');
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('latin1');
    hits.push({ method: req.method ?? '', path, authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
    const key = `${req.method} ${path}`;
    const failure = failures.get(key);
    const respond = () => {
      if (failure === 'drop') return req.socket.destroy();
      if (failure && 'status' in failure) return reply(res, failure.status, failure.body);
      if (req.headers.authorization !== 'Bearer admin-token') return reply(res, 401, { success: false, message: 'Unauthorized' });
      const match = /^\/api\/events(?:\/(\d+))?(?:\/images(?:\/(\w+))?)?$/.exec(path);
      if (!match) return reply(res, 404, { success: false, message: 'Not found' });
      const id = match[1] ? Number(match[1]) : null;
      const event = id === null ? undefined : events.find((e) => e.id === id);
      if (id !== null && !event) return reply(res, 404, { success: false, message: 'Event not found' });
      if (req.method === 'GET' && id === null) return reply(res, 200, { success: true, data: { events } });
      if (req.method === 'POST' && id === null) {
        const created = { ...(JSON.parse(body) as object), id: nextId++, images: [] } as RawEvent;
        events = [...events, created];
        return reply(res, 201, { success: true, data: { event: created } });
      }
      if (req.method === 'PUT' && event) {
        Object.assign(event, JSON.parse(body) as object);
        return reply(res, 200, { success: true, data: { event } });
      }
      if (req.method === 'DELETE' && event && !path.includes('/images')) {
        events = events.filter((e) => e !== event);
        return reply(res, 200, { success: true });
      }
      if (req.method === 'POST' && event && path.endsWith('/images')) {
        const names = [...body.matchAll(/name="images"; filename="([^"]+)"/g)].map((m) => m[1] ?? '');
        const images = names.map((name) => ({ id: nextId++, file_path: `/uploads/events/${name}-800.webp` }));
        event.images.push(...images);
        return reply(res, 201, { success: true, data: { images } });
      }
      if (req.method === 'DELETE' && event && match[2]) {
        event.images = event.images.filter((image) => String(image.id) !== match[2]);
        return reply(res, 200, { success: true });
      }
      return reply(res, 404, { success: false, message: 'Not found' });
    };
    if (failure && failure !== 'drop' && 'delayMs' in failure) setTimeout(respond, failure.delayMs).unref();
    else respond();
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

let notify: Mock<Notify>;
let globalToast: Mock<Notify>;
let onUnauthorized: Mock<() => void>;
let store: ReturnType<typeof createAdminEventsStore>;
let token: string | null;

const PAYLOAD = { title: 'Health camp', description: 'Free checkups', date: '2026-03-15', location: null, impact: null, status: 'upcoming' as const };

beforeEach(() => {
  events = [
    { id: 1, title: 'Book fair', description: 'Books for all', date: null, location: 'Pune', impact: null, status: 'completed', images: [{ id: 11, file_path: '/uploads/events/b-800.webp' }] },
  ];
  nextId = 100;
  hits.length = 0;
  failures.clear();
  token = 'admin-token';
  notify = vi.fn<Notify>();
  globalToast = vi.fn<Notify>();
  onUnauthorized = vi.fn<() => void>();
  const log = { info: vi.fn<(line: string) => void>(), error: vi.fn<(line: string) => void>() };
  const client = createApiClient({ baseUrl, getToken: () => token, onUnauthorized, notify: globalToast, log, retryDelay: () => 5 });
  store = createAdminEventsStore({ client, notify, log });
});

const state = () => store.getState();
const requests = (method: string) => hits.filter((hit) => hit.method === method);
/** The reload that follows a change runs in the background: wait until GET /events was answered. */
const reloaded = async (count = 1) => vi.waitFor(() => expect(requests('GET')).toHaveLength(count));

describe('load', () => {
  it('starts loading, then holds every event normalised', async () => {
    expect(state().status).toBe('loading');
    await expect(state().load()).resolves.toBe(true);
    expect(state().status).toBe('ready');
    expect(state().events).toHaveLength(1);
    expect(state().events[0]).toMatchObject({ id: 1, title: 'Book fair', status: 'completed', images: [{ id: 11 }] });
    expect(hits[0]).toMatchObject({ method: 'GET', path: '/api/events', authorization: 'Bearer admin-token' });
  });

  it("a failed first load: 'Failed to fetch events' once (no global toast) and the error state", async () => {
    failures.set('GET /api/events', { status: 500, body: { success: false, message: 'boom' } });
    await expect(state().load()).resolves.toBe(false);
    expect(state().status).toBe('error');
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to fetch events');
    expect(globalToast).not.toHaveBeenCalled();
  });

  it('a failed reload keeps the list on screen', async () => {
    await state().load();
    failures.set('GET /api/events', 'drop');
    await state().load();
    expect(state().status).toBe('ready');
    expect(state().events).toHaveLength(1);
    expect(notify).toHaveBeenCalledWith('error', 'Failed to fetch events');
  });

  it('retrying after an error shows loading again, then the list', async () => {
    failures.set('GET /api/events', { status: 503 });
    await state().load();
    failures.clear();
    const pending = state().load();
    expect(state().status).toBe('loading');
    await pending;
    expect(state().status).toBe('ready');
  });

  it('an older, slower reply never overwrites a newer one', async () => {
    failures.set('GET /api/events', { delayMs: 150 });
    const slow = state().load();
    failures.clear();
    events = [];
    await state().load();
    await slow;
    expect(state().events).toEqual([]);
  });

  it('a 401 clears the session through the client', async () => {
    token = 'expired';
    await state().load();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('create and update', () => {
  it("create: POSTs the payload, 'Event created successfully', then reloads the list", async () => {
    await state().load();
    await expect(state().create(PAYLOAD)).resolves.toBe(true);
    const post = requests('POST')[0];
    expect(post).toMatchObject({ path: '/api/events', authorization: 'Bearer admin-token' });
    expect(JSON.parse(post?.body ?? '')).toEqual(PAYLOAD);
    expect(notify).toHaveBeenCalledExactlyOnceWith('success', 'Event created successfully');
    await reloaded(2);
    await vi.waitFor(() => expect(state().events.map((e) => e.title)).toEqual(['Book fair', 'Health camp']));
    expect(state().saving).toBe(false);
  });

  it("create failure: 'Failed to create event', the reason for the form, no reload", async () => {
    await state().load();
    failures.set('POST /api/events', { status: 400, body: { success: false, message: 'Title is required' } });
    const pending = state().create(PAYLOAD);
    expect(state().saving).toBe(true);
    await expect(pending).resolves.toBe(false);
    expect(state()).toMatchObject({ saving: false, formError: 'Title is required' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to create event');
    expect(globalToast).not.toHaveBeenCalled();
    expect(requests('GET')).toHaveLength(1);
    state().clearFormError();
    expect(state().formError).toBeNull();
  });

  it("update: PUTs the full edited event to /events/{id}, 'Event updated successfully', reload", async () => {
    await state().load();
    await expect(state().update(1, { ...PAYLOAD, title: 'Book fair 2026' })).resolves.toBe(true);
    expect(requests('PUT')[0]).toMatchObject({ path: '/api/events/1' });
    expect(JSON.parse(requests('PUT')[0]?.body ?? '')).toEqual({ ...PAYLOAD, title: 'Book fair 2026' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('success', 'Event updated successfully');
    await vi.waitFor(() => expect(state().events[0]?.title).toBe('Book fair 2026'));
  });

  it("update failure: 'Failed to update event' and 'Event not found' for the form", async () => {
    await state().load();
    await expect(state().update(999, PAYLOAD)).resolves.toBe(false);
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to update event');
    expect(state().formError).toBe('Event not found');
  });
});

describe('delete', () => {
  it("remove: DELETE /events/{id}, 'Event deleted successfully', reload", async () => {
    await state().load();
    const pending = state().remove(1);
    expect(state().deleting).toBe(true);
    await expect(pending).resolves.toBe(true);
    expect(state().deleting).toBe(false);
    expect(requests('DELETE')[0]?.path).toBe('/api/events/1');
    expect(notify).toHaveBeenCalledExactlyOnceWith('success', 'Event deleted successfully');
    await vi.waitFor(() => expect(state().events).toEqual([]));
  });

  it("remove failure: 'Failed to delete event'", async () => {
    await state().load();
    failures.set('DELETE /api/events/1', { status: 500 });
    await expect(state().remove(1)).resolves.toBe(false);
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to delete event');
    expect(state().deleting).toBe(false);
    expect(state().events).toHaveLength(1);
  });

  it("deleteImage: DELETE /events/{id}/images/{imageId}, 'Image deleted successfully', reload", async () => {
    await state().load();
    await expect(state().deleteImage(1, 11)).resolves.toBe(true);
    expect(requests('DELETE')[0]?.path).toBe('/api/events/1/images/11');
    expect(notify).toHaveBeenCalledExactlyOnceWith('success', 'Image deleted successfully');
    await vi.waitFor(() => expect(state().events[0]?.images).toEqual([]));
  });

  it("deleteImage failure: 'Failed to delete image'", async () => {
    await state().load();
    failures.set('DELETE /api/events/1/images/11', 'drop');
    await expect(state().deleteImage(1, 11)).resolves.toBe(false);
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to delete image');
  });
});

describe('uploadImages', () => {
  const file = (name: string, type = 'image/jpeg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type });

  it("sends every file as a repeated multipart field 'images', 'Images uploaded successfully', reload", async () => {
    await state().load();
    const pending = state().uploadImages(1, [file('one.jpg'), file('two.png', 'image/png')]);
    expect(state().uploadingIds).toEqual([1]);
    await expect(pending).resolves.toBe(true);
    expect(state().uploadingIds).toEqual([]);
    const post = requests('POST')[0];
    expect(post?.path).toBe('/api/events/1/images');
    expect(post?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect([...(post?.body ?? '').matchAll(/name="images"; filename="([^"]+)"/g)].map((m) => m[1])).toEqual(['one.jpg', 'two.png']);
    expect(notify).toHaveBeenCalledExactlyOnceWith('success', 'Images uploaded successfully');
    await vi.waitFor(() => expect(state().events[0]?.images).toHaveLength(3));
  });

  it("a rejected file: 'Failed to upload images' and the server's reason kept for that event", async () => {
    await state().load();
    const message = 'photo.gif: only JPEG, PNG and WebP images are accepted.';
    failures.set('POST /api/events/1/images', { status: 400, body: { success: false, message } });
    await expect(state().uploadImages(1, [file('photo.gif', 'image/gif')])).resolves.toBe(false);
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to upload images');
    expect(globalToast).not.toHaveBeenCalled();
    expect(state().uploadErrors).toEqual({ '1': message });
    expect(state().uploadingIds).toEqual([]);
    // The next attempt clears the old reason.
    failures.clear();
    await state().uploadImages(1, [file('ok.jpg')]);
    expect(state().uploadErrors).toEqual({});
  });

  it('no files: nothing sent', async () => {
    await expect(state().uploadImages(1, [])).resolves.toBe(false);
    expect(hits).toHaveLength(0);
  });
});
