#!/usr/bin/env node
// @ts-check
// Renders the home page's illustrations (scenes.mjs) to AVIF and WebP at the responsive widths the site's
// srcset lists, into public/images/generated/. Runs before `vite build` (see package.json), which copies
// public/ into dist/. Files newer than the drawing code are kept, so a rebuild costs nothing when the scenes
// have not changed. `--force` redraws everything; `--png <dir>` also writes full-size PNGs for review.
import { mkdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { SCENE_NAMES, WIDTHS, sceneSvg } from './illustrations/scenes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '../public/images/generated');

const FORMATS = /** @type {const} */ ({
  // Flat colour compresses very well: these keep a hero scene's 960 px WebP near 20 kB. AVIF effort 2 encodes
  // in a quarter of the time of effort 4 for about 10 % more bytes, which keeps a fresh build quick.
  webp: (img) => img.webp({ quality: 80, effort: 6, smartSubsample: true }),
  avif: (img) => img.avif({ quality: 52, effort: 2 }),
});

const args = process.argv.slice(2);
const force = args.includes('--force');
const pngIndex = args.indexOf('--png');
const pngDir = pngIndex >= 0 ? path.resolve(args[pngIndex + 1] ?? '.') : null;

// Outputs older than any drawing source are redrawn.
const sourcesTime = Math.max(
  ...['illustrations/scenes.mjs', 'illustrations/draw.mjs', 'make-illustrations.mjs'].map(
    (file) => statSync(path.join(here, file)).mtimeMs,
  ),
);

function upToDate(file) {
  return !force && existsSync(file) && statSync(file).mtimeMs >= sourcesTime;
}

mkdirSync(outDir, { recursive: true });
const started = Date.now();
let written = 0;
let bytes = 0;
for (const name of SCENE_NAMES) {
  for (const width of WIDTHS) {
    for (const [ext, encode] of Object.entries(FORMATS)) {
      const file = path.join(outDir, `${name}-${width}.${ext}`);
      if (upToDate(file)) continue;
      // Drawn at the target width (not scaled down from a large raster), so edges stay crisp at every size.
      const buffer = await encode(sharp(Buffer.from(sceneSvg(name, width)))).toBuffer();
      writeFileSync(file, buffer);
      written += 1;
      bytes += buffer.length;
    }
  }
  if (pngDir) {
    mkdirSync(pngDir, { recursive: true });
    await sharp(Buffer.from(sceneSvg(name, 1600))).png().toFile(path.join(pngDir, `${name}.png`));
  }
}

console.log(
  written === 0
    ? `illustrations: ${SCENE_NAMES.length} scenes up to date in ${path.relative(process.cwd(), outDir)}`
    : `illustrations: wrote ${written} files (${Math.round(bytes / 1024)} kB) in ${Date.now() - started} ms to ${path.relative(process.cwd(), outDir)}`,
);
