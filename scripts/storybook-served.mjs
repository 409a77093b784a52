#!/usr/bin/env node
// `npm test`'s check that designers get Storybook from `npm start` (decision 034): after `npm run build-storybook`
// (the visual stage), the product started exactly as `npm start` starts it, on a temporary DATA_DIR and a free port,
// answers /storybook/ with that build's index.html and /storybook/index.json with its stories, and starts no
// rebuild of a Storybook that is current. Takes the server's start-up time (seconds): it builds nothing.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'storybook-static');

function fail(message) {
  console.error(`✗ ${message}`);
  process.exitCode = 1;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, child, deadline) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer /api/health within 120 s');
}

if (!existsSync(path.join(built, 'index.html')) || !existsSync(path.join(built, 'index.json'))) {
  console.error(`No Storybook build at ${built}: run \`npm run build-storybook\` first.`);
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'charity-storybook-served-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// A named admin, so the first start prints no generated password into this check's output.
const admin = { ADMIN_USERNAME: 'storybook-check', ADMIN_PASSWORD: randomBytes(18).toString('base64url') };
const env = { ...process.env, ...admin, PORT: String(port), DATA_DIR: dataDir, PUBLIC_BASE_URL: base, LOG_LEVEL: 'warn' };
// Exactly `npm start`'s defaults for Storybook: neither of these may come from the caller.
delete env.STORYBOOK_DIR;
delete env.STORYBOOK_ON_START;
const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));

const started = Date.now();
try {
  await waitForHealth(base, child, started + 120_000);
  const index = await fetch(`${base}/storybook/`);
  const body = await index.text();
  if (index.status !== 200) fail(`/storybook/ answered ${index.status}: ${body.slice(0, 200)}`);
  else if (body !== readFileSync(path.join(built, 'index.html'), 'utf8')) fail("/storybook/ is not storybook-static/index.html");
  else console.log(`✓ /storybook/ serves storybook-static/index.html (${body.length} bytes)`);

  const stories = await fetch(`${base}/storybook/index.json`);
  const entries = stories.ok ? Object.keys((await stories.json()).entries ?? {}).length : 0;
  if (entries === 0) fail(`/storybook/index.json answered ${stories.status} without stories`);
  else console.log(`✓ /storybook/index.json lists ${entries} entries`);

  // Current sources: nothing to rebuild (a rebuild on every start would cost designers minutes of CPU each time).
  if (/Storybook (is not built|is older than its sources)/.test(output)) fail(`the server started a Storybook build for a current one:\n${output}`);
  else console.log('✓ no rebuild started for a current Storybook');
} catch (error) {
  fail(`${error.message}\n${output}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
