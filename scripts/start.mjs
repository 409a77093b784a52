#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the whole product
// (site, /api, /uploads) in this one process. Build order follows the dependency graph.
// Storybook (/storybook, for the designers) is built too when missing or stale, but in the background once the site
// is up, so it never delays the site (docs/decisions/034-storybook-on-start.md).
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';

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

// Tests and stories do not change what the workspaces build.
const NOT_BUILT_FROM = /\.(test|stories)\.tsx?$/;

function newestMtime(target, skip = NOT_BUILT_FROM) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (skip.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name), skip));
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

// ---- Storybook (decision 034) ----

/** What the static Storybook is built from: its config, the stories (here they count), the library, the lockfile. */
const STORYBOOK_INPUTS = ['.storybook', 'stories', 'packages/ui/src', 'packages/domain/src', 'package-lock.json'];
const ONLY_TESTS = /\.test\.tsx?$/;
/**
 * The marker the API reads (apps/api/src/plugins/storybook.ts, STORYBOOK_BUILD_MARKER): while building,
 * { state: 'building', pid, startedAt } in the Storybook directory; after a failed build, { state: 'failed', log }.
 */
const MARKER = '.build.json';
/** Where a build is made before it replaces the served one in one rename, with its log. */
const CACHE = path.join(root, 'node_modules', '.cache', 'charity-storybook');

/** The directory the server serves at /storybook/: STORYBOOK_DIR (environment, else .env) as config.ts reads it. */
function storybookDir() {
  let setting = process.env.STORYBOOK_DIR;
  if (setting === undefined && existsSync('.env')) setting = parseEnv(readFileSync('.env', 'utf8')).STORYBOOK_DIR;
  const trimmed = setting?.trim();
  return trimmed ? path.resolve(process.cwd(), trimmed) : path.join(root, 'storybook-static');
}

/** 'missing', 'stale' (a source is newer than the build's index.json) or null when the built one is current. */
export function storybookDue(dir = storybookDir()) {
  const index = path.join(dir, 'index.json');
  if (!existsSync(index)) return 'missing';
  const built = statSync(index).mtimeMs;
  return STORYBOOK_INPUTS.some((input) => newestMtime(input, ONLY_TESTS) > built) ? 'stale' : null;
}

function readMarker(dir) {
  try {
    return JSON.parse(readFileSync(path.join(dir, MARKER), 'utf8'));
  } catch {
    return null;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** A rename, or a copy where the two places are on different file systems (STORYBOOK_DIR elsewhere). */
function moveDir(from, to) {
  try {
    renameSync(from, to);
  } catch (error) {
    if (error.code !== 'EXDEV') throw error;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}

function lastLines(file, count) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
}

/**
 * Decides before the server starts (so its first answer at /storybook/ is already right) and writes the marker;
 * returns the build to start once the server listens, or null. STORYBOOK_ON_START=skip starts without it (the
 * end-to-end tests do: they do not look at Storybook and must not share the machine with its build).
 */
function planStorybookBuild() {
  const setting = process.env.STORYBOOK_ON_START?.trim() || 'build';
  if (setting !== 'build' && setting !== 'skip') {
    console.error(`STORYBOOK_ON_START must be 'build' or 'skip', not '${setting}'.`);
    process.exit(1);
  }
  if (setting === 'skip') return null;
  const dir = storybookDir();
  const due = storybookDue(dir);
  if (!due) return null;
  const marker = readMarker(dir);
  if (marker?.state === 'building' && marker.pid !== process.pid && isAlive(marker.pid)) {
    console.log(`Storybook is being built by another server (process ${marker.pid}); /storybook/ shows it when that build is done.`);
    return null;
  }
  const startedAt = Date.now();
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, MARKER), JSON.stringify({ state: 'building', pid: process.pid, startedAt }));
  return { dir, due, startedAt };
}

/** The build in a child process of its own, at low priority; swapped in when done, reported in one line either way. */
function buildStorybookInBackground({ dir, due, startedAt }) {
  mkdirSync(CACHE, { recursive: true });
  const next = path.join(CACHE, 'next');
  const previous = path.join(CACHE, 'previous');
  const log = path.join(CACHE, 'build.log');
  rmSync(next, { recursive: true, force: true });
  console.log(
    due === 'missing'
      ? 'Storybook is not built: building it in the background (a minute or two); until then /storybook/ says so and reloads itself. Its output: ' + log
      : 'Storybook is older than its sources: rebuilding it in the background; /storybook/ shows the previous build until then. Its output: ' + log,
  );
  const out = openSync(log, 'w');
  const bin = path.join(root, 'node_modules', 'storybook', 'dist', 'bin', 'dispatcher.js');
  // Its own process group (detached), so stopping the server can stop the build and everything it started.
  const child = spawn(process.execPath, [bin, 'build', '-o', next, '--quiet'], {
    cwd: root,
    detached: process.platform !== 'win32',
    stdio: ['ignore', out, out],
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
  });
  closeSync(out);
  try {
    // Behind the site's requests for the CPU: the build is the designers' convenience, the site is the product.
    os.setPriority(child.pid, 10);
  } catch {
    // Not permitted here: it still runs, at normal priority.
  }

  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      if (process.platform === 'win32') child.kill();
      else process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    // A stopped build leaves no 'being built' page behind.
    if (readMarker(dir)?.pid === process.pid) rmSync(path.join(dir, MARKER), { force: true });
    rmSync(next, { recursive: true, force: true });
  };
  process.on('exit', stop);

  child.on('exit', (code, signal) => {
    process.off('exit', stop);
    const seconds = Math.round((Date.now() - startedAt) / 1000);
    if (code === 0 && existsSync(path.join(next, 'index.html'))) {
      try {
        // Stamped with the moment the build started: a source saved during the build makes the next start rebuild.
        utimesSync(path.join(next, 'index.json'), new Date(startedAt), new Date(startedAt));
        rmSync(previous, { recursive: true, force: true });
        if (existsSync(dir)) moveDir(dir, previous);
        moveDir(next, dir);
        rmSync(previous, { recursive: true, force: true });
        console.log(`Storybook is built (${seconds} s): /storybook/ shows it.`);
        return;
      } catch (error) {
        console.error(`Storybook was built but could not be put in place at ${dir}: ${error.message}`);
      }
    }
    if (signal) {
      // Stopped from outside while the server runs on: nothing is building it any more.
      if (readMarker(dir)?.pid === process.pid) rmSync(path.join(dir, MARKER), { force: true });
      console.error(`The Storybook build was stopped (${signal}); the site runs on. \`npm run build-storybook\` builds it.`);
      return;
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, MARKER), JSON.stringify({ state: 'failed', log }));
    console.error(
      `Storybook could not be built (exit code ${code}); the site runs on. The end of its output (all of it is in ${log}):\n` +
        lastLines(log, 15),
    );
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildWhatIsDue();
  const storybook = planStorybookBuild();
  if (storybook) {
    // If the server cannot start, the 'being built' marker must not outlive it.
    const forget = () => {
      if (readMarker(storybook.dir)?.pid === process.pid) rmSync(path.join(storybook.dir, MARKER), { force: true });
    };
    process.on('exit', forget);
    await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
    process.off('exit', forget);
    buildStorybookInBackground(storybook);
  } else {
    await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
  }
}
