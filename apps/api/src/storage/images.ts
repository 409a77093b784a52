import type { MultipartFile } from '@fastify/multipart';
import sharp, { type Metadata } from 'sharp';
import type { StoredImageVariant } from '../db/schema.js';
import { HttpError } from '../http-errors.js';
import { EVENT_IMAGE_DEFAULT_WIDTH, EVENT_IMAGE_MAX_WIDTH, EVENT_IMAGE_WIDTHS, UPLOAD_LIMITS } from './limits.js';
import type { FileStorage, StoredFile, UploadArea } from './storage.js';

// Every uploaded picture — a campaign's, an event's — goes through here before it is stored. These are
// photographs of children, so:
//  - the type is decided by the file's bytes (its magic number, then confirmed by the decoder), never by its
//    name or the browser's claimed type; only JPEG, PNG and WebP are accepted;
//  - the pixel count is checked from the header before anything is decoded (decompression bombs), and the
//    decoder is capped as well (limitInputPixels);
//  - every picture is decoded, turned upright and re-encoded to WebP. Re-encoding is what makes an upload
//    safe to publish: no metadata survives (EXIF with the GPS position of a child's home, camera serials,
//    comments, ICC/XMP), and no polyglot file can ride along;
//  - stored names are random, chosen by the storage: the client's file name is used only in messages.

export type AcceptedFormat = 'jpeg' | 'png' | 'webp';

export const IMAGE_MESSAGES = {
  unsupported: (name: string) => `${name}: only JPEG, PNG and WebP images are accepted.`,
  tooLarge: (name: string, maxMb: number) => `${name}: larger than ${maxMb} MB.`,
  tooManyPixels: (name: string) => `${name}: more than ${UPLOAD_LIMITS.maxPixels / 1_000_000} megapixels.`,
  unreadable: (name: string) => `${name}: the image could not be read; it may be damaged.`,
  empty: (name: string) => `${name}: the file is empty.`,
} as const;

const UNNAMED = 'Unnamed file';
const NAME_MAX = 80;

/**
 * The client's file name as messages show it: the last path segment only ('../../x.png' → 'x.png'), control
 * characters removed, at most 80 characters. It is echoed in JSON and shown as text: never used for storage.
 */
