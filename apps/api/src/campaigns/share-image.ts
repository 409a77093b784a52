import { createHash } from 'node:crypto';
import { BRAND_COLOURS, formatCurrency, fundedLabel, fundedPercentage, ORGANISATION } from '@charity/domain';
import sharp, { type Sharp } from 'sharp';
import { fonts, loadPdfKit } from '../receipts/pdf.js';
import type { FileStorage } from '../storage/storage.js';
import { UPLOAD_LIMITS } from '../storage/limits.js';

// The picture a link preview shows for a campaign (og:image, twitter:image; issue 19): 1200×630, the campaign's own
// picture cover-cropped (or the brand's red when it has none), darkened towards the bottom so white text reads on any
// photo, with the organisation's name, the title and the progress. One SVG overlay composited by sharp: librsvg
// draws the text with DejaVu Sans, installed on every machine of the project and the same font (2.37) the receipts
// bundle, whose bundled bold file measures the lines here, so the wrapping matches what librsvg draws.

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The brand's colours (packages/ui/src/styles/tokens.css): primary red, its hover shade, the accent gold. */
// The site's red and gold (BRAND_COLOURS, kept equal to tokens.css), with a darker red and a lighter gold for legibility.
export const SHARE_IMAGE_COLOURS = { brand: BRAND_COLOURS.primary, brandDark: '#5e120e', gold: BRAND_COLOURS.accent, goldText: '#ffd27a' } as const;

const MARGIN = 64;
const TEXT_WIDTH = SHARE_IMAGE_SIZE.width - 2 * MARGIN;
const FONT_FAMILY = "'DejaVu Sans', sans-serif";
const TITLE_MAX_LINES = 3;
const ELLIPSIS = '…';

/** Where the progress bar sits: tests read its fill from these pixels. */
export const SHARE_IMAGE_BAR = { x: MARGIN, y: 498, width: TEXT_WIDTH, height: 22 } as const;
const AMOUNT_BASELINE = 574;
const AMOUNT_SIZE = 30;
const TITLE_LAST_BASELINE = SHARE_IMAGE_BAR.y - 40;
const ORGANISATION_SIZE = 28;
/** Two large lines when the title fits in them, else three smaller ones. */
const TITLE_SIZES = [{ size: 64, lines: 2 }, { size: 54, lines: TITLE_MAX_LINES }] as const;

export interface ShareImageInput {
  title: string;
  raised: number;
  target: number;
  currency: string;
  /** The campaign's picture as stored (any format sharp reads), or null for the brand background. */
  picture: Buffer | null;
}

export type Measure = (text: string, size: number) => number;

/**
 * What Pango draws for a character no installed font has (Devanagari and emoji on a machine with DejaVu alone): a box
 * with its hex code, wider than DejaVu's own .notdef. Counted at these widths (em) so such a title still wraps inside.
 */
const MISSING_GLYPH_EM = { bmp: 0.75, astral: 1 } as const;
const INVISIBLE = /^\p{Default_Ignorable_Code_Point}$/u;

type ParsedFont = { hasGlyphForCodePoint(codePoint: number): boolean };

let measuring: Promise<Measure> | null = null;
/** Width in pixels of a bold line at a size, from the bundled DejaVu Sans Bold (PDFKit parses it once). */
export function boldTextMeasure(): Promise<Measure> {
  measuring ??= loadPdfKit().then((PDFDocument) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    doc.registerFont('Bold', fonts().bold);
    doc.font('Bold');
    const font = (doc as unknown as { _font?: { font?: ParsedFont } })._font?.font;
    return (text: string, size: number) => {
      if (!font) return doc.fontSize(size).widthOfString(text);
      let drawn = '';
      let boxes = 0;
      for (const character of text) {
        const codePoint = character.codePointAt(0)!;
        if (font.hasGlyphForCodePoint(codePoint)) drawn += character;
        else if (!INVISIBLE.test(character)) boxes += codePoint > 0xffff ? MISSING_GLYPH_EM.astral : MISSING_GLYPH_EM.bmp;
      }
      return doc.fontSize(size).widthOfString(drawn) + boxes * size;
    };
  });
  return measuring;
}

