// `prepack` / `postpack` of @charity/ui: the package.json that goes into the tarball differs from the workspace's.
//
// - The `development` export condition points at src/, which the tarball does not ship: inside the monorepo it lets
//   Vite, Vitest and tsc use the sources without a build, but a partner's Vite dev server also sets `development`
//   and would then look for ./src/index.ts. The published exports keep the dist/ targets only.
// - devDependencies name the private @charity/domain (bundled into dist/): an installable manifest must not name it.
//
// prepack keeps the original beside it and postpack puts it back; a backup left by an interrupted pack is restored
// first, so the workspace's file is never lost.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = path.join(pkgDir, 'package.json');
const backup = path.join(pkgDir, 'package.json.prepack-backup');

/** Exports without the `development` condition, recursively. */
function publishedExports(value) {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'development')
      .map(([key, inner]) => [key, publishedExports(inner)]),
  );
}

const step = process.argv[2];
if (step === 'prepack') {
  if (existsSync(backup)) renameSync(backup, manifest);
  const original = readFileSync(manifest, 'utf8');
  writeFileSync(backup, original);
  const pkg = JSON.parse(original);
  pkg.exports = publishedExports(pkg.exports);
  delete pkg.devDependencies;
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (step === 'postpack') {
  if (existsSync(backup)) renameSync(backup, manifest);
} else {
  console.error('usage: node scripts/pack-manifest.mjs prepack|postpack');
  process.exit(2);
}
