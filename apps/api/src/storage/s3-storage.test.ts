import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { migrateDatabase } from '../db/migrate.js';
import { openDatabase, type DatabaseHandle } from '../db/open.js';
import { S3CertificateFiles } from '../tax-year/certificate-files.js';
import { allowAll } from '../../test/support/campaign-fixtures.js';
import { temporaryDir } from '../../test/support/databases.js';
import { solidImage } from '../../test/support/images.js';
import { multipart } from '../../test/support/multipart.js';
import { startS3Server, type S3TestServer } from '../../test/support/s3-server.js';
import { copyLocalFiles } from './copy-local.js';
import { openStorage, type Storages } from './open-storage.js';
import { LocalDiskStorage } from './storage.js';
import { CertificateFiles, certificatesDir } from '../tax-year/certificate-files.js';

// The object storage (decision 039) against a real S3-speaking server (s3rver) through the official AWS SDK: the same
// names, the same all-or-nothing groups, and /uploads served with the same headers as from the local disk.

describe('S3 storage', () => {
  let s3: S3TestServer;
  let storages: Storages;

  beforeAll(async () => {
    s3 = await startS3Server({ prefix: 'site-a' });
    storages = await openStorage({ ...testSettings(s3.env) });
  });
  afterAll(async () => {
    storages?.close();
    await s3?.stop();
  });

  it('saves, reads and removes pictures under uploads/<area>/ in the bucket, below the prefix', async () => {
    const { url } = await storages.files.save('campaigns', Buffer.from('picture bytes'), 'webp');
    expect(url).toMatch(/^\/uploads\/campaigns\/[0-9a-f]{24}\.webp$/);
    expect((await storages.files.read(url))?.toString()).toBe('picture bytes');
    expect(await storages.objects!.size(`uploads${url.slice('/uploads'.length)}`)).toBe(13);
    const listed = [];
    for await (const object of storages.objects!.list('uploads/')) listed.push(object.key);
    expect(listed).toContain(url.slice(1));
    await storages.files.remove(url);
    expect(await storages.files.read(url)).toBeNull();
    // Nothing outside what the storage names is ever read or removed.
    expect(await storages.files.read('/uploads/campaigns/../../certificates/x.pdf')).toBeNull();
    expect(await storages.files.read('https://example.org/picture.webp')).toBeNull();
  });

  it('saves a group all or nothing: a bad member removes those already written', async () => {
    const group = await storages.files.saveGroup('events', [
      { suffix: '400', data: Buffer.from('small') },
      { suffix: '800', data: Buffer.from('large') },
    ], 'webp');
    expect(group.map((file) => file.url)).toEqual([expect.stringMatching(/-400\.webp$/), expect.stringMatching(/-800\.webp$/)]);
    expect((await storages.files.read(group[1]!.url))?.toString()).toBe('large');

    const before = [];
    for await (const object of storages.objects!.list('uploads/events/')) before.push(object.key);
    await expect(
      storages.files.saveGroup('events', [
        { suffix: '400', data: Buffer.from('one') },
        { suffix: 'x', data: Buffer.from('two') },
      ], 'webp'),
    ).rejects.toThrow('Invalid file suffix "x".');
    const after = [];
    for await (const object of storages.objects!.list('uploads/events/')) after.push(object.key);
    expect(after.sort()).toEqual(before.sort());
  });

  it('keeps certificates private under certificates/<year>/, refusing keys it did not make', async () => {
    const files = storages.certificates;
    expect(files).toBeInstanceOf(S3CertificateFiles);
    const key = await files.save('2025-26', 'ABCDE1234F', Buffer.from('%PDF-1.7 certificate'));
    expect(key).toMatch(/^2025-26\/ABCDE1234F-[0-9a-f]{24}\.pdf$/);
    expect((await files.read(key))?.toString()).toBe('%PDF-1.7 certificate');
    expect(await storages.objects!.size(`certificates/${key}`)).toBe(20);
    expect(await files.read('../uploads/x.pdf')).toBeNull();
    await files.remove(key);
    expect(await files.read(key)).toBeNull();
  });
});

function testSettings(env: Record<string, string>) {
  const dataDir = temporaryDir();
  return loadConfig({ DATA_DIR: dataDir, SITE_DIR: `${dataDir}/no-site`, LOG_LEVEL: 'silent', ...env });
}

