import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { campaigns, donations } from '../db/schema.js';
import { IMAGE_MESSAGES } from '../storage/images.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { allowAll, insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { phoneJpeg, pngHeaderClaiming, solidImage, SVG_WITH_SCRIPT } from '../../test/support/images.js';
import { multipart, type FilePart } from '../../test/support/multipart.js';

// POST/PUT/DELETE /api/campaigns: behind the real guard (401 without a session, 403 for a non-admin, allowed
// with an admin's token), and exercised in full through an app built with a guard that lets requests through.

const png = async (width = 120, height = 80): Promise<FilePart> => ({ filename: 'photo.png', contentType: 'image/png', data: await solidImage(width, height) });

const VALID = {
  title: 'Library Corners',
  description: 'Shelves and books for ten classrooms.',
  target_amount: '150000',
  status: 'active',
  is_featured: 'true',
  category: 'education',
  start_date: '2030-01-01',
  end_date: '2030-03-31T18:30:00Z',
};

describeEachDatabase('admin campaign routes', (ctx) => {
  let app: FastifyInstance;
  let guarded: FastifyInstance;
  let campaignsDir: string;

  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database, adminGuard: allowAll });
    guarded = await buildApp({ config: ctx.config, database: ctx.database });
    campaignsDir = path.join(ctx.config.uploadsDir, 'campaigns');
    mkdirSync(campaignsDir, { recursive: true });
  });
  afterAll(async () => {
    await app?.close();
    await guarded?.close();
  });

  const files = () => readdirSync(campaignsDir).sort();
  const rowCount = async () => (await ctx.database.db.select({ n: count() }).from(campaigns))[0]!.n;
  const fileOf = (url: string) => path.join(ctx.config.dataDir, url);

  function send(method: 'POST' | 'PUT', url: string, fields: Parameters<typeof multipart>[0], target = app) {
    const { payload, headers } = multipart(fields);
    return target.inject({ method, url, payload, headers });
  }

  describe('with the real admin guard', () => {
    it('refuses create, update and delete with 401, changing nothing', async () => {
      const [existing] = await insertCampaigns(ctx.database.db, [{ title: 'Guarded' }]);
      const before = { rows: await rowCount(), files: files() };
      const responses = [
        await send('POST', '/api/campaigns', { ...VALID, image: await png() }, guarded),
        await guarded.inject({ method: 'POST', url: '/api/campaigns', payload: { title: 'x', description: 'y', target_amount: 5 } }),
        await send('PUT', `/api/campaigns/${existing!.id}`, { title: 'Hijacked' }, guarded),
        await guarded.inject({ method: 'DELETE', url: `/api/campaigns/${existing!.id}` }),
        await guarded.inject({ method: 'DELETE', url: '/api/campaigns/999999' }),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ success: false, message: 'Authentication required' });
      }
      expect({ rows: await rowCount(), files: files() }).toEqual(before);
      const [row] = await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, existing!.id));
      expect(row?.title).toBe('Guarded');
    });
  });

  describe('with a real sign-in', () => {
    it('lets an admin create, update and delete with the bearer token from POST /api/auth/login', async () => {
      const admin = await createUser(ctx.database.db);
      const token = await signIn(guarded, admin);
      const { payload, headers } = multipart({ ...VALID, image: await png() });
      const created = await guarded.inject({ method: 'POST', url: '/api/campaigns', payload, headers: { ...headers, ...bearer(token) } });
      expect(created.statusCode).toBe(201);
      const { id, image_url: url } = created.json().data.campaign;
      expect(existsSync(fileOf(url))).toBe(true);
      const updated = await guarded.inject({ method: 'PUT', url: `/api/campaigns/${id}`, payload: { title: 'Renamed' }, headers: bearer(token) });
      expect(updated.json().data.campaign.title).toBe('Renamed');
      const removed = await guarded.inject({ method: 'DELETE', url: `/api/campaigns/${id}`, headers: bearer(token) });
      expect(removed.statusCode).toBe(200);
      expect(existsSync(fileOf(url))).toBe(false);
      // Drafts are admin-only in the list too.
      const drafts = await guarded.inject({ method: 'GET', url: '/api/campaigns?status=draft', headers: bearer(token) });
      expect(drafts.statusCode).toBe(200);
    });

    it('answers 403 Access denied to a signed-in user whose role is not admin, changing nothing', async () => {
      const editor = await createUser(ctx.database.db, { role: 'editor' });
      const token = await signIn(guarded, editor);
      const before = { rows: await rowCount(), files: files() };
      const { payload, headers } = multipart({ ...VALID, image: await png() });
      const response = await guarded.inject({ method: 'POST', url: '/api/campaigns', payload, headers: { ...headers, ...bearer(token) } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: 'Access denied' });
      const drafts = await guarded.inject({ method: 'GET', url: '/api/campaigns?status=draft', headers: bearer(token) });
      expect(drafts.statusCode).toBe(403);
      expect({ rows: await rowCount(), files: files() }).toEqual(before);
    });
  });

  describe('POST /api/campaigns', () => {
    it('creates a campaign from multipart fields and an image stored as WebP without metadata', async () => {
      const before = files();
      const response = await send('POST', '/api/campaigns', { ...VALID, image: { filename: 'IMG_0001.JPG', contentType: 'image/jpeg', data: await phoneJpeg(300, 150) } });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({
        success: true,
        message: 'Campaign created successfully',
        data: {
          campaign: {
            title: 'Library Corners',
            description: 'Shelves and books for ten classrooms.',
            status: 'active',
            is_featured: true,
            category: 'education',
            target_amount: 150000,
            raised_amount: 0,
            donation_count: 0,
            currency: 'INR',
            start_date: '2030-01-01T00:00:00.000Z',
            end_date: '2030-03-31T18:30:00.000Z',
          },
        },
      });
      const url: string = body.data.campaign.image_url;
      expect(url).toMatch(/^\/uploads\/campaigns\/[0-9a-f]{24}\.webp$/);
      expect(files()).toEqual([...before, path.basename(url)].sort());
      const stored = readFileSync(fileOf(url));
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([150, 300]); // upright
      expect(stored.includes(Buffer.from('child-photo-secret'))).toBe(false);

      // Served back from /uploads, and public once active.
      const served = await app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const fetched = await app.inject({ method: 'GET', url: `/api/campaigns/${body.data.campaign.id}` });
      expect(fetched.json().data.campaign.image_url).toBe(url);
    });

    it('creates from JSON too, as a draft by default, with category general and no image', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/campaigns',
        payload: { title: '  Warm Meals  ', description: 'Soup.', target_amount: 2500.555, unknown_field: 'ignored', raised_amount: 999 },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.campaign).toMatchObject({
        title: 'Warm Meals',
        status: 'draft',
        is_featured: false,
        category: 'general',
        image_url: null,
        target_amount: 2500.56,
        raised_amount: 0,
        start_date: null,
        end_date: null,
      });
      // A draft is not public.
      const publicView = await app.inject({ method: 'GET', url: `/api/campaigns/${response.json().data.campaign.id}` });
      expect(publicView.statusCode).toBe(404);
    });

    it.each([
      ['title', 'Title is required.', { ...VALID, title: '' }],
      ['title', 'Title is required.', { ...VALID, title: '   ' }],
      ['title', 'Title must be at most 200 characters long.', { ...VALID, title: 'x'.repeat(201) }],
      ['description', 'Description is required.', { ...VALID, description: '' }],
      ['description', 'Description must be at most 10,000 characters long.', { ...VALID, description: 'x'.repeat(10_001) }],
      ['target_amount', 'Target amount is required.', { ...VALID, target_amount: '' }],
      ['target_amount', 'Target amount must be a number greater than 0.', { ...VALID, target_amount: '0' }],
      ['target_amount', 'Target amount must be a number greater than 0.', { ...VALID, target_amount: '-10' }],
      ['target_amount', 'Target amount must be a number greater than 0.', { ...VALID, target_amount: 'lots' }],
      ['target_amount', 'Target amount must be at most 999,999,999,999.', { ...VALID, target_amount: '1000000000000' }],
      ['status', 'Status must be one of: active, completed, paused, draft.', { ...VALID, status: 'archived' }],
      ['is_featured', 'is_featured must be true or false.', { ...VALID, is_featured: 'maybe' }],
      ['category', 'Category must be at most 50 characters long.', { ...VALID, category: 'c'.repeat(51) }],
      ['start_date', 'Start date must be a valid date (YYYY-MM-DD or an ISO date-time).', { ...VALID, start_date: 'yesterday' }],
      ['end_date', 'End date must be a valid date (YYYY-MM-DD or an ISO date-time).', { ...VALID, end_date: '2030-02-30' }],
      ['end_date', 'End date must be after the start date.', { ...VALID, end_date: '2029-12-31' }],
      ['end_date', 'End date must be after the start date.', { ...VALID, end_date: '2030-01-01' }],
    ])('refuses a bad %s: %s', async (field, message, fields) => {
      const before = { rows: await rowCount(), files: files() };
      const response = await send('POST', '/api/campaigns', { ...fields, image: await png() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message, errors: { [field]: message } });
      expect({ rows: await rowCount(), files: files() }).toEqual(before);
    });

    it('lists every invalid field at once, the first as the message', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/campaigns', payload: { target_amount: 0, title: ['not', 'text'] } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: 'Title is required.',
        errors: {
          title: 'Title is required.',
          description: 'Description is required.',
          target_amount: 'Target amount must be a number greater than 0.',
        },
      });
    });

    it.each([
      ['an SVG with a script', { filename: 'logo.svg', contentType: 'image/svg+xml', data: SVG_WITH_SCRIPT }, IMAGE_MESSAGES.unsupported('logo.svg')],
      ['text named .png', { filename: 'photo.png', contentType: 'image/png', data: Buffer.from('not really a picture') }, IMAGE_MESSAGES.unsupported('photo.png')],
      ['a PDF', { filename: 'flyer.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.7\n1 0 obj') }, IMAGE_MESSAGES.unsupported('flyer.pdf')],
      ['a GIF (JPEG, PNG and WebP only)', { filename: 'anim.gif', contentType: 'image/gif', data: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64') }, 'anim.gif: only JPEG, PNG and WebP images are accepted.'],
      ['a 2.5-gigapixel PNG header', { filename: 'bomb.png', contentType: 'image/png', data: pngHeaderClaiming(50_000, 50_000) }, 'bomb.png: more than 40 megapixels.'],
    ])('refuses %s with 400, leaving no row and no file', async (_label, image, message) => {
      const before = { rows: await rowCount(), files: files() };
      const response = await send('POST', '/api/campaigns', { ...VALID, image });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
      expect({ rows: await rowCount(), files: files() }).toEqual(before);
    });

    it('refuses a file over 5 MB (UPLOAD_MAX_MB) with 413 naming it, two images, or another file field', async () => {
      const before = { rows: await rowCount(), files: files() };
      const huge = await send('POST', '/api/campaigns', { ...VALID, image: { filename: 'big.jpg', contentType: 'image/jpeg', data: Buffer.alloc(5 * 1024 * 1024 + 1, 1) } });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ success: false, message: 'big.jpg: larger than 5 MB.' });
      const two = await send('POST', '/api/campaigns', { ...VALID, image: [await png(), await png()] });
      expect(two.statusCode).toBe(400);
      expect(two.json().message).toBe('Send at most one image, in the field "image".');
      const other = await send('POST', '/api/campaigns', { ...VALID, attachment: await png() });
      expect(other.statusCode).toBe(400);
      expect(other.json().message).toBe('Only one file field is accepted: "image".');
      const eleven = await send('POST', '/api/campaigns', { ...VALID, image: await Promise.all(Array.from({ length: 11 }, () => png(4, 4))) });
      expect(eleven.statusCode).toBeGreaterThanOrEqual(400);
      expect(eleven.statusCode).toBeLessThan(500);
      expect({ rows: await rowCount(), files: files() }).toEqual(before);
    });

    it('answers bad bodies with 4xx: a JSON list, malformed JSON, over 1 MiB, form-urlencoded', async () => {
      const list = await app.inject({ method: 'POST', url: '/api/campaigns', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
      expect(list.statusCode).toBe(400);
      const broken = await app.inject({ method: 'POST', url: '/api/campaigns', payload: '{"title":', headers: { 'content-type': 'application/json' } });
      expect(broken.json()).toEqual({ success: false, message: 'Request body is not valid JSON.' });
      const large = await app.inject({ method: 'POST', url: '/api/campaigns', payload: { ...VALID, description: 'x'.repeat(1024 * 1024 + 1) } });
      expect(large.statusCode).toBe(413);
      const form = await app.inject({ method: 'POST', url: '/api/campaigns', payload: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(form.statusCode).toBe(415);
    });
  });

  describe('PUT /api/campaigns/{id}', () => {
    let id: number;
    let imageUrl: string;
    beforeEach(async () => {
      const created = await send('POST', '/api/campaigns', { ...VALID, image: await png() });
      id = created.json().data.campaign.id;
      imageUrl = created.json().data.campaign.image_url;
    });

    it('changes only the fields sent, keeping the rest and the image', async () => {
      const response = await send('PUT', `/api/campaigns/${id}`, { title: 'Library Corners, Phase Two', status: 'paused' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'Campaign updated successfully',
        data: { campaign: { id, title: 'Library Corners, Phase Two', status: 'paused', target_amount: 150000, image_url: imageUrl, category: 'education' } },
      });
      expect(existsSync(fileOf(imageUrl))).toBe(true);
      const json = await app.inject({ method: 'PUT', url: `/api/campaigns/${id}`, payload: { is_featured: false, target_amount: '200,000' } });
      expect(json.json().data.campaign).toMatchObject({ is_featured: false, target_amount: 200000, status: 'paused' });
    });

    it('replaces the image and removes the old file', async () => {
      const response = await send('PUT', `/api/campaigns/${id}`, { image: { filename: 'new.webp', contentType: 'image/webp', data: await solidImage(50, 50, 'webp') } });
      expect(response.statusCode).toBe(200);
      const next: string = response.json().data.campaign.image_url;
      expect(next).not.toBe(imageUrl);
      expect(existsSync(fileOf(next))).toBe(true);
      expect(existsSync(fileOf(imageUrl))).toBe(false);
    });

    it('removes the image on remove_image=true', async () => {
      const response = await send('PUT', `/api/campaigns/${id}`, { remove_image: 'true' });
      expect(response.json().data.campaign.image_url).toBeNull();
      expect(existsSync(fileOf(imageUrl))).toBe(false);
    });

    it('keeps everything as it was when the new image or a field is refused', async () => {
      const before = files();
      const badImage = await send('PUT', `/api/campaigns/${id}`, { title: 'Changed', image: { filename: 'x.svg', contentType: 'image/svg+xml', data: SVG_WITH_SCRIPT } });
      expect(badImage.statusCode).toBe(400);
      const badDates = await send('PUT', `/api/campaigns/${id}`, { end_date: '2029-06-01' }); // before the stored start date
      expect(badDates.json()).toEqual({ success: false, message: 'End date must be after the start date.', errors: { end_date: 'End date must be after the start date.' } });
      const empty = await send('PUT', `/api/campaigns/${id}`, { title: '' });
      expect(empty.json().errors).toEqual({ title: 'Title is required.' });
      const [row] = await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, id));
      expect(row).toMatchObject({ title: 'Library Corners', imageUrl });
      expect(files()).toEqual(before);
    });

    it('answers 404 for a missing campaign and 400 for a bad id, storing nothing', async () => {
      const before = files();
      const missing = await send('PUT', '/api/campaigns/999999', { title: 'Ghost', image: await png() });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, message: 'Campaign not found' });
      const bad = await send('PUT', '/api/campaigns/abc', { title: 'Ghost' });
      expect(bad.statusCode).toBe(400);
      expect(files()).toEqual(before);
    });

    it('can update a draft', async () => {
      const draft = await app.inject({ method: 'POST', url: '/api/campaigns', payload: { title: 'Draft', description: 'Soon.', target_amount: 10 } });
      const response = await app.inject({ method: 'PUT', url: `/api/campaigns/${draft.json().data.campaign.id}`, payload: { status: 'active' } });
      expect(response.json().data.campaign.status).toBe('active');
    });
  });

  describe('DELETE /api/campaigns/{id}', () => {
    it('deletes the campaign and its image file', async () => {
      const created = await send('POST', '/api/campaigns', { ...VALID, image: await png() });
      const { id, image_url: url } = created.json().data.campaign;
      const response = await app.inject({ method: 'DELETE', url: `/api/campaigns/${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Campaign deleted successfully' });
      expect(existsSync(fileOf(url))).toBe(false);
      expect((await app.inject({ method: 'GET', url: `/api/campaigns/${id}` })).statusCode).toBe(404);
      const again = await app.inject({ method: 'DELETE', url: `/api/campaigns/${id}` });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ success: false, message: 'Campaign not found' });
    });

    it('refuses with 409 while the campaign has donations, keeping it and its image', async () => {
      const created = await send('POST', '/api/campaigns', { ...VALID, image: await png() });
      const { id, image_url: url } = created.json().data.campaign;
      await ctx.database.db.insert(donations).values({ campaignId: id, amount: 100, amountMinor: 10_000, amountInr: 100, status: 'completed', paymentIntentId: `pi_delete_${id}` });
      const response = await app.inject({ method: 'DELETE', url: `/api/campaigns/${id}` });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        message: 'This campaign has donations and cannot be deleted; set its status to completed or paused instead.',
      });
      expect(existsSync(fileOf(url))).toBe(true);
      expect((await app.inject({ method: 'GET', url: `/api/campaigns/${id}` })).statusCode).toBe(200);
    });

    it('answers 400 for a bad id', async () => {
      const response = await app.inject({ method: 'DELETE', url: '/api/campaigns/x1' });
      expect(response.statusCode).toBe(400);
    });
  });
});
