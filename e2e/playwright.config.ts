import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

// The product is started exactly as `npm start` starts it, on a fresh temporary DATA_DIR.
// Workers inherit process.env, so the directory is chosen once, in the runner.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'charity-e2e-'));
// No background Storybook build (decision 034) in the servers these tests start: none looks at /storybook, and the
// build would take the machine's cores from the browsers. `npm test` checks /storybook on its own afterwards.
process.env.STORYBOOK_ON_START ??= 'skip';
const port = Number(process.env.E2E_PORT ?? 3123);
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-password-123' };
/** widget.spec.ts serves partner pages on two more ports: the first is a listed partner, the second is not. */
export const E2E_PARTNER_PORT = Number(process.env.E2E_PARTNER_PORT ?? port + 1);
export const E2E_STRANGER_PORT = E2E_PARTNER_PORT + 1;

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: true,
  workers: 2,
  // Decision 008: in CI a test that fails is run once more and, if it then passes, reported as flaky by name.
  retries: process.env.CI ? 1 : 0,
  // The JSON report lets `npm test`'s summary name failing and flaky tests: CI keeps only the tail of the output.
  reporter: [['list'], ['json', { outputFile: path.resolve(import.meta.dirname, '../test-results/playwright.json') }]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions() } }],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // A second local origin (another port) may frame the donate widget; E2E_STRANGER_PORT's may not.
      PARTNER_ORIGINS: `http://127.0.0.1:${E2E_PARTNER_PORT}`,
    },
  },
});