export function displayName(filename: string | undefined | null): string {
  // eslint-disable-next-line no-control-regex
  const clean = (filename ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const base = clean.split(/[/\\]/).filter(Boolean).pop() ?? '';
  if (base === '' || base === '.' || base === '..') return UNNAMED;
  return base.length > NAME_MAX ? `${base.slice(0, NAME_MAX - 1)}…` : base;
}

/** The format a file's first bytes announce, or null: JPEG (FF D8 FF), PNG (its 8-byte signature), WebP (RIFF….WEBP). */
export function sniffFormat(input: Buffer): AcceptedFormat | null {
  if (input.length >= 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return 'jpeg';
  if (input.length >= 8 && input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (input.length >= 12 && input.toString('latin1', 0, 4) === 'RIFF' && input.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

interface Inspected {
  /** Size once turned upright (EXIF orientations 5–8 swap width and height). */
  width: number;
  height: number;
}

/** Checks type and pixel count from the header alone; throws a 400 HttpError naming the file and the reason. */
async function inspect(input: Buffer, name: string): Promise<Inspected> {
  if (input.length === 0) throw new HttpError(400, IMAGE_MESSAGES.empty(name));
  // The magic number first: anything else (SVG, TIFF, HEIC, PDF, text) never even reaches the decoder.
  const sniffed = sniffFormat(input);
  if (!sniffed) throw new HttpError(400, IMAGE_MESSAGES.unsupported(name));
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata(); // header only: cheap
  } catch (error) {
    // sharp refuses headers claiming more than its own ceiling (268 MP) already here.
    throw decodeFailure(error, name);
  }
  if (metadata.format !== sniffed) throw new HttpError(400, IMAGE_MESSAGES.unsupported(name));
  if (!metadata.width || !metadata.height) throw new HttpError(400, IMAGE_MESSAGES.unreadable(name));
  if (metadata.width * metadata.height > UPLOAD_LIMITS.maxPixels) throw new HttpError(400, IMAGE_MESSAGES.tooManyPixels(name));
  const swapped = (metadata.orientation ?? 1) >= 5;
  return swapped ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };
}

/** The decoder, capped and strict, already turning the picture upright (before the EXIF block is dropped). */
function decoder(input: Buffer) {
  return sharp(input, { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: 'error' }).rotate();
}

/** sharp's own refusals, in the upload's words; anything else means a known format that is broken. */
function decodeFailure(error: unknown, name: string): HttpError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return new HttpError(400, IMAGE_MESSAGES.tooManyPixels(name));
  return new HttpError(400, IMAGE_MESSAGES.unreadable(name));
}

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * A picture as a campaign stores it: WebP, upright, at most 2000 px on its long edge, without any metadata.
 * `name` is the client's file name, for messages only.
 */
export async function processImage(input: Buffer, name = UNNAMED): Promise<ProcessedImage> {
  const shown = displayName(name);
  await inspect(input, shown);
  try {
    const { data, info } = await decoder(input)
      .resize({ width: UPLOAD_LIMITS.maxEdge, height: UPLOAD_LIMITS.maxEdge, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer({ resolveWithObject: true }); // no withMetadata(): sharp writes none
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw decodeFailure(error, shown);
  }
}

/** Processes and stores one picture (campaigns); answers 400 (HttpError) for anything that is not an accepted image. */
export async function storeImage(storage: FileStorage, area: UploadArea, input: Buffer, name?: string): Promise<StoredFile> {
  const image = await processImage(input, name);
  return storage.save(area, image.data, 'webp');
}

/**
 * The widths a picture `width` pixels wide is stored at: every standard width it reaches, and its own width (at
 * most 2048) unless the widest of those is within 10% of it. Without its own width a 1500-px photo would be kept
 * at 1200 and a 960-px one at 800, and the lightbox would enlarge them (issue 19).
 */
export function variantWidths(width: number): number[] {
  const top = Math.min(width, EVENT_IMAGE_MAX_WIDTH);
  const widths: number[] = EVENT_IMAGE_WIDTHS.filter((w) => w <= top);
  const widest = widths[widths.length - 1] ?? 0;
  if ((top - widest) * 10 > widest) widths.push(top);
  return widths;
}

export interface ImageVariants {
  /** Narrowest first. */
  variants: ProcessedImage[];
}

/**
 * A picture as an event stores it: WebP at the widths of variantWidths (400 to 2048 px, only those the original
 * reaches, plus its own; never enlarged), upright, without any metadata. `only` limits the widths made to those
 * listed (the start-up upgrade adds the sizes a stored photo lacks).
 */
export async function processImageVariants(input: Buffer, name = UNNAMED, only?: readonly number[]): Promise<ImageVariants> {
  const shown = displayName(name);
  const { width } = await inspect(input, shown);
  const widths = variantWidths(width).filter((w) => !only || only.includes(w));
  try {
    const variants: ProcessedImage[] = [];
    for (const target of widths) {
      const { data, info } = await decoder(input)
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ data, width: info.width, height: info.height });
    }
    return { variants };
  } catch (error) {
    throw decodeFailure(error, shown);
  }
}

export interface StoredImageGroup {
  /** URL of the default size (800 wide, or the widest one when the picture is narrower). */
  filePath: string;
  width: number;
  height: number;
  variants: StoredImageVariant[];
}

/** Writes the sizes of one processed picture under one random name (all or nothing). */
export async function storeImageVariants(storage: FileStorage, area: UploadArea, image: ImageVariants): Promise<StoredImageGroup> {
  const files = await storage.saveGroup(
    area,
    image.variants.map((variant) => ({ suffix: String(variant.width), data: variant.data })),
    'webp',
  );
  const variants = image.variants.map((variant, index) => ({ width: variant.width, height: variant.height, url: files[index]!.url }));
  const preferred = variants.find((v) => v.width === EVENT_IMAGE_DEFAULT_WIDTH) ?? variants[variants.length - 1]!;
  return { filePath: preferred.url, width: preferred.width, height: preferred.height, variants };
}

/**
 * Buffers one uploaded file part, refusing it with 413 and a message naming it once it passes `maxMb`
 * (the multipart parser stops reading there: nothing larger is ever held in memory).
 */
export async function readFilePart(part: MultipartFile, maxMb: number): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, IMAGE_MESSAGES.tooLarge(displayName(part.filename), maxMb));
    }
    throw multipartFailure(error);
  }
}

export const MULTIPART_MESSAGES = {
  unreadable: 'The form could not be read: it is cut off or is not valid multipart/form-data.',
} as const;

/**
 * The multipart parser's own failures (a body cut short, a boundary that never comes, a malformed part header) are
 * plain Errors without a code or status, which the error handler would answer as a 500 (found by the API fuzz):
 * they are the client's broken form, a 400. Errors that already carry a code or status (size limits, HttpError)
 * pass through unchanged. Use around `for await (const part of request.parts())`.
 */
export function multipartFailure(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof HttpError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code !== undefined || statusCode !== undefined) return error;
  return new HttpError(400, MULTIPART_MESSAGES.unreadable);
}
