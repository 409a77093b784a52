import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { signInByApi } from './support/session';

// The public pages arrive as HTML (docs/decisions/009-prerendered-public-pages.md; apps/site/scripts/prerender.mjs,
// served by the API's site plugin), so they paint before their JavaScript runs; the script then hydrates that HTML
// rather than drawing it again.

const PAGES = ['/', '/about', '/campaigns', '/contact', '/donate', '/events'] as const;

// The hero of the pages whose largest paint was the hero's intro text while it waited for the script.
const HEROES = [
  { url: '/', heading: 'Every Child Deserves Love, Care & Opportunity', intro: /^We care for infants and children in need/ },
  { url: '/events', heading: 'Our Events', intro: /^See the drives, camps and celebrations/ },
  { url: '/donate', heading: 'Donate to Give Every Child a Bright Beginning', intro: /^Your gift pays for healthcare/ },
] as const;

/** Console errors and warnings and uncaught errors from now on. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

const mentionsHydration = (problems: string[]) => problems.filter((text) => /hydrat|did not match|server rendered|server html/i.test(text));

/**
 * Keeps the <h1> and the first element in <main> as the server sent them, before any script runs. Hydration attaches
 * to those very nodes; a client render that replaced the page (createRoot, or React giving up on a mismatch) would
 * put new ones in their place.
 */
async function rememberServerNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener(
      'readystatechange',
      () => {
        const w = window as unknown as { __serverNodes?: Element[] };
        if (w.__serverNodes) return;
        w.__serverNodes = [document.querySelector('h1'), document.querySelector('#main > *:not(template)'), document.querySelector('header')].filter(
          (node): node is Element => node !== null,
        );
      },
    );
  });
}

/** Waits until the page's code has loaded and run, then says whether React kept every node the server sent. */
async function serverNodesKept(page: Page): Promise<boolean> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const nodes = (window as unknown as { __serverNodes?: Element[] }).__serverNodes ?? [];
    return nodes.length === 3 && nodes.every((node) => node.isConnected);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { url, heading, intro } of HEROES) {
    test(`${url} shows its hero heading and intro from the HTML alone`, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('p').filter({ hasText: intro }).first()).toBeVisible();
      // The server's payments mode (sandbox in e2e) is in the HTML too, ribbon included.
      await expect(page.getByRole('region', { name: 'Test mode' })).toBeVisible();
    });
  }

  test('/campaigns arrives with its first page of campaigns: the cards are in the HTML', async ({ page, request }) => {
    const answer = (await (await request.get('/api/campaigns?page=1&limit=9&status=active')).json()) as { data: { campaigns: Array<{ title: string }> } };
    const titles = answer.data.campaigns.map((campaign) => campaign.title);
    expect(titles.length).toBeGreaterThan(2);
    await page.goto('/campaigns');
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(titles);
  });

  test('a query string or another address gets the plain page shell (its first render depends on the script)', async ({ request }) => {
    for (const url of ['/donate?campaign=1', '/campaigns?status=active', '/login', '/admin']) {
      const html = await (await request.get(url)).text();
      expect(html, url).toContain('<div id="root"></div>');
    }
    const donate = await (await request.get('/donate')).text();
    expect(donate).toContain('<div id="root" data-prerendered="/donate" data-prerendered-mode="sandbox">');
    expect(donate).toContain('<title>Donate | Bright Beginnings Foundation</title>');
    // One script while the page loads, the boot script, naming the entry and the page's own chunk for after the paint.
    expect(donate.match(/<script\b(?![^>]*application\/json)/g)).toHaveLength(1);
    expect(donate).toMatch(/<script type="module" id="charity-boot"[^>]* data-entry="\/assets\/main-[\w-]+\.js" data-preload="[^"]*\/assets\/Donate-[\w-]+\.js/);
    expect(donate).not.toContain('modulepreload');
    expect(await (await request.get('/about')).text()).toContain('<title>About | Bright Beginnings Foundation</title>');
  });
});

test('after the first paint the boot script starts the entry, then preloads every chunk named on its tag', async ({ page }) => {
  await page.goto('/campaigns/nutritious-midday-meals');
  const named = (await page.locator('#charity-boot').getAttribute('data-preload'))?.split(' ').filter(Boolean) ?? [];
  expect(named.length).toBeGreaterThan(4);
  // A few per task (apps/site/src/boot/boot.ts): all of them in the end, in the order named, none twice. (Vite's own
  // loader adds links with absolute addresses for chunks of later dynamic imports: not the boot script's.)
  const bootPreloads = () =>
    page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')).filter((href) => href?.startsWith('/')));
  await expect.poll(bootPreloads).toEqual(named);
  const entry = await page.locator('#charity-boot').getAttribute('data-entry');
  await expect(page.locator(`head > script[type="module"][src="${entry}"]`)).toHaveCount(1);
});

