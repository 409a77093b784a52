import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-errors.js';
import { temporaryDir } from '../../test/support/databases.js';
import { phoneJpeg, pngHeaderClaiming, solidImage, SVG_WITH_SCRIPT } from '../../test/support/images.js';
import {
  displayName,
  IMAGE_MESSAGES,
  processImage,
  processImageVariants,
  sniffFormat,
  storeImage,
  storeImageVariants,
  variantWidths,
} from './images.js';
import { LocalDiskStorage } from './storage.js';

async function refusal(input: Buffer, name = 'photo.png'): Promise<HttpError> {
  const error = await processImage(input, name).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(400);
  return error as HttpError;
}

describe('displayName', () => {
  it('keeps only the last path segment, without control characters, at most 80 characters', () => {
    expect(displayName('../../x.png')).toBe('x.png');
    expect(displayName('C:\\Users\\asha\\IMG_0001.JPG')).toBe('IMG_0001.JPG');
    expect(displayName('bad\u0000name\n.png')).toBe('badname.png');
    expect(displayName(`${'a'.repeat(100)}.png`)).toHaveLength(80);
    for (const empty of [undefined, null, '', '   ', '..', '/']) expect(displayName(empty)).toBe('Unnamed file');
  });
});

describe('sniffFormat', () => {
  it('recognises JPEG, PNG and WebP by their first bytes, and nothing else', async () => {
    expect(sniffFormat(await solidImage(4, 4, 'jpeg'))).toBe('jpeg');
    expect(sniffFormat(await solidImage(4, 4, 'png'))).toBe('png');
    expect(sniffFormat(await solidImage(4, 4, 'webp'))).toBe('webp');
    for (const other of [await solidImage(4, 4, 'gif'), await solidImage(4, 4, 'tiff'), SVG_WITH_SCRIPT, Buffer.from('RIFF....WAVE'), Buffer.alloc(0)]) {
      expect(sniffFormat(other)).toBeNull();
    }
  });
});

describe('processImage (campaign pictures)', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('accepts %s and re-encodes it to WebP', async (format) => {
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

  it('refuses GIF, AVIF, SVG (it can carry script), TIFF and anything that is not an image, by content not by name', async () => {
    const inputs = [
      await solidImage(10, 10, 'gif'),
      await solidImage(10, 10, 'avif'),
      SVG_WITH_SCRIPT,
      await solidImage(10, 10, 'tiff'),
      Buffer.from('just some text, named photo.png'),
      Buffer.from('%PDF-1.7\n'),
    ];
    for (const input of inputs) {
      expect((await refusal(input, 'photo.png')).message).toBe('photo.png: only JPEG, PNG and WebP images are accepted.');
    }
    expect((await refusal(Buffer.alloc(0), 'empty.jpg')).message).toBe('empty.jpg: the file is empty.');
  });

  it('refuses a file whose first bytes and decoded format disagree', async () => {
    // A PNG signature glued in front of a JPEG: the decoder sees no valid PNG.
    const jpeg = await solidImage(10, 10, 'jpeg');
    const forged = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg]);
    expect((await refusal(forged, 'x.png')).statusCode).toBe(400);
  });

  it('refuses more than 40 megapixels before decoding anything', async () => {
    const started = Date.now();
    expect((await refusal(pngHeaderClaiming(50_000, 50_000), 'huge.png')).message).toBe('huge.png: more than 40 megapixels.');
    expect((await refusal(pngHeaderClaiming(8000, 5001), 'huge.png')).message).toBe(IMAGE_MESSAGES.tooManyPixels('huge.png'));
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a damaged picture as unreadable', async () => {
    const jpeg = await solidImage(300, 200, 'jpeg');
    expect((await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'half.jpg')).message).toBe(
      'half.jpg: the image could not be read; it may be damaged.',
    );
    expect((await refusal(pngHeaderClaiming(100, 100), 'x.png')).message).toBe(IMAGE_MESSAGES.unreadable('x.png'));
  });
});

