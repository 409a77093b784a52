#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the whole product
// (site, /api, /uploads) in this one process. Build order follows the dependency graph.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What each workspace builds from and into. A build is due when the output is missing or older than any input. */
const builds = [
  { workspace: 'packages/domain', inputs: ['packages/domain/src'], output: 'packages/domain/dist/index.js' },
  { workspace: 'packages/ui', inputs: ['packages/ui/src'], output: 'packages/ui/dist/styles.css' },
  {
    workspace: 'apps/site',
    inputs: ['apps/site/src', 'apps/site/index.html', 'apps/site/embed.html', 'apps/site/widget.tsup.config.ts', 'apps/site/vite.config.ts', 'apps/site/public', 'apps/site/scripts', 'packages/ui/src', 'packages/domain/src'],
    output: 'apps/site/dist/index.html',
  },
  {
    workspace: 'apps/api',
    inputs: ['apps/api/src', 'apps/api/drizzle', 'packages/domain/src'],
    output: 'apps/api/dist/server.js',
  },
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    // Tests and stories do not change what is built.
    if (/\.(test|stories)\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export function staleBuilds() {
  return builds.filter(({ inputs, output }) => {
    const out = path.join(root, output);
    if (!existsSync(out)) return true;
    const built = statSync(out).mtimeMs;
    return inputs.some((input) => newestMtime(input) > built);
  });
}

function buildWhatIsDue() {
  for (const { workspace } of staleBuilds()) {
    console.log(`Building ${workspace}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`The build of ${workspace} failed; see the output above.`);
      process.exit(1);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildWhatIsDue();
  await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
}