// XML 1.0 refuses these even as character references; a title is shown, never trusted.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A title as one line of displayable text: well-formed, no control characters, spaces collapsed. */
export function displayText(value: string): string {
  return value.replace(LONE_SURROGATE, '\ufffd').replace(NOT_XML, '').replace(/\s+/g, ' ').trim();
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
function splitGraphemes(text: string): string[] {
  return Array.from(graphemes.segment(text), (s) => s.segment);
}

/** The longest start of `text` (whole graphemes) that fits `width` with an ellipsis after it. */
function truncate(text: string, width: number, size: number, measure: Measure): string {
  const parts = splitGraphemes(text.trimEnd());
  while (parts.length > 0 && measure(`${parts.join('').trimEnd()}${ELLIPSIS}`, size) > width) parts.pop();
  return `${parts.join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * Greedy word wrap into at most `maxLines` lines of `width`; a word wider than a line is broken between graphemes
 * (never inside a Devanagari cluster or an emoji), and what does not fit ends the last line with an ellipsis.
 */
export function wrapText(text: string, width: number, size: number, maxLines: number, measure: Measure): { lines: string[]; truncated: boolean } {
  const lines: string[] = [];
  let line = '';
  const words = text.split(' ').filter(Boolean);
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) {
      lines.push(line);
      line = '';
    }
    if (lines.length === maxLines) return { lines: finish(lines, width, size, measure), truncated: true };
    if (measure(word, size) <= width) {
      line = word;
      continue;
    }
    // A word wider than the line: as many graphemes as fit, the rest goes on as the next word.
    const parts = splitGraphemes(word);
    let head = '';
    while (parts.length > 0 && measure(head + parts[0], size) <= width) head += parts.shift();
    if (head === '') head = parts.shift() ?? '';
    lines.push(head);
    if (parts.length > 0) {
      words.splice(index + 1, 0, parts.join(''));
      if (lines.length === maxLines) return { lines: finish(lines, width, size, measure), truncated: true };
    }
  }
  if (line) {
    if (lines.length === maxLines) return { lines: finish(lines, width, size, measure), truncated: true };
    lines.push(line);
  }
  return { lines, truncated: false };
}

/** The last line shortened to end with an ellipsis: the text left over did not fit. */
function finish(lines: string[], width: number, size: number, measure: Measure): string[] {
  const last = lines.pop() ?? '';
  return [...lines, truncate(last, width, size, measure)];
}

/** The title's lines and size: two large lines when they hold it, else up to three smaller ones, then an ellipsis. */
export function layoutTitle(title: string, measure: Measure): { size: number; lines: string[] } {
  const text = displayText(title);
  for (const { size, lines: maxLines } of TITLE_SIZES) {
    const wrapped = wrapText(text, TEXT_WIDTH, size, maxLines, measure);
    if (!wrapped.truncated || maxLines === TITLE_MAX_LINES) return { size, lines: wrapped.lines };
  }
  return { size: TITLE_SIZES[0].size, lines: [] }; // unreachable: the last size always answers
}

function text(x: number, y: number, size: number, content: string, attributes: string): string {
  return `<text x="${x}" y="${y}" font-size="${size}" ${attributes}>${escapeXml(content)}</text>`;
}

/** The overlay: gradient, organisation, title, bar and amounts. Every piece of text is escaped. */
export function overlaySvg(input: Omit<ShareImageInput, 'picture'>, measure: Measure): string {
  const { width, height } = SHARE_IMAGE_SIZE;
  const percentage = fundedPercentage(input.raised, input.target);
  const title = layoutTitle(input.title, measure);
  const lineHeight = Math.round(title.size * 1.16);
  const firstBaseline = TITLE_LAST_BASELINE - (title.lines.length - 1) * lineHeight;
  const organisationBaseline = firstBaseline - Math.round(title.size * 0.76) - 30;
  const raised = `${formatCurrency(input.raised, input.currency)} raised of ${formatCurrency(input.target, input.currency)}`;
  const funded = fundedLabel(percentage);
  // Long amounts in a currency with a wide code: smaller rather than overlapping the percentage. Measured in bold,
  // a little wider than the regular weight the amounts are drawn in, so the check errs on the safe side.
  let amountSize = AMOUNT_SIZE;
  while (amountSize > 18 && measure(raised, amountSize) + measure(funded, amountSize) + 32 > TEXT_WIDTH) amountSize -= 2;
  const bar = SHARE_IMAGE_BAR;
  const fill = Math.round((bar.width * percentage) / 100);
  const lines = title.lines
    .map((line, index) => text(MARGIN, firstBaseline + index * lineHeight, title.size, line, 'font-weight="700" fill="#ffffff"'))
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#000" stop-opacity="0.12"/>
<stop offset="0.3" stop-color="#000" stop-opacity="0.38"/>
<stop offset="0.6" stop-color="#000" stop-opacity="0.74"/>
<stop offset="1" stop-color="#000" stop-opacity="0.9"/>
</linearGradient>
<clipPath id="text-area"><rect x="${MARGIN}" y="0" width="${TEXT_WIDTH}" height="${height}"/></clipPath>
</defs>
<rect width="${width}" height="${height}" fill="url(#shade)"/>
<g font-family="${FONT_FAMILY}" clip-path="url(#text-area)">
${text(MARGIN, organisationBaseline, ORGANISATION_SIZE, displayText(ORGANISATION.name), `font-weight="700" fill="${SHARE_IMAGE_COLOURS.goldText}"`)}
${lines}
<rect x="${bar.x}" y="${bar.y}" width="${bar.width}" height="${bar.height}" rx="${bar.height / 2}" fill="#ffffff" fill-opacity="0.3"/>
${fill > 0 ? `<rect x="${bar.x}" y="${bar.y}" width="${Math.max(fill, bar.height)}" height="${bar.height}" rx="${bar.height / 2}" fill="${SHARE_IMAGE_COLOURS.gold}"/>` : ''}
${text(MARGIN, AMOUNT_BASELINE, amountSize, raised, 'fill="#ffffff"')}
${text(MARGIN + TEXT_WIDTH, AMOUNT_BASELINE, amountSize, funded, `font-weight="700" fill="${SHARE_IMAGE_COLOURS.goldText}" text-anchor="end"`)}
</g>
</svg>`;
}

/** The background when a campaign has no picture (or it cannot be read): the brand's red, with a few soft circles. */
function brandBackgroundSvg(): string {
  const { width, height } = SHARE_IMAGE_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="brand" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${SHARE_IMAGE_COLOURS.brand}"/><stop offset="1" stop-color="${SHARE_IMAGE_COLOURS.brandDark}"/>
</linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#brand)"/>
<circle cx="1040" cy="120" r="260" fill="#ffffff" fill-opacity="0.07"/>
<circle cx="860" cy="-40" r="150" fill="${SHARE_IMAGE_COLOURS.gold}" fill-opacity="0.12"/>
<circle cx="120" cy="80" r="90" fill="#ffffff" fill-opacity="0.05"/>
</svg>`;
}

let brandBackground: Promise<Buffer> | null = null;
function brandBackgroundPixels(): Promise<Buffer> {
  brandBackground ??= sharp(Buffer.from(brandBackgroundSvg())).png({ compressionLevel: 0 }).toBuffer();
  return brandBackground;
}

export const SHARE_IMAGE_CONTENT_TYPE = 'image/jpeg';

/** The share image's bytes and how it was made. */
export interface RenderedShareImage {
  body: Buffer;
  etag: string;
  /** The picture could not be decoded and the brand background was used instead. */
  pictureFailed: boolean;
}

/**
 * JPEG, not PNG: over a photograph a PNG is ~700 kB and takes ~300 ms to encode, a JPEG ~90 kB in ~20 ms, under the
 * ~300 kB WhatsApp still previews. Full-resolution chroma (4:4:4) keeps the gold and white text's edges clean.
 */
async function encode(base: Sharp, overlay: Buffer): Promise<Buffer> {
  return base
    .composite([{ input: overlay, top: 0, left: 0 }])
    .jpeg({ quality: 85, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** Draws the share image: the picture cover-cropped under the overlay, or the brand background when there is none. */
export async function renderShareImage(input: ShareImageInput, measure?: Measure): Promise<RenderedShareImage> {
  const overlay = Buffer.from(overlaySvg(input, measure ?? (await boldTextMeasure())));
  let body: Buffer | null = null;
  if (input.picture) {
    try {
      const picture = sharp(input.picture, { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: 'error' })
        .rotate()
        .resize(SHARE_IMAGE_SIZE.width, SHARE_IMAGE_SIZE.height, { fit: 'cover', position: 'centre' })
        .flatten({ background: SHARE_IMAGE_COLOURS.brand });
      body = await encode(picture, overlay);
    } catch {
      body = null; // an unreadable picture: the campaign is still shared, on the brand background
    }
  }
  const pictureFailed = input.picture !== null && body === null;
  body ??= await encode(sharp(await brandBackgroundPixels()), overlay);
  return { body, etag: etagOf(body), pictureFailed };
}

/** A strong validator of these exact bytes (as the response cache's). */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match names this ETag (weak or strong) or is `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * The stored file behind a campaign's image_url, or null: no picture, a URL the storage did not make (an external
 * illustration), or a file gone missing. From whichever storage holds the uploads (disk or bucket).
 */
export async function readStoredPicture(storage: FileStorage, url: string | null): Promise<Buffer | null> {
  return url ? storage.read(url) : null;
}

/** A small least-recently-used map: rendered images (or renders under way, shared by concurrent requests). */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(readonly maxEntries: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
