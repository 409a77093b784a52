import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../http-errors.js';
import { UPLOAD_LIMITS } from './limits.js';
import type { FileStorage, StoredFile, UploadArea } from './storage.js';

// Every uploaded picture goes through here before it is stored: the type is decided by its content (sharp
// reads the magic bytes, never the file name or the browser's claimed type), then it is decoded and
// re-encoded to WebP. Re-encoding is what makes uploads safe to publish: no metadata survives (EXIF with
// GPS positions of children's photos, camera serials, comments), no polyglot file or script in an SVG can
// ride along, and every picture is a sensible size for the web.

export const IMAGE_MESSAGES = {
  unsupported: 'Only JPEG, PNG, WebP, GIF or AVIF images are accepted.',
  unreadable: 'The image could not be read; it may be damaged. Please try another file.',
  tooManyPixels: `The image is too large: at most ${UPLOAD_LIMITS.maxPixels / 1_000_000} megapixels are accepted.`,
  empty: 'The image file is empty.',
} as const;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** A picture as it will be stored: WebP, upright, at most 2000 px on its long edge, without any metadata. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new HttpError(400, IMAGE_MESSAGES.empty);
  let metadata: Metadata;
  try {
    // Reads the header only: cheap, and it names the real format.
    metadata = await sharp(input).metadata();
  } catch (error) {
    throw new HttpError(400, refusalFor(error, IMAGE_MESSAGES.unreadable));
  }
  const format = metadata.format as string;
  // AVIF is reported as HEIF with the AV1 codec; other HEIF (HEIC from phones) cannot be decoded by sharp's build.
  const accepted = ACCEPTED_FORMATS.has(format) || (format === 'heif' && metadata.compression === 'av1');
  if (!accepted) throw new HttpError(400, IMAGE_MESSAGES.unsupported);
  if (!metadata.width || !metadata.height) throw new HttpError(400, IMAGE_MESSAGES.unreadable);
  if (metadata.width * metadata.height > UPLOAD_LIMITS.maxPixels) throw new HttpError(400, IMAGE_MESSAGES.tooManyPixels);

  try {
    const { data, info } = await sharp(input, { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: 'error' })
      .rotate() // applies the EXIF orientation before the EXIF block is dropped
      .resize({ width: UPLOAD_LIMITS.maxEdge, height: UPLOAD_LIMITS.maxEdge, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer({ resolveWithObject: true }); // no withMetadata(): sharp writes none
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw new HttpError(400, refusalFor(error, IMAGE_MESSAGES.unreadable));
  }
}

/** sharp names an unknown format and an over-large header; anything else is a known format that is broken. */
function refusalFor(error: unknown, otherwise: string): string {
  const message = error instanceof Error ? error.message : '';
  if (/unsupported image format/i.test(message)) return IMAGE_MESSAGES.unsupported;
  if (/pixel limit/i.test(message)) return IMAGE_MESSAGES.tooManyPixels;
  return otherwise;
}

/** Processes and stores one picture; answers 400 (HttpError) for anything that is not an accepted image. */
export async function storeImage(storage: FileStorage, area: UploadArea, input: Buffer): Promise<StoredFile> {
  const image = await processImage(input);
  return storage.save(area, image.data, 'webp');
}
