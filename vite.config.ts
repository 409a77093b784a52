import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));

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
          include: ['packages/domain/src/**/*.test.ts', 'apps/site/src/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
        resolve: { conditions: ['development'] },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
        resolve: { conditions: ['development'] },
      },
      {
        plugins: [react(), storybookTest({ configDir: path.join(root, '.storybook') })],
        resolve: { conditions: ['development'] },
        test: {
          name: 'stories',
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