describe('processImageVariants (event photos)', () => {
  it('chooses 400 to 2048 wide, only those the original reaches, plus its own width unless one is within 10% of it', () => {
    expect(variantWidths(4000)).toEqual([400, 800, 1200, 1600, 2048]);
    expect(variantWidths(2048)).toEqual([400, 800, 1200, 1600, 2048]);
    expect(variantWidths(2047)).toEqual([400, 800, 1200, 1600, 2047]);
    expect(variantWidths(1760)).toEqual([400, 800, 1200, 1600]);
    expect(variantWidths(1761)).toEqual([400, 800, 1200, 1600, 1761]);
    expect(variantWidths(1600)).toEqual([400, 800, 1200, 1600]);
    expect(variantWidths(1000)).toEqual([400, 800, 1000]);
    expect(variantWidths(960)).toEqual([400, 800, 960]);
    expect(variantWidths(880)).toEqual([400, 800]);
    expect(variantWidths(800)).toEqual([400, 800]);
    expect(variantWidths(500)).toEqual([400, 500]);
    expect(variantWidths(300)).toEqual([300]);
  });

  it('keeps a 3000-px upload sharp for the full-screen lightbox: sizes up to 2048, none wider', async () => {
    const { variants } = await processImageVariants(await solidImage(3000, 2000, 'jpeg'), 'wide.jpg');
    expect(variants.map((v) => [v.width, v.height])).toEqual([
      [400, 267],
      [800, 533],
      [1200, 800],
      [1600, 1067],
      [2048, 1365],
    ]);
    expect((await sharp(variants[4]!.data).metadata()).width).toBe(2048);
  });

  it('never enlarges a 1000-px upload: its widest size is its own 1000 px, none wider', async () => {
    const { variants } = await processImageVariants(await solidImage(1000, 750, 'png'), 'medium.png');
    expect(variants.map((v) => [v.width, v.height])).toEqual([
      [400, 300],
      [800, 600],
      [1000, 750],
    ]);
    for (const variant of variants) expect((await sharp(variant.data).metadata()).width).toBe(variant.width);
  });

  it('makes WebP sizes with the proportions kept, never enlarged, without metadata', async () => {
    const { variants } = await processImageVariants(await solidImage(2000, 1500, 'jpeg'), 'big.jpg');
    expect(variants.map((v) => [v.width, v.height])).toEqual([
      [400, 300],
      [800, 600],
      [1200, 900],
      [1600, 1200],
      [2000, 1500],
    ]);
    for (const variant of variants) {
      const meta = await sharp(variant.data).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width, height: variant.height });
      expect(meta.exif).toBeUndefined();
    }
    const small = await processImageVariants(await solidImage(120, 90, 'png'), 'small.png');
    expect(small.variants.map((v) => [v.width, v.height])).toEqual([[120, 90]]);
  });

  it('sizes a phone photo by its upright width (EXIF orientation applied first)', async () => {
    // 900×500 stored sideways (orientation 6): upright it is 500 wide, so the sizes are 400 and its own 500.
    const { variants } = await processImageVariants(await phoneJpeg(900, 500), 'IMG_0001.JPG');
    expect(variants.map((v) => [v.width, v.height])).toEqual([
      [400, 720],
      [500, 900],
    ]);
    for (const variant of variants) expect(variant.data.includes(Buffer.from('child-photo-secret'))).toBe(false);
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

  it('saves the sizes of one photo under one random name, <name>-<width>.webp, pointing file_path at 800', async () => {
    const uploads = temporaryDir();
    const storage = new LocalDiskStorage(uploads);
    const group = await storeImageVariants(storage, 'events', await processImageVariants(await solidImage(1700, 850, 'png')));
    const base = /^\/uploads\/events\/([0-9a-f]{24})-400\.webp$/.exec(group.variants[0]!.url)![1];
    expect(group.variants).toEqual([
      { width: 400, height: 200, url: `/uploads/events/${base}-400.webp` },
      { width: 800, height: 400, url: `/uploads/events/${base}-800.webp` },
      { width: 1200, height: 600, url: `/uploads/events/${base}-1200.webp` },
      { width: 1600, height: 800, url: `/uploads/events/${base}-1600.webp` },
    ]);
    expect(group).toMatchObject({ filePath: `/uploads/events/${base}-800.webp`, width: 800, height: 400 });
    expect(readdirSync(path.join(uploads, 'events')).sort()).toEqual([
      `${base}-1200.webp`,
      `${base}-1600.webp`,
      `${base}-400.webp`,
      `${base}-800.webp`,
    ]);

    // A photo narrower than 800: file_path is its widest size.
    const narrow = await storeImageVariants(storage, 'events', await processImageVariants(await solidImage(600, 300, 'png')));
    expect(narrow).toMatchObject({ width: 600, height: 300 });
    expect(narrow.filePath).toMatch(/-600\.webp$/);

    for (const variant of group.variants) await storage.remove(variant.url);
    expect(readdirSync(path.join(uploads, 'events'))).toHaveLength(narrow.variants.length);
  });

  it('writes a group all or nothing', async () => {
    const uploads = temporaryDir();
    const storage = new LocalDiskStorage(uploads);
    await expect(
      storage.saveGroup('events', [{ suffix: '400', data: Buffer.from('a') }, { suffix: '../x', data: Buffer.from('b') }], 'webp'),
    ).rejects.toThrow();
    expect(readdirSync(path.join(uploads, 'events'))).toEqual([]);
  });

  it('never removes anything outside the files it made', async () => {
    const uploads = temporaryDir();
    const storage = new LocalDiskStorage(uploads);
    const kept = await storage.save('campaigns', Buffer.from('x'), 'webp');
    for (const url of ['/uploads/campaigns/../../etc/passwd', '/uploads/other/abcdefabcdefabcdefabcdef.webp', '/etc/passwd', 'https://example.org/a.webp', '/uploads/campaigns/abc.webp', '/uploads/events/abcdefabcdefabcdefabcdef-../x.webp']) {
      await storage.remove(url);
    }
    expect(existsSync(storage.pathOf(kept.url)!)).toBe(true);
  });
});
