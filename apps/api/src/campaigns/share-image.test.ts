import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { campaigns } from '../db/schema.js';
import { OPENAPI_PATH } from '../plugins/openapi.js';
import { campaignShareImagePath } from '../routes/campaign-share-image.js';
import { insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import type { CampaignRow } from './repository.js';
import {
  boldTextMeasure,
  displayText,
  layoutTitle,
  LruCache,
  matchesEtag,
  overlaySvg,
  renderShareImage,
  SHARE_IMAGE_BAR,
  SHARE_IMAGE_SIZE,
  type Measure,
  wrapText,
} from './share-image.js';

// The campaign's share image (issue 19): its layout rules (wrapping, escaping), its pixels (picture or brand
// background, progress bar drawn to the funded percentage) and its route (404s, caching headers, 304).

const HOSTILE_TITLE = '<svg onload=alert(1)> & "quotes" \'apos\' ]]> <!-- x --> 🎉👨‍👩‍👧 बच्चों की शिक्षा \u0001\uFFFE end';

type Rgb = [number, number, number];

async function pixelAt(image: Buffer, x: number, y: number): Promise<Rgb> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
}

/** The bar's gold (#f2a900), allowing for JPEG's rounding. */
function isGold([r, g, b]: Rgb): boolean {
  return Math.abs(r - 0xf2) < 30 && Math.abs(g - 0xa9) < 30 && b < 60;
}

/** The bar's middle row at a fraction of its length. */
function barPoint(fraction: number): { x: number; y: number } {
  return { x: Math.round(SHARE_IMAGE_BAR.x + SHARE_IMAGE_BAR.width * fraction), y: SHARE_IMAGE_BAR.y + SHARE_IMAGE_BAR.height / 2 };
}

async function barFill(image: Buffer): Promise<boolean[]> {
  return Promise.all([0.02, 0.25, 0.45, 0.55, 0.75, 0.98].map(async (f) => isGold(await pixelAt(image, barPoint(f).x, barPoint(f).y))));
}

/** A picture whose top half is blue and bottom half green, square: cover-cropping shows both, stretched shows neither. */
function twoColourPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="200" fill="#1040ff"/><rect y="200" width="400" height="200" fill="#10c040"/></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 90 }).toBuffer();
}

const timings: string[] = [];

describe('share image layout', () => {
  let measure: Measure;
  beforeAll(async () => {
    measure = await boldTextMeasure();
  });

  it('keeps a short title on one large line', () => {
    expect(layoutTitle('Midday Meals', measure)).toEqual({ size: 64, lines: ['Midday Meals'] });
  });

  it('wraps a longer title on words, in smaller type when two large lines do not hold it', () => {
    const title = 'School Kits for 500 Children in Rural Karnataka before the monsoon term begins';
    const { size, lines } = layoutTitle(title, measure);
    expect(size).toBe(54);
    expect(lines.length).toBe(3);
    expect(lines.join(' ')).toBe(title);
    for (const line of lines) expect(measure(line, size)).toBeLessThanOrEqual(1072);
  });

  it('cuts a title longer than three lines with an ellipsis, never wider than the text area', () => {
    const { lines, size } = layoutTitle('word '.repeat(200), measure);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/word…$/);
    for (const line of lines) expect(measure(line, size)).toBeLessThanOrEqual(1072);
  });

  it('breaks a word wider than a line between graphemes, never inside a Devanagari cluster or an emoji', () => {
    const long = 'शिक्षा'.repeat(40);
    const { lines, truncated } = wrapText(long, 400, 54, 3, measure);
    expect(truncated).toBe(true);
    const clusters = new Set(Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment('शिक्षा'), (s) => s.segment));
    for (const line of lines) {
      for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(line.replace(/…$/, ''))) {
        expect(clusters.has(segment), segment).toBe(true);
      }
    }
    const family = '👨‍👩‍👧';
    const emojiLines = wrapText(family.repeat(60), 300, 54, 3, measure).lines;
    for (const line of emojiLines) expect(line.replace(/…$/, '').replaceAll(family, '')).toBe('');
  });

  it('counts characters the font lacks as the boxes drawn for them, so such titles wrap too', () => {
    expect(measure('बच्चों', 54)).toBeGreaterThan(4 * 0.7 * 54);
    expect(measure('a\u200db', 54)).toBe(measure('ab', 54));
  });

  it('shows a title as one clean line: control and non-characters dropped, spaces collapsed, lone surrogates replaced', () => {
    expect(displayText('  Two\n\tlines\u0001\u0085 here\uFFFE ')).toBe('Two lines here');
    expect(displayText('bad \uD800 half')).toBe('bad \uFFFD half');
  });

  it('escapes the title in the SVG: markup in it stays text', () => {
    const svg = overlaySvg({ title: HOSTILE_TITLE, raised: 10, target: 20, currency: 'INR' }, measure);
    expect(svg).not.toContain('<svg onload');
    expect(svg).not.toContain('<!-- x');
    expect(svg).not.toContain('\u0001');
    const drawn = [...svg.matchAll(/font-size="54"[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]).join(' ');
    expect(drawn).toBe('&lt;svg onload=alert(1)&gt; &amp; &quot;quotes&quot; &apos;apos&apos; ]]&gt; &lt;!-- x --&gt; 🎉👨‍👩‍👧 बच्चों की शिक्षा end');
    expect(svg).toContain('>₹10 raised of ₹20</text>');
    expect(svg).toContain('>50% funded</text>');
    expect(svg).toContain('>Bright Beginnings Foundation</text>');
  });

  it('matches If-None-Match as HTTP does: exact, weak, in a list, or *', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abcd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });

  it('keeps the most recently used entries', () => {
    const cache = new LruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([1, undefined, 3, 2]);
  });
});