describe('/uploads from the disk and from the bucket', () => {
  let s3: S3TestServer;
  const apps: Record<'disk' | 'bucket', { app: FastifyInstance; database: DatabaseHandle }> = {} as never;

  beforeAll(async () => {
    s3 = await startS3Server();
    for (const [name, env] of [['disk', {}], ['bucket', s3.env]] as const) {
      const config = testSettings(env);
      const database = await openDatabase(config, { inMemory: true });
      await migrateDatabase(database);
      apps[name] = { app: await buildApp({ config, database, adminGuard: allowAll }), database };
    }
  });
  afterAll(async () => {
    for (const { app, database } of Object.values(apps)) {
      await app.close();
      await database.close();
    }
    await s3?.stop();
  });

  async function uploadPhoto(app: FastifyInstance): Promise<string[]> {
    const created = await app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { title: 'Camp', description: 'Photos.', date: '2026-03-15', location: 'Hubballi', impact: '40 children', status: 'completed' },
    });
    expect(created.statusCode).toBe(201);
    const { payload, headers } = multipart({ images: { filename: 'camp.jpg', contentType: 'image/jpeg', data: await solidImage(900, 600, 'jpeg') } });
    const uploaded = await app.inject({ method: 'POST', url: `/api/events/${created.json().data.event.id}/images`, payload, headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    return uploaded.json().data.images.flatMap((image: { variants: { url: string }[] }) => image.variants.map((variant) => variant.url));
  }

  const served = (name: 'disk' | 'bucket', url: string, headers: Record<string, string> = {}) => apps[name].app.inject({ method: 'GET', url, headers });
  const kept = (headers: Record<string, unknown>) => ({
    'content-type': headers['content-type'],
    'cache-control': headers['cache-control'],
    'x-content-type-options': headers['x-content-type-options'],
    'content-security-policy': headers['content-security-policy'],
  });

  it('serves an uploaded photo with the same headers whichever storage holds it', async () => {
    const answers = [];
    for (const name of ['disk', 'bucket'] as const) {
      const [url] = await uploadPhoto(apps[name].app);
      const reply = await served(name, url!);
      expect(reply.statusCode).toBe(200);
      expect(reply.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
      answers.push(kept(reply.headers));
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]).toEqual({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
    });
  });

  it('from the bucket: the photo is in the bucket, not on the disk; HEAD answers and If-None-Match gives 304', async () => {
    const [url] = await uploadPhoto(apps.bucket.app);
    const storages = await openStorage(testSettings(s3.env));
    try {
      expect(await storages.files.read(url!)).not.toBeNull();
    } finally {
      storages.close();
    }
    const head = await apps.bucket.app.inject({ method: 'HEAD', url: url! });
    expect(head.statusCode).toBe(200);
    const first = await served('bucket', url!);
    const again = await served('bucket', url!, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers a missing or unservable file the same way from both', async () => {
    for (const url of ['/uploads/events/0123456789abcdef0123.webp', '/uploads/events/notes.txt', '/uploads/certificates/2025-26/x.pdf']) {
      const [disk, bucket] = [await served('disk', url), await served('bucket', url)];
      expect(disk.statusCode, url).toBe(404);
      expect(bucket.statusCode, url).toBe(404);
      expect(bucket.json()).toEqual(disk.json());
    }
  });
});

describe('npm run storage -- copy-local', () => {
  it('copies the disk\'s photos and certificates into the bucket under the same names, once, and refuses without a bucket', async () => {
    const s3 = await startS3Server();
    try {
      const config = testSettings(s3.env);
      const disk = new LocalDiskStorage(config.uploadsDir);
      const photo = await disk.save('campaigns', Buffer.from('campaign picture'), 'webp');
      const group = await disk.saveGroup('events', [{ suffix: '400', data: Buffer.from('event picture') }], 'webp');
      const certificate = await new CertificateFiles(certificatesDir(config.dataDir)).save('2025-26', 'ABCDE1234F', Buffer.from('%PDF certificate'));

      expect(await copyLocalFiles(config)).toEqual({ copied: 3, skipped: 0, failed: [] });
      const bucket = await openStorage(config);
      try {
        expect((await bucket.files.read(photo.url))?.toString()).toBe('campaign picture');
        expect((await bucket.files.read(group[0]!.url))?.toString()).toBe('event picture');
        expect((await bucket.certificates.read(certificate))?.toString()).toBe('%PDF certificate');
      } finally {
        bucket.close();
      }
      // Run again: everything is there already.
      expect(await copyLocalFiles(config)).toEqual({ copied: 0, skipped: 3, failed: [] });
    } finally {
      await s3.stop();
    }
    await expect(copyLocalFiles(testSettings({}))).rejects.toThrow('STORAGE_URL is not set: there is no bucket to copy to.');
  });
});