test.describe('hydration', () => {
  for (const url of PAGES) {
    test(`${url} hydrates the server's HTML without a mismatch, signed out`, async ({ page }) => {
      const problems = recordProblems(page);
      await rememberServerNodes(page);
      await page.goto(url);
      expect(await serverNodesKept(page), 'the server-rendered nodes are still in the page').toBe(true);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(mentionsHydration(problems)).toEqual([]);
    });
  }

  test('every prerendered page hydrates without a mismatch when signed in', async ({ page, request }) => {
    await signInByApi(page, request);
    const problems = recordProblems(page);
    await rememberServerNodes(page);
    for (const url of PAGES) {
      await page.goto(url);
      expect(await serverNodesKept(page), url).toBe(true);
      expect(mentionsHydration(problems), url).toEqual([]);
    }
    // Still signed in: the admin area opens without the login form.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('/campaigns hydrates the cards it arrived with and does not ask the API for them again', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/campaigns') asked.push(request.url());
    });
    await rememberServerNodes(page);
    await page.goto('/campaigns');
    expect(await serverNodesKept(page)).toBe(true);
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(asked).toEqual([]);
    // The list works from there: a filter change asks the API.
    await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('water');
    await page.getByRole('searchbox', { name: 'Search campaigns' }).press('Enter');
    await expect(page).toHaveURL(/q=water/);
    await expect.poll(() => asked.length).toBe(1);
  });

  test('a page with a query is drawn by the script, and works', async ({ page }) => {
    const problems = recordProblems(page);
    await page.goto('/campaigns?status=active');
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(mentionsHydration(problems)).toEqual([]);
  });
});

test('the hydrated home page works: Donate in the header opens /donate and its wizard moves on', async ({ page }) => {
  const problems = recordProblems(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('banner').getByRole('link', { name: 'Donate', exact: true }).first().click();
  await expect(page).toHaveURL(/\/donate$/);
  const wizard = page.getByRole('region', { name: /^Step \d of 4:/ });
  await expect(wizard.getByRole('heading', { level: 3 })).toHaveText('Step 1 of 4: Choose Amount');
  await wizard.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(wizard.getByRole('textbox', { name: 'Full Name', exact: true })).toBeVisible();
  expect(mentionsHydration(problems)).toEqual([]);
});

test("/campaigns loads the first cards' photos at once, the first at high priority, and the rest lazily", async ({ page }) => {
  await page.goto('/campaigns');
  const images = page.getByRole('article').locator('img');
  await expect(images.nth(3)).toBeAttached();
  await expect(images.nth(0)).toHaveAttribute('fetchpriority', 'high');
  await expect(images.nth(0)).toHaveAttribute('loading', 'eager');
  for (const index of [1, 2]) {
    await expect(images.nth(index)).toHaveAttribute('loading', 'eager');
    await expect(images.nth(index)).not.toHaveAttribute('fetchpriority', /.*/);
  }
  await expect(images.nth(3)).toHaveAttribute('loading', 'lazy');
});

/** A port nobody listens on. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

test.describe('in stripe mode', () => {
  // A second server, as `npm start` runs it, with Stripe test keys: the pages are the stripe-mode files (no ribbon).
  let child: ChildProcess | null = null;
  let base = '';
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'charity-e2e-stripe-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../apps/api/dist/server.js')], {
      cwd: dataDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PUBLIC_BASE_URL: base,
        PAYMENTS_MODE: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      },
      stdio: 'ignore',
    });
    for (const deadline = Date.now() + 120_000; ; ) {
      if (child.exitCode !== null) throw new Error(`the stripe-mode server exited with ${child.exitCode}`);
      const healthy = await fetch(`${base}/api/health`).then((response) => response.ok, () => false);
      if (healthy) break;
      if (Date.now() > deadline) throw new Error('the stripe-mode server did not start within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  test.afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('every prerendered page hydrates without a mismatch and without the ribbon', async ({ page }) => {
    const problems = recordProblems(page);
    await rememberServerNodes(page);
    for (const url of PAGES) {
      const html = await (await page.request.get(`${base}${url}`)).text();
      expect(html, url).toContain(`data-prerendered="${url}"`);
      expect(html, url).not.toContain('cs-test-mode-ribbon');
      await page.goto(`${base}${url}`);
      expect(await serverNodesKept(page), url).toBe(true);
      await expect(page.getByRole('region', { name: 'Test mode' })).toHaveCount(0);
      expect(mentionsHydration(problems), url).toEqual([]);
    }
  });
});
