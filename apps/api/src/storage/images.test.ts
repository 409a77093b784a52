import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-errors.js';
import { temporaryDir } from '../test/databases.js';
import { phoneJpeg, pngHeaderClaiming, solidImage, SVG_WITH_SCRIPT } from '../test/images.js';
import { IMAGE_MESSAGES, processImage, storeImage } from './images.js';
import { LocalDiskStorage } from './storage.js';

async function refusal(input: Buffer): Promise<HttpError> {
  const error = await processImage(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(400);
  return error as HttpError;
}

describe('processImage', () => {
  it.each(['png', 'jpeg', 'webp', 'gif', 'avif'] as const)('accepts %s and re-encodes it to WebP', async (format) => {
    const out = await processImage(await solidImage(64, 48, format));
    const meta = await sharp(out.data).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it('strips every piece of metadata, GPS position included, and turns the picture upright', async () => {
    const input = await phoneJpeg(200, 100);
    const before = await sharp(input).metadata();
    expect(before.exif?.includes(Buffer.from('child-photo-secret'))).toBe(true); // the test image really carries it
    expect(before.orientation).toBe(6);

    const out = await processImage(input);
    const after = await sharp(out.data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(out.data.includes(Buffer.from('child-photo-secret'))).toBe(false);
    expect(out.data.includes(Buffer.from('Camera Owner'))).toBe(false);
    // Orientation 6 means "rotate 90°": the stored picture is portrait.
    expect([after.width, after.height]).toEqual([100, 200]);
  });

  it('shrinks the long edge to 2000 px, keeping the proportions, and never enlarges', async () => {
    const big = await processImage(await solidImage(3000, 1500, 'jpeg'));
    expect([big.width, big.height]).toEqual([2000, 1000]);
    const tall = await processImage(await solidImage(900, 2400, 'png'));
    expect([tall.width, tall.height]).toEqual([750, 2000]);
    const small = await processImage(await solidImage(20, 10, 'png'));
    expect([small.width, small.height]).toEqual([20, 10]);
  });

  it('refuses SVG (it can carry script), TIFF and anything that is not an image, by content not by name', async () => {
    for (const input of [SVG_WITH_SCRIPT, await solidImage(10, 10, 'tiff'), Buffer.from('just some text, named photo.png'), Buffer.from('%PDF-1.7\n')]) {
      expect((await refusal(input)).message).toBe(IMAGE_MESSAGES.unsupported);
    }
    expect((await refusal(Buffer.alloc(0))).message).toBe(IMAGE_MESSAGES.empty);
  });

  it('refuses more than 40 megapixels before decoding anything', async () => {
    const started = Date.now();
    expect((await refusal(pngHeaderClaiming(50_000, 50_000))).message).toBe(IMAGE_MESSAGES.tooManyPixels);
    expect((await refusal(pngHeaderClaiming(8000, 5001))).message).toBe(IMAGE_MESSAGES.tooManyPixels);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a damaged picture as unreadable', async () => {
    const jpeg = await solidImage(300, 200, 'jpeg');
    expect((await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).message).toBe(IMAGE_MESSAGES.unreadable);
    expect((await refusal(pngHeaderClaiming(100, 100))).message).toBe(IMAGE_MESSAGES.unreadable);
  });
});

describe('LocalDiskStorage', () => {
  it('saves under uploads/<area>/ with a random name, leaves no partial file, and removes by URL', async () => {
    const uploads = temporaryDir();
    const storage = new LocalDiskStorage(uploads);
    const first = await storeImage(storage, 'campaigns', await solidImage(30, 20));
    const second = await storeImage(storage, 'events', await solidImage(30, 20));
    expect(first.url).toMatch(/^\/uploads\/campaigns\/[0-9a-f]{24}\.webp$/);
    expect(second.url).toMatch(/^\/uploads\/events\/[0-9a-f]{24}\.webp$/);
    const file = storage.pathOf(first.url)!;
    expect((await sharp(readFileSync(file)).metadata()).format).toBe('webp');
    expect(readdirSync(path.join(uploads, 'campaigns'))).toEqual([path.basename(file)]);

    await storage.remove(first.url);
    expect(existsSync(file)).toBe(false);
    await storage.remove(first.url); // already gone: no error
  });

  it('never removes anything outside the files it made', async () => {
    const uploads = temporaryDir();
    const storage = new LocalDiskStorage(uploads);
    const kept = await storage.save('campaigns', Buffer.from('x'), 'webp');
    for (const url of ['/uploads/campaigns/../../etc/passwd', '/uploads/other/abcdefabcdefabcdefabcdef.webp', '/etc/passwd', 'https://example.org/a.webp', '/uploads/campaigns/abc.webp']) {
      await storage.remove(url);
    }
    expect(existsSync(storage.pathOf(kept.url)!)).toBe(true);
  });
});
