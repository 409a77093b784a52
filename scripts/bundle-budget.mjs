#!/usr/bin/env node
// Bundle budget, checked in `npm test` after the build (deterministic, unlike timings):
// the JavaScript the browser loads first on any route (entry script + modulepreloads in index.html), gzip-compressed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/site/dist');
export const FIRST_LOAD_BUDGET_KB = 110;

export function firstLoadScripts(html) {
  const srcs = new Set();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) srcs.add(m[1]);
  return [...srcs];
}

export function measure() {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  return firstLoadScripts(html).map((src) => {
    const bytes = readFileSync(path.join(dist, src.replace(/^\//, '')));
    return { src, kb: gzipSync(bytes, { level: 9 }).length / 1024 };
  });
}

const files = measure();
const total = files.reduce((sum, f) => sum + f.kb, 0);
for (const f of files) console.log(`${f.kb.toFixed(1).padStart(7)} kB gzip  ${f.src}`);
console.log(`${total.toFixed(1).padStart(7)} kB gzip  first-load JavaScript (budget ${FIRST_LOAD_BUDGET_KB} kB)`);
if (files.length === 0) {
  console.error('No entry script found in apps/site/dist/index.html.');
  process.exit(1);
}
if (total > FIRST_LOAD_BUDGET_KB) {
  console.error(`First-load JavaScript is ${total.toFixed(1)} kB gzip, over the ${FIRST_LOAD_BUDGET_KB} kB budget.`);
  process.exit(1);
}
