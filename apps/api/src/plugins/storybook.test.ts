import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type DatabaseHandle } from '../db/open.js';
import { temporaryDir, testConfig } from '../../test/support/databases.js';
import {
  STORYBOOK_BUILD_MARKER,
  STORYBOOK_BUILDING_PAGE,
  STORYBOOK_MESSAGES,
  STORYBOOK_RETRY_SECONDS,
} from './storybook.js';

// /storybook while `npm start` builds Storybook in the background (decision 034), on a throw-away STORYBOOK_DIR:
// the 'being built' page while the marker names a live build, the built index as soon as it is there (no restart),
// and the 'not built' answers when nothing is building it. (The built Storybook's own headers: donations/widget.test.ts.)

const BUILT_INDEX = '<!doctype html><title>Storybook</title><script>window.CONFIG_TYPE="PRODUCTION"</script>';

/** The marker scripts/start.mjs writes into the Storybook directory while it builds. */
function writeMarker(dir: string, marker: Record<string, unknown>) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, STORYBOOK_BUILD_MARKER), JSON.stringify(marker));
}

/** The id of a process that has exited (so the marker is a leftover of a server killed mid-build). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('/storybook while Storybook is built in the background', () => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];

  async function appWith(storybookDir: string) {
    const app = await buildApp({ config: testConfig({ STORYBOOK_DIR: storybookDir }), database });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    database = await openDatabase(testConfig(), { inMemory: true });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  it("answers 503 with the self-reloading 'being built' page while the build runs, then the built index without a restart", async () => {
    const dir = path.join(temporaryDir('charity-storybook-'), 'storybook-static');
    writeMarker(dir, { state: 'building', pid: process.pid, startedAt: Date.now() });
    const app = await appWith(dir);

    for (const url of ['/storybook', '/storybook/', '/storybook/index.html', '/storybook/iframe.html?id=x']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after'], url).toBe(String(STORYBOOK_RETRY_SECONDS));
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
      expect(response.body, url).toBe(STORYBOOK_BUILDING_PAGE);
    }
    const page = (await app.inject({ method: 'GET', url: '/storybook/' })).body;
    expect(page).toContain('<meta http-equiv="refresh" content="5">');
    expect(page).toContain('<title>Storybook is being built…</title>');
    expect(page).toContain('<h1>Storybook is being built…</h1>');
    expect(page).toContain(
      '<p>The server is building it in the background; the first build takes a minute or two. This page reloads itself every 5 seconds and shows Storybook as soon as it is ready.</p>',
    );
    expect(STORYBOOK_MESSAGES.building).toBe('Storybook is being built…');
    // Its inline style is allowed by Storybook's own policy, which this answer carries.
    expect((await app.inject({ method: 'HEAD', url: '/storybook/' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/storybook/' })).headers['content-security-policy']).toContain(
      "style-src 'self' 'unsafe-inline'",
    );

    // The build finishes: start.mjs swaps the built directory in, without the marker.
    rmSync(dir, { recursive: true });
    mkdirSync(path.join(dir, 'assets'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), BUILT_INDEX);
    writeFileSync(path.join(dir, 'assets', 'manager.js'), 'console.log(1)');
    const index = await app.inject({ method: 'GET', url: '/storybook/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toBe(BUILT_INDEX);
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ method: 'GET', url: '/storybook/assets/manager.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    const redirect = await app.inject({ method: 'GET', url: '/storybook' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/storybook/');
    // The marker is never served, whatever is in the directory.
    writeMarker(dir, { state: 'building', pid: process.pid, startedAt: Date.now() });
    expect((await app.inject({ method: 'GET', url: `/storybook/${STORYBOOK_BUILD_MARKER}` })).statusCode).toBe(404);
  });

  it('keeps serving the built Storybook while a newer one is built (the marker beside an index is ignored)', async () => {
    const dir = temporaryDir('charity-storybook-');
    writeFileSync(path.join(dir, 'index.html'), BUILT_INDEX);
    writeMarker(dir, { state: 'building', pid: process.pid, startedAt: Date.now() });
    const app = await appWith(dir);
    const index = await app.inject({ method: 'GET', url: '/storybook/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toBe(BUILT_INDEX);
  });

  it('says how to build it when nothing is building it: no directory, an empty one, or a build whose server is gone', async () => {
    const root = temporaryDir('charity-storybook-');
    const leftover = path.join(root, 'killed-mid-build');
    writeMarker(leftover, { state: 'building', pid: deadPid(), startedAt: Date.now() });
    const empty = path.join(root, 'empty');
    mkdirSync(empty);
    for (const dir of [path.join(root, 'missing'), empty, leftover]) {
      const app = await appWith(dir);
      for (const url of ['/storybook', '/storybook/', '/storybook/index.html']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, `${dir} ${url}`).toBe(404);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.body).toBe('Storybook is not built. Run `npm run build-storybook` in the project folder, then reload this page.');
      }
    }
  });

  it('says where the output of a failed build is', async () => {
    const dir = temporaryDir('charity-storybook-');
    writeMarker(dir, { state: 'failed', log: '/srv/charity/node_modules/.cache/charity-storybook/build.log' });
    const app = await appWith(dir);
    const response = await app.inject({ method: 'GET', url: '/storybook/' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(
      'Storybook could not be built when the server started (its output is in /srv/charity/node_modules/.cache/charity-storybook/build.log). ' +
        'Run `npm run build-storybook` in the project folder to see why, then reload this page.',
    );
  });
});
