// Concatenates src/styles/index.css and the files it @imports (recursively, in order) into dist/styles.css.
// Runs after tsup, whose `clean` empties dist.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(pkgDir, 'src/styles/index.css');
const out = path.join(pkgDir, 'dist/styles.css');
const IMPORT = /^\s*@import\s+(?:url\()?['"]([^'"]+)['"]\)?\s*;\s*$/gm;

function inline(file, seen) {
  if (seen.has(file)) return '';
  seen.add(file);
  const css = readFileSync(file, 'utf8');
  return css.replace(IMPORT, (_match, spec) => {
    if (/^[a-z]+:|^\/\//i.test(spec)) {
      throw new Error(`${path.relative(pkgDir, file)} imports a remote stylesheet (${spec}); ui ships one self-contained CSS file.`);
    }
    const target = path.resolve(path.dirname(file), spec);
    return `/* ${path.relative(pkgDir, target)} */\n${inline(target, seen).trim()}\n`;
  });
}

const bundled = inline(entry, new Set());
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, bundled);
console.log(`dist/styles.css: ${Buffer.byteLength(bundled)} bytes`);
