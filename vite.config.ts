import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
// In CI a failed test runs once more before the run fails (decision 008): the CI machine is shared with the
// database and browser it drives, and one timing hiccup must not throw a whole run away. A test that is broken
// fails both times. Locally there is no retry, so a flaky test shows itself to the person who wrote it.
const retry = process.env.CI ? 1 : 0;

// One Vitest run, several projects: pure unit tests (node), API tests on real databases (node),
// and every Storybook story rendered in real Chromium with its play function and axe checks.
export default defineConfig({
  test: {
    // Two files at a time suits the two-core machines we run on (API files each start their own database).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          retry,
          include: ['packages/domain/src/**/*.test.ts', 'packages/ui/src/**/*.test.ts', 'apps/site/src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
        resolve: { conditions: ['development'] },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          retry,
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          testTimeout: 60_000,
          // Starting a database (PGlite in WebAssembly, or a fresh PostgreSQL schema) is slow on a loaded machine.
          hookTimeout: 180_000,
        },
        resolve: { conditions: ['development'] },
      },
      {
        plugins: [react(), storybookTest({ configDir: path.join(root, '.storybook') })],
        resolve: { conditions: ['development'] },
        test: {
          name: 'stories',
          retry,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