describe('share image pixels', () => {
  async function render(input: Partial<Parameters<typeof renderShareImage>[0]>) {
    const started = performance.now();
    const image = await renderShareImage({ title: 'Clean Water', raised: 50, target: 100, currency: 'INR', picture: null, ...input });
    const kind = input.picture ? (image.pictureFailed ? 'unreadable picture' : 'picture') : 'brand background';
    timings.push(`render, ${kind}: ${Math.round(performance.now() - started)} ms, ${image.body.length} bytes`);
    return image;
  }

  it('draws the bar to the funded percentage: half at 50 %, full at 100 % and above, none at 0', async () => {
    const half = await render({ raised: 50, target: 100 });
    const full = await render({ raised: 150, target: 100 });
    const none = await render({ raised: 0, target: 100 });
    expect(await barFill(half.body)).toEqual([true, true, true, false, false, false]);
    expect(await barFill(full.body)).toEqual([true, true, true, true, true, true]);
    expect(await barFill(none.body)).toEqual([false, false, false, false, false, false]);
  });

  it('cover-crops the picture to 1200×630, and falls back to the brand red without one or with an unreadable one', async () => {
    const withPicture = await render({ picture: await twoColourPicture() });
    expect(await sharp(withPicture.body).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const [r1, g1, b1] = await pixelAt(withPicture.body, 20, 20);
    expect(b1).toBeGreaterThan(r1 + 80); // blue at the top, under the light shade
    expect(b1).toBeGreaterThan(g1 + 40);
    const [r2, g2, b2] = await pixelAt(withPicture.body, 1180, 330);
    // Green from 315 px down: the square picture was enlarged to 1200×1200 and its middle 630 rows kept.
    expect(g2).toBeGreaterThan(r2 + 40);
    expect(g2).toBeGreaterThan(b2 + 20);
    expect(withPicture.pictureFailed).toBe(false);

    for (const picture of [null, Buffer.from('not an image at all')]) {
      const image = await render({ picture });
      const [r, g, b] = await pixelAt(image.body, 20, 20);
      expect(r).toBeGreaterThan(g + 60); // the brand's red
      expect(r).toBeGreaterThan(b + 60);
      expect(image.pictureFailed).toBe(picture !== null);
    }
  });

  it('renders a hostile title (markup, quotes, emoji, Devanagari, control characters)', async () => {
    const image = await render({ title: HOSTILE_TITLE });
    expect(await sharp(image.body).metadata()).toMatchObject({ width: SHARE_IMAGE_SIZE.width, height: SHARE_IMAGE_SIZE.height });
  });
});

describeEachDatabase('GET /api/campaigns/:id/share-image.jpg', (ctx) => {
  let app: FastifyInstance;
  const rows = new Map<string, CampaignRow>();

  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database });
    // Until app.ts registers it, the test does.
    const stored = await app.storage.save('campaigns', await twoColourPicture(), 'webp');
    const inserted = await insertCampaigns(ctx.database.db, [
      { title: 'Half Way', raisedAmount: 486_720, targetAmount: 1_000_000, imageUrl: stored.url },
      { title: 'No Picture', raisedAmount: 100, targetAmount: 100 },
      { title: HOSTILE_TITLE, raisedAmount: 1, targetAmount: 3 },
      { title: 'Secret Draft', status: 'draft' },
      { title: 'Missing File', imageUrl: '/uploads/campaigns/0123456789abcdef0123.webp' },
      { title: 'Outside Picture', imageUrl: 'https://example.org/picture.jpg' },
    ]);
    for (const row of inserted) rows.set(row.title, row);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  const get = (title: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: campaignShareImagePath(rows.get(title)!.id), headers });

  it('answers a 1200×630 JPEG with the picture, cacheable for an hour, with an ETag and nosniff', async () => {
    const started = performance.now();
    const response = await get('Half Way');
    timings.push(`route, first request (${ctx.kind}): ${Math.round(performance.now() - started)} ms`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers.etag).toMatch(/^"[\w-]{32}"$/);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const [r, , b] = await pixelAt(response.rawPayload, 20, 20);
    expect(b).toBeGreaterThan(r + 80); // the stored picture, read through the app's storage
    expect(await barFill(response.rawPayload)).toEqual([true, true, true, false, false, false]); // 49 %
  });

  it('renders a campaign without a picture, or whose picture is gone or not stored here, on the brand background', async () => {
    for (const title of ['No Picture', 'Missing File', 'Outside Picture']) {
      const response = await get(title);
      expect(response.statusCode, title).toBe(200);
      expect(await sharp(response.rawPayload).metadata(), title).toMatchObject({ width: 1200, height: 630 });
      const [r, g] = await pixelAt(response.rawPayload, 20, 20);
      expect(r, title).toBeGreaterThan(g + 60);
    }
    expect(await barFill((await get('No Picture')).rawPayload)).toEqual([true, true, true, true, true, true]);
  });

  it('renders a hostile title', async () => {
    const response = await get(HOSTILE_TITLE);
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it("answers 404 'Campaign not found' for a draft and an unknown id, 400 for a malformed one", async () => {
    for (const url of [campaignShareImagePath(rows.get('Secret Draft')!.id), campaignShareImagePath(999_999)]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Campaign not found' });
    }
    expect((await app.inject({ method: 'GET', url: '/api/campaigns/abc/share-image.jpg' })).statusCode).toBe(400);
  });

  it('answers 304 without a body when If-None-Match names the current image, and the same bytes from its cache', async () => {
    const first = await get('Half Way');
    const started = performance.now();
    const again = await get('Half Way');
    timings.push(`route, cached (${ctx.kind}): ${Math.round(performance.now() - started)} ms`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const header of [first.headers.etag as string, `W/${first.headers.etag}`, `"other", ${first.headers.etag}`]) {
      const response = await get('Half Way', { 'if-none-match': header });
      expect(response.statusCode, header).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers.etag).toBe(first.headers.etag);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    }
    expect((await get('Half Way', { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it("takes the cache-busting query the page's tags add, and answers HEAD with the headers alone", async () => {
    const url = `${campaignShareImagePath(rows.get('No Picture')!.id)}?v=100`;
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(head.headers.etag).toBe(response.headers.etag);
  });

  it('is described in the OpenAPI document: a JPEG, 304, 400 and 404', async () => {
    const document = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const operation = document.paths['/api/campaigns/{id}/share-image.jpg'].get;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '304', '400', '404']));
    expect(Object.keys(operation.responses['200'].content)).toEqual(['image/jpeg']);
    expect(operation.security).toBeUndefined();
    const result = await new Validator().validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
  });

  it('draws a new image (new bytes, new ETag, longer bar) when the raised amount changes', async () => {
    const before = await get('Half Way');
    await ctx.database.db.update(campaigns).set({ raisedAmount: 1_000_000 }).where(eq(campaigns.id, rows.get('Half Way')!.id));
    const after = await get('Half Way');
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(await barFill(after.rawPayload)).toEqual([true, true, true, true, true, true]);
    expect((await get('Half Way', { 'if-none-match': before.headers.etag as string })).statusCode).toBe(200);
  });
});

afterAll(() => {
  console.log(`share image timings:\n  ${timings.join('\n  ')}`);
});
