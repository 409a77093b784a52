import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { eventImages, events } from '../db/schema.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { describeEachDatabase, testConfig } from '../../test/support/databases.js';
import { phoneJpeg, pngHeaderClaiming, solidImage } from '../../test/support/images.js';
import { multipart, type FilePart } from '../../test/support/multipart.js';

// The events API on real databases, behind the real sign-in: public lists and one event, the admin's create,
// edit and delete, and photo uploads (type by content, size and pixel limits, no metadata, sizes, nothing
// kept of a refused batch).

const EVENT_KEYS = ['id', 'title', 'description', 'date', 'location', 'impact', 'status', 'images', 'created_at', 'updated_at'];

const VALID = {
  title: 'Health Camp',
  description: 'Free check-ups for 300 children.',
  date: '2024-03-15',
  location: 'Hubballi',
  impact: '300 children examined',
  status: 'completed',
};

const jpegPart = async (filename = 'photo.jpg', width = 2000, height = 1200): Promise<FilePart> => ({
  filename,
  contentType: 'image/jpeg',
  data: await solidImage(width, height, 'jpeg'),
});

describeEachDatabase('events routes', (ctx) => {
  let app: FastifyInstance;
  let token: string;
  let auth: Record<string, string>;
  let eventsDir: string;

  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database });
    token = await signIn(app, await createUser(ctx.database.db));
    auth = bearer(token);
    eventsDir = path.join(ctx.config.uploadsDir, 'events');
    mkdirSync(eventsDir, { recursive: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Every file under DATA_DIR (uploads and anything a traversal might have written), relative. */
  function dataFiles(dir = ctx.config.dataDir, prefix = ''): string[] {
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name === 'db') return []; // PGlite's own files
      const relative = path.join(prefix, entry.name);
      return entry.isDirectory() ? dataFiles(path.join(dir, entry.name), relative) : [relative];
    });
  }
  const imageRows = async () => (await ctx.database.db.select({ n: count() }).from(eventImages))[0]!.n;
  const snapshot = async () => ({ rows: await imageRows(), files: dataFiles().sort() });
  const fileOf = (url: string) => path.join(ctx.config.dataDir, url);

  async function createEvent(fields: Partial<typeof VALID> = {}) {
    const response = await app.inject({ method: 'POST', url: '/api/events', payload: { ...VALID, ...fields }, headers: auth });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.event as { id: number; images: unknown[] };
  }

  function upload(eventId: number, files: FilePart | FilePart[], headers = auth, target = app) {
    const { payload, headers: formHeaders } = multipart({ images: files });
    return target.inject({ method: 'POST', url: `/api/events/${eventId}/images`, payload, headers: { ...formHeaders, ...headers } });
  }

  describe('public reading', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      await ctx.database.db.delete(events);
      const rows = await ctx.database.db
        .insert(events)
        .values([
          { title: 'Old drive', description: 'd', status: 'completed', date: '2023-01-10' },
          { title: 'Undated', description: 'd', status: 'completed', date: null },
          { title: 'Recent drive', description: 'd', status: 'completed', date: '2024-06-01' },
          { title: 'Soon', description: 'd', status: 'upcoming', date: '2031-02-01' },
          { title: 'Later', description: 'd', status: 'upcoming', date: '2031-09-01' },
          { title: 'Someday', description: 'd', status: 'upcoming', date: null },
          { title: 'Now', description: 'd', status: 'ongoing', date: '2025-01-01' },
          { title: 'Called off', description: 'd', status: 'cancelled', date: '2024-06-01' },
          { title: 'Same day, later id', description: 'd', status: 'completed', date: '2024-06-01' },
        ])
        .returning();
      ids = Object.fromEntries(rows.map((row) => [row.title, row.id]));
      // Photos for two completed events (featured needs photos).
      await ctx.database.db.insert(eventImages).values([
        { eventId: ids['Old drive']!, filePath: '/uploads/events/aaaaaaaaaaaaaaaaaaaaaaaa-800.webp', width: 800, height: 533, variants: [{ width: 400, height: 267, url: '/uploads/events/aaaaaaaaaaaaaaaaaaaaaaaa-400.webp' }, { width: 800, height: 533, url: '/uploads/events/aaaaaaaaaaaaaaaaaaaaaaaa-800.webp' }] },
        { eventId: ids['Recent drive']!, filePath: '/uploads/events/bbbbbbbbbbbbbbbbbbbbbbbb-800.webp', width: 800, height: 600, variants: [{ width: 800, height: 600, url: '/uploads/events/bbbbbbbbbbbbbbbbbbbbbbbb-800.webp' }] },
      ]);
    });

    const titles = (response: { json(): { data: { events: Array<{ title: string }> } } }) => response.json().data.events.map((e) => e.title);

    it('GET /api/events lists every event, date descending with undated last, then by id', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/events' });
      expect(response.statusCode).toBe(200);
      expect(titles(response)).toEqual([
        'Later',
        'Soon',
        'Now',
        'Recent drive',
        'Called off',
        'Same day, later id',
        'Old drive',
        'Undated',
        'Someday',
      ]);
      const body = response.json();
      expect(body.success).toBe(true);
      for (const event of body.data.events) expect(Object.keys(event).sort()).toEqual([...EVENT_KEYS].sort());
    });

    it('answers an event in the contract shape, images with their sizes', async () => {
      const response = await app.inject({ method: 'GET', url: `/api/events/${ids['Old drive']}` });
      expect(response.json()).toEqual({
        success: true,
        data: {
          event: {
            id: ids['Old drive'],
            title: 'Old drive',
            description: 'd',
            date: '2023-01-10',
            location: null,
            impact: null,
            status: 'completed',
            images: [
              {
                id: expect.any(Number),
                file_path: '/uploads/events/aaaaaaaaaaaaaaaaaaaaaaaa-800.webp',
                width: 800,
                height: 533,
                variants: [
                  { width: 400, url: '/uploads/events/aaaaaaaaaaaaaaaaaaaaaaaa-400.webp' },
                  { width: 800, url: '/uploads/events/aaaaaaaaaaaaaaaaaaaaaaaa-800.webp' },
                ],
              },
            ],
            created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
            updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
          },
        },
      });
    });

    it('filters by status (all and an empty value mean every status); an unknown status is 400', async () => {
      expect(titles(await app.inject({ method: 'GET', url: '/api/events?status=completed' }))).toEqual([
        'Recent drive',
        'Same day, later id',
        'Old drive',
        'Undated',
      ]);
      expect(titles(await app.inject({ method: 'GET', url: '/api/events?status=cancelled' }))).toEqual(['Called off']);
      expect(titles(await app.inject({ method: 'GET', url: '/api/events?status=all' }))).toHaveLength(9);
      expect(titles(await app.inject({ method: 'GET', url: '/api/events?status=' }))).toHaveLength(9);
      const bad = await app.inject({ method: 'GET', url: '/api/events?status=postponed' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ success: false, message: 'status must be one of: upcoming, ongoing, completed, cancelled, all.' });
    });

    it('GET /api/events/upcoming: upcoming only, soonest first, undated last', async () => {
      expect(titles(await app.inject({ method: 'GET', url: '/api/events/upcoming' }))).toEqual(['Soon', 'Later', 'Someday']);
    });

    it('GET /api/events/completed: completed only, newest first', async () => {
      expect(titles(await app.inject({ method: 'GET', url: '/api/events/completed' }))).toEqual([
        'Recent drive',
        'Same day, later id',
        'Old drive',
        'Undated',
      ]);
    });

    it('GET /api/events/featured: completed events with photos, newest first, limit default 6', async () => {
      expect(titles(await app.inject({ method: 'GET', url: '/api/events/featured' }))).toEqual(['Recent drive', 'Old drive']);
      expect(titles(await app.inject({ method: 'GET', url: '/api/events/featured?limit=1' }))).toEqual(['Recent drive']);
      expect(titles(await app.inject({ method: 'GET', url: '/api/events/featured?limit=5000' }))).toHaveLength(2); // capped at 50
      for (const limit of ['0', '-1', 'six', '2.5']) {
        const response = await app.inject({ method: 'GET', url: `/api/events/featured?limit=${limit}` });
        expect(response.statusCode, limit).toBe(400);
        expect(response.json().message).toMatch(/^limit must be/);
      }
    });

    it('answers 404 Event not found for a missing id and 400 for an id that is not a whole number', async () => {
      const missing = await app.inject({ method: 'GET', url: '/api/events/999999' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Event not found' });
      for (const id of ['abc', '0', '1.5', '99999999999']) {
        const response = await app.inject({ method: 'GET', url: `/api/events/${id}` });
        expect(response.statusCode, id).toBe(400);
        expect(response.json().success).toBe(false);
      }
    });
  });

  describe('admin: create, edit, delete', () => {
    it('creates an event (201), formatting the payload: trimmed, empty to null, status upcoming by default', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: auth,
        payload: { title: '  Book Fair  ', description: ' Books for every child.\r\nAnd stories. ', date: '', location: '   ', impact: null, extra: 'ignored' },
      });
      expect(response.statusCode).toBe(201);
      const event = response.json().data.event;
      expect(response.json().success).toBe(true);
      expect(event).toMatchObject({
        title: 'Book Fair',
        description: 'Books for every child.\nAnd stories.',
        date: null,
        location: null,
        impact: null,
        status: 'upcoming',
        images: [],
      });
      expect(Object.keys(event).sort()).toEqual([...EVENT_KEYS].sort());
      expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json().data.event.title).toBe('Book Fair');
    });

    it('accepts a past date (an admin records events that happened) and any status', async () => {
      const event = await createEvent({ date: '2019-05-01', status: 'CANCELLED' });
      expect(event).toMatchObject({ date: '2019-05-01', status: 'cancelled' });
    });

    it.each([
      ['title', { ...VALID, title: '' }, 'Event title is required'],
      ['title', { ...VALID, title: '   ' }, 'Event title is required'],
      ['title', { ...VALID, title: 12 }, 'Event title must be text.'],
      ['title', { ...VALID, title: 'x'.repeat(201) }, 'Event title must be at most 200 characters long.'],
      ['description', { ...VALID, description: undefined }, 'Event description is required'],
      ['description', { ...VALID, description: 'x'.repeat(10_001) }, 'Event description must be at most 10,000 characters long.'],
      ['date', { ...VALID, date: '2030-02-30' }, 'Please enter a valid event date'],
      ['date', { ...VALID, date: 'tomorrow' }, 'Please enter a valid event date'],
      ['date', { ...VALID, date: '2030-1-5' }, 'Please enter a valid event date'],
      ['date', { ...VALID, date: '2030-01-05T10:00:00Z' }, 'Please enter a valid event date'],
      ['location', { ...VALID, location: 'x'.repeat(201) }, 'Location must be at most 200 characters long.'],
      ['impact', { ...VALID, impact: ['a'] }, 'Impact must be text.'],
      ['status', { ...VALID, status: 'postponed' }, 'Status must be one of: upcoming, ongoing, completed, cancelled.'],
    ])('refuses a bad %s with 400: %s', async (field, payload, message) => {
      const before = (await ctx.database.db.select({ n: count() }).from(events))[0]!.n;
      const response = await app.inject({ method: 'POST', url: '/api/events', headers: auth, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message, errors: { [field]: message } });
      expect((await ctx.database.db.select({ n: count() }).from(events))[0]!.n).toBe(before);
    });

    it('lists every invalid field, the first as the message', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/events', headers: auth, payload: { date: 'soon', status: 'x' } });
      expect(response.json()).toEqual({
        success: false,
        message: 'Event title is required',
        errors: {
          title: 'Event title is required',
          description: 'Event description is required',
          date: 'Please enter a valid event date',
          status: 'Status must be one of: upcoming, ongoing, completed, cancelled.',
        },
      });
    });

    it('refuses a body that is not a JSON object', async () => {
      for (const payload of ['[1]', '"text"']) {
        const response = await app.inject({ method: 'POST', url: '/api/events', headers: { ...auth, 'content-type': 'application/json' }, payload });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Send the event as a JSON object with title, description, date, location, impact and status.');
      }
    });

    it('PUT is a full edit: every field replaced, omitted optional ones cleared, images kept', async () => {
      const event = await createEvent();
      expect((await upload(event.id, await jpegPart('a.jpg', 500, 400))).statusCode).toBe(201);
      const response = await app.inject({
        method: 'PUT',
        url: `/api/events/${event.id}`,
        headers: auth,
        payload: { title: 'Health Camp 2', description: 'Now with dentists.', status: 'ongoing' },
      });
      expect(response.statusCode).toBe(200);
      const updated = response.json().data.event;
      expect(updated).toMatchObject({ id: event.id, title: 'Health Camp 2', description: 'Now with dentists.', date: null, location: null, impact: null, status: 'ongoing' });
      expect(updated.images).toHaveLength(1);
      expect(new Date(updated.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(updated.created_at).getTime());
    });

    it('PUT answers 404 for a missing event, 400 for a bad id or body', async () => {
      const missing = await app.inject({ method: 'PUT', url: '/api/events/999999', headers: auth, payload: VALID });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Event not found' });
      expect((await app.inject({ method: 'PUT', url: '/api/events/x', headers: auth, payload: VALID })).statusCode).toBe(400);
      const event = await createEvent();
      const bad = await app.inject({ method: 'PUT', url: `/api/events/${event.id}`, headers: auth, payload: { ...VALID, title: '' } });
      expect(bad.statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json().data.event.title).toBe('Health Camp');
    });

    it('DELETE removes the event, its image rows and every stored size of its photos', async () => {
      const event = await createEvent();
      const uploaded = await upload(event.id, [await jpegPart('a.jpg'), await jpegPart('b.jpg', 900, 600)]);
      const urls: string[] = uploaded.json().data.images.flatMap((image: { variants: Array<{ url: string }> }) => image.variants.map((v) => v.url));
      expect(urls).toHaveLength(8); // 400/800/1200/1600/2000 + 400/800/900
      for (const url of urls) expect(existsSync(fileOf(url))).toBe(true);

      const response = await app.inject({ method: 'DELETE', url: `/api/events/${event.id}`, headers: auth });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      for (const url of urls) expect(existsSync(fileOf(url)), url).toBe(false);
      expect(await ctx.database.db.select().from(eventImages).where(eq(eventImages.eventId, event.id))).toEqual([]);
      expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}` })).statusCode).toBe(404);
      const again = await app.inject({ method: 'DELETE', url: `/api/events/${event.id}`, headers: auth });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ success: false, message: 'Event not found' });
    });

    it('refuses every admin call without a session (401) and for a non-admin (403), changing nothing', async () => {
      const event = await createEvent();
      const editorToken = await signIn(app, await createUser(ctx.database.db, { role: 'editor' }));
      const before = await snapshot();
      const calls = (headers: Record<string, string>) => [
        app.inject({ method: 'POST', url: '/api/events', payload: VALID, headers }),
        app.inject({ method: 'PUT', url: `/api/events/${event.id}`, payload: VALID, headers }),
        app.inject({ method: 'DELETE', url: `/api/events/${event.id}`, headers }),
        app.inject({ method: 'DELETE', url: `/api/events/${event.id}/images/1`, headers }),
      ];
      for (const response of await Promise.all(calls({}))) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ success: false, message: 'Authentication required' });
      }
      for (const response of await Promise.all(calls({ authorization: 'Bearer not-a-token' }))) expect(response.statusCode).toBe(401);
      for (const response of await Promise.all(calls(bearer(editorToken)))) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ success: false, message: 'Access denied' });
      }
      expect((await upload(event.id, await jpegPart(), {})).statusCode).toBe(401);
      expect((await upload(event.id, await jpegPart(), bearer(editorToken))).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
      expect((await app.inject({ method: 'GET', url: `/api/events/${event.id}` })).statusCode).toBe(200);
    });
  });

  describe('admin: photos', () => {
    let eventId: number;
    beforeEach(async () => {
      eventId = (await createEvent()).id;
    });

    it('stores several photos at once: WebP sizes 400 to 2048 never enlarged, file_path the 800 one', async () => {
      const response = await upload(eventId, [await jpegPart('wide.jpg', 3000, 1800), { filename: 'small.png', contentType: 'image/png', data: await solidImage(600, 450, 'png') }]);
      expect(response.statusCode).toBe(201);
      const { images } = response.json().data;
      expect(response.json().success).toBe(true);
      expect(images).toHaveLength(2);
      const [wide, small] = images;
      expect(wide).toEqual({
        id: expect.any(Number),
        file_path: expect.stringMatching(/^\/uploads\/events\/[0-9a-f]{24}-800\.webp$/),
        width: 800,
        height: 480,
        variants: [
          { width: 400, url: expect.stringMatching(/-400\.webp$/) },
          { width: 800, url: wide.file_path },
          { width: 1200, url: expect.stringMatching(/-1200\.webp$/) },
          { width: 1600, url: expect.stringMatching(/-1600\.webp$/) },
          // Sharp in the full-screen lightbox (issue 19): the site lists every size in srcset.
          { width: 2048, url: expect.stringMatching(/-2048\.webp$/) },
        ],
      });
      // Narrower than 800: kept at its own 600 px as well, never enlarged; file_path is the widest.
      expect(small).toMatchObject({
        width: 600,
        height: 450,
        variants: [
          { width: 400, url: expect.stringMatching(/-400\.webp$/) },
          { width: 600, url: small.file_path },
        ],
      });
      for (const image of images) {
        for (const variant of image.variants) {
          const meta = await sharp(readFileSync(fileOf(variant.url))).metadata();
          expect(meta).toMatchObject({ format: 'webp', width: variant.width });
        }
      }
      // Part of the event from now on, in upload order.
      const event = (await app.inject({ method: 'GET', url: `/api/events/${eventId}` })).json().data.event;
      expect(event.images).toEqual(images);
    });

    it('serves an uploaded phone JPEG back without EXIF or GPS, upright, with a long cache', async () => {
      const input = await phoneJpeg(2000, 1000); // EXIF with GPS and a description; orientation 6 (portrait)
      const before = await sharp(input).metadata();
      expect(before.exif).toBeInstanceOf(Buffer);
      expect(before.exif!.includes(Buffer.from('child-photo-secret'))).toBe(true);

      const response = await upload(eventId, { filename: 'IMG_0042.JPG', contentType: 'image/jpeg', data: input });
      expect(response.statusCode).toBe(201);
      const [image] = response.json().data.images;
      expect(image.variants.map((v: { width: number }) => v.width)).toEqual([400, 800, 1000]); // upright it is 1000 wide
      expect([image.width, image.height]).toEqual([800, 1600]);
      for (const variant of image.variants) {
        const served = await app.inject({ method: 'GET', url: variant.url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(meta.height).toBeGreaterThan(meta.width!);
        expect(served.rawPayload.includes(Buffer.from('child-photo-secret'))).toBe(false);
        expect(served.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
      }
    });

    it.each([
      ['a fake PNG (text named .png, declared image/png)', { filename: 'photo.png', contentType: 'image/png', data: Buffer.from('this is not a picture at all') }, 400, 'photo.png: only JPEG, PNG and WebP images are accepted.'],
      ['a GIF', { filename: 'photo.gif', contentType: 'image/gif', data: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64') }, 400, 'photo.gif: only JPEG, PNG and WebP images are accepted.'],
      ['an SVG declared as JPEG', { filename: 'evil.jpg', contentType: 'image/jpeg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }, 400, 'evil.jpg: only JPEG, PNG and WebP images are accepted.'],
      ['a file over 5 MB', { filename: 'big.jpg', contentType: 'image/jpeg', data: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) }, 413, 'big.jpg: larger than 5 MB.'],
      ['more than 40 megapixels', { filename: 'huge.png', contentType: 'image/png', data: pngHeaderClaiming(8000, 5001) }, 400, 'huge.png: more than 40 megapixels.'],
      ['a decompression bomb header', { filename: 'bomb.png', contentType: 'image/png', data: pngHeaderClaiming(60_000, 60_000) }, 400, 'bomb.png: more than 40 megapixels.'],
      ['an empty file', { filename: 'empty.jpg', contentType: 'image/jpeg', data: Buffer.alloc(0) }, 400, 'empty.jpg: the file is empty.'],
      ['a traversal-looking name with bad content', { filename: '../../x.png', contentType: 'image/png', data: Buffer.from('nope') }, 400, 'x.png: only JPEG, PNG and WebP images are accepted.'],
    ])('refuses %s, naming the file and the reason, keeping nothing', async (_label, bad, status, message) => {
      const before = await snapshot();
      const response = await upload(eventId, bad);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ success: false, message });
      expect(await snapshot()).toEqual(before);
    });

    it('keeps nothing of a batch with one bad file, wherever it is in the batch', async () => {
      const before = await snapshot();
      const fake: FilePart = { filename: 'fake.png', contentType: 'image/png', data: Buffer.from('text') };
      for (const batch of [[await jpegPart('a.jpg'), fake], [fake, await jpegPart('a.jpg')], [await jpegPart('a.jpg'), await jpegPart('b.jpg'), fake]]) {
        const response = await upload(eventId, batch);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('fake.png: only JPEG, PNG and WebP images are accepted.');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('stores a picture sent with a traversal-looking name under a server-chosen name, and nowhere else', async () => {
      const before = dataFiles();
      const response = await upload(eventId, { filename: '../../x.png', contentType: 'image/png', data: await solidImage(400, 240, 'png') });
      expect(response.statusCode).toBe(201);
      const [image] = response.json().data.images;
      expect(image.file_path).toMatch(/^\/uploads\/events\/[0-9a-f]{24}-400\.webp$/);
      const added = dataFiles().filter((file) => !before.includes(file));
      expect(added).toEqual([path.join('uploads', 'events', path.basename(image.file_path))]);
      expect(existsSync(path.join(ctx.config.dataDir, '..', 'x.png'))).toBe(false);
      expect(existsSync(path.join(ctx.config.uploadsDir, '..', 'x.png'))).toBe(false);
    });

    it('refuses requests without photos, with another file field, as JSON, or with more than 10 files', async () => {
      const before = await snapshot();
      const none = multipart({ note: 'no files here' });
      const empty = await app.inject({ method: 'POST', url: `/api/events/${eventId}/images`, payload: none.payload, headers: { ...none.headers, ...auth } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Choose at least one image to upload (field "images").');
      const other = multipart({ image: await jpegPart() });
      const wrong = await app.inject({ method: 'POST', url: `/api/events/${eventId}/images`, payload: other.payload, headers: { ...other.headers, ...auth } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Send the images in the field "images".');
      const json = await app.inject({ method: 'POST', url: `/api/events/${eventId}/images`, payload: { images: [] }, headers: auth });
      expect(json.statusCode).toBe(415);
      const tiny = await solidImage(8, 8, 'png');
      const eleven = await upload(eventId, Array.from({ length: 11 }, (_, i) => ({ filename: `p${i}.png`, contentType: 'image/png', data: tiny })));
      expect(eleven.statusCode).toBe(413);
      expect(eleven.json().message).toBe('At most 10 files can be sent at once.');
      expect(await snapshot()).toEqual(before);
    });

    it('answers 404 for photos of a missing event, storing nothing', async () => {
      const before = await snapshot();
      const response = await upload(999999, await jpegPart());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Event not found' });
      expect(await snapshot()).toEqual(before);
    });

    it('follows UPLOAD_MAX_MB', async () => {
      const strict = await buildApp({ config: testConfig({ ...envOf(ctx.config), UPLOAD_MAX_MB: '1' }), database: ctx.database });
      try {
        const data = Buffer.concat([await solidImage(10, 10, 'jpeg'), Buffer.alloc(1024 * 1024)]);
        const response = await upload(eventId, { filename: 'two-megs.jpg', contentType: 'image/jpeg', data }, auth, strict);
        expect(response.statusCode).toBe(413);
        expect(response.json()).toEqual({ success: false, message: 'two-megs.jpg: larger than 1 MB.' });
      } finally {
        await strict.close();
      }
    });

    it('DELETE /images/{imageId} removes one photo and its files; another event’s photo is 404', async () => {
      const uploaded = (await upload(eventId, [await jpegPart('a.jpg', 900, 600), await jpegPart('b.jpg', 900, 600)])).json().data.images;
      const [first, second] = uploaded;
      const response = await app.inject({ method: 'DELETE', url: `/api/events/${eventId}/images/${first.id}`, headers: auth });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      for (const variant of first.variants) expect(existsSync(fileOf(variant.url))).toBe(false);
      for (const variant of second.variants) expect(existsSync(fileOf(variant.url))).toBe(true);
      const event = (await app.inject({ method: 'GET', url: `/api/events/${eventId}` })).json().data.event;
      expect(event.images.map((image: { id: number }) => image.id)).toEqual([second.id]);

      const again = await app.inject({ method: 'DELETE', url: `/api/events/${eventId}/images/${first.id}`, headers: auth });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ success: false, message: 'Image not found' });
      const otherEvent = await createEvent();
      const foreign = await app.inject({ method: 'DELETE', url: `/api/events/${otherEvent.id}/images/${second.id}`, headers: auth });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ success: false, message: 'Image not found' });
      expect(existsSync(fileOf(second.file_path))).toBe(true);
      const noEvent = await app.inject({ method: 'DELETE', url: `/api/events/999999/images/${second.id}`, headers: auth });
      expect(noEvent.json()).toEqual({ success: false, message: 'Event not found' });
      expect((await app.inject({ method: 'DELETE', url: `/api/events/${eventId}/images/abc`, headers: auth })).statusCode).toBe(400);
    });
  });
});

/** The environment a test config was made from, so one setting can be changed on the same DATA_DIR/database. */
function envOf(config: { dataDir: string; databaseUrl: string | null }): Record<string, string> {
  return { DATA_DIR: config.dataDir, ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}) };
}
