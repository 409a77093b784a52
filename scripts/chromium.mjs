// Which Chromium the browser tests drive: a Playwright-managed one when installed, else the system's
// (CHROMIUM_PATH, default /usr/bin/chromium). Shared by Vitest browser mode and the Playwright e2e config.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function findChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (!existsSync(process.env.CHROMIUM_PATH)) {
      throw new Error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but no file is there.`);
    }
    return process.env.CHROMIUM_PATH;
  }
  try {
    const managed = chromium.executablePath();
    if (managed && existsSync(managed)) return managed;
  } catch {
    // No Playwright-managed browser: fall through to the system's.
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error(
    'No Chromium found for the browser tests. On Debian or Ubuntu run: apt-get update && apt-get install -y chromium ' +
      '(or set CHROMIUM_PATH to a Chromium or Chrome binary).',
  );
}

export function chromiumLaunchOptions() {
  return { executablePath: findChromium(), args: CHROMIUM_ARGS };
}
