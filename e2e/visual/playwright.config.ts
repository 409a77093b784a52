import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

// Visual regression of every story: screenshots of the static Storybook (npm run build-storybook) compared
// with the baselines committed in e2e/visual/baselines/. `npm run test:visual:update` rewrites them on purpose.
const port = Number(process.env.VISUAL_PORT ?? 46006);
const repoRoot = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: '.',
  // Not *.spec.ts, so e2e/playwright.config.ts (testDir e2e/) never picks this file up.
  testMatch: /.*\.visual\.ts$/,
  // One baseline per story id, independent of platform and project name: the baselines are made in the
  // Debian Chromium the tests run in; another OS renders fonts differently and should update on purpose.
  snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
  outputDir: process.env.VISUAL_OUTPUT_DIR ?? path.join(repoRoot, 'test-results/visual'),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: {
    toHaveScreenshot: {
      // Anti-aliasing noise is a few pixels; a real change (colour, spacing, a missing element) is far more.
      maxDiffPixelRatio: 0.01,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 800, height: 600 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    colorScheme: 'light',
    locale: 'en-GB',
    timezoneId: 'UTC',
    launchOptions: chromiumLaunchOptions(),
    trace: 'off',
  },
  webServer: {
    command: `node e2e/visual/serve.mjs ${port}`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/index.json`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
