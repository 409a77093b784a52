#!/usr/bin/env node
// The UI library as a partner gets it (docs/decisions/006-partner-widget.md): build packages/ui, `npm pack` it, check
// the tarball's manifest, install it into a scratch Vite + React app (scripts/pack-app/) in a temp dir, type-check the
// app against the published declarations, `vite build` it, and render the built app in Chromium, asserting text and
// styles from styles.css.
//
//   node scripts/pack-test.mjs               build domain and ui first
//   node scripts/pack-test.mjs --no-build    use the existing packages/ui/dist (after `npm run build`)
//   KEEP_PACK_APP=1 node scripts/pack-test.mjs   leave the temp dir for a look
//
// The install uses the npm cache that `npm ci` at the root filled (--prefer-offline), at the root's pinned versions.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const uiDir = path.join(root, 'packages/ui');
const started = Date.now();
const failures = [];

function step(title) {
  console.log(`\n▸ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function run(cmd, args, cwd, { capture = false } = {}) {
  const result = spawnSync(cmd, args, { cwd, encoding: 'utf8', stdio: capture ? 'pipe' : 'inherit', env: process.env });
  if (result.status !== 0) {
    if (capture) console.error(result.stdout, result.stderr);
    throw new Error(`${cmd} ${args.join(' ')} failed in ${path.relative(root, cwd) || '.'} (exit ${result.status})`);
  }
  return result.stdout ?? '';
}

function check(ok, message) {
  if (ok) console.log(`  ✓ ${message}`);
  else {
    console.log(`  ✗ ${message}`);
    failures.push(message);
  }
}

const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
/** The version the root lock installed: the scratch app uses the repository's pinned versions. */
const pinned = (name) => {
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`${name} is not in package-lock.json`);
  return version;
};

const work = mkdtempSync(path.join(tmpdir(), 'charity-ui-pack-'));
let browser;
let server;
try {
  if (!process.argv.includes('--no-build')) {
    step('build @charity/domain and @charity/ui');
    run('npm', ['run', 'build', '-w', 'packages/domain', '-w', 'packages/ui'], root, { capture: true });
  }

  step('npm pack');
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], uiDir, { capture: true }))[0];
  const tarball = path.join(work, packed.filename);
  console.log(
    `  ${packed.filename}: ${(packed.size / 1024).toFixed(1)} kB packed, ${(packed.unpackedSize / 1024).toFixed(1)} kB unpacked, ${packed.entryCount} files`,
  );
  const files = packed.files.map((f) => f.path);
  check(files.includes('dist/index.js') && files.includes('dist/index.d.ts'), 'ESM entry and type declarations');
  const css = files.filter((f) => f.endsWith('.css'));
  check(css.length === 1 && css[0] === 'dist/styles.css', `one CSS file, dist/styles.css (found: ${css.join(', ')})`);
  check(!files.some((f) => f.startsWith('src/')), 'no sources in the tarball');

  const manifest = JSON.parse(run('tar', ['-xzf', tarball, '-O', 'package/package.json'], work, { capture: true }));
  const sections = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies', 'bundleDependencies'];
  const named = sections.flatMap((s) => Object.entries(manifest[s] ?? {}).map(([name, spec]) => ({ s, name, spec })));
  check(!named.some((d) => d.name.startsWith('@charity/')), 'no @charity/* package named in the manifest');
  check(
    !named.some((d) => /^(workspace|file|link):/.test(String(d.spec))),
    'no workspace:, file: or link: specifiers',
  );
  check(manifest.sideEffects !== undefined, `sideEffects set (${JSON.stringify(manifest.sideEffects)})`);
  check(
    ['react', 'react-dom', '@stripe/stripe-js', '@stripe/react-stripe-js'].every((p) => manifest.peerDependencies?.[p]) &&
      !manifest.dependencies?.react &&
      !manifest.dependencies?.['react-dom'],
    'react, react-dom and the Stripe packages are peer dependencies',
  );
  check(!JSON.stringify(manifest.exports).includes('development'), 'published exports have no development condition (src/ is not shipped)');
  const js = readFileSync(path.join(uiDir, 'dist/index.js'), 'utf8') + readFileSync(path.join(uiDir, 'dist/index.d.ts'), 'utf8');
  check(!js.includes('@charity/domain'), 'dist/index.js and index.d.ts do not import @charity/domain (it is bundled)');

  step('scratch app: install the tarball');
  const app = path.join(work, 'app');
  cpSync(path.join(root, 'scripts/pack-app'), app, { recursive: true });
  writeFileSync(
    path.join(app, 'package.json'),
    `${JSON.stringify(
      {
        name: 'charity-ui-pack-app',
        private: true,
        type: 'module',
        dependencies: { '@charity/ui': `file:${tarball}`, react: pinned('react'), 'react-dom': pinned('react-dom') },
        devDependencies: Object.fromEntries(
          ['vite', '@vitejs/plugin-react', 'typescript', '@types/react', '@types/react-dom'].map((n) => [n, pinned(n)]),
        ),
        // The same resolutions as the repository, so the cache that `npm ci` filled has every package.
        overrides: rootPkg.overrides ?? {},
      },
      null,
      2,
    )}\n`,
  );
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], app, { capture: true });
  const installed = JSON.parse(readFileSync(path.join(app, 'node_modules/@charity/ui/package.json'), 'utf8'));
  check(installed.version === manifest.version, `@charity/ui ${installed.version} installed from the tarball`);

  step('tsc --noEmit against the published declarations');
  run(path.join(app, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], app, { capture: true });
  check(true, 'the app type-checks (skipLibCheck off; @ts-expect-error lines prove wrong props are rejected)');

  step('vite build');
  run(path.join(app, 'node_modules/.bin/vite'), ['build'], app, { capture: true });
  check(true, 'vite build succeeded');

  step('render in Chromium');
  const dist = path.join(app, 'dist');
  const apiRequests = [];
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The charity's API as the widget sees it: its payment settings, with an operator's ceiling step 1 must know.
    if (url.pathname.startsWith('/api/')) {
      apiRequests.push(url.pathname);
      if (url.pathname === '/api/payments/config') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { mode: 'sandbox', publishable_key: null, max_amount: 250000 } }));
      } else {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, message: 'Not found' }));
      }
      return;
    }
    const file = path.join(dist, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(dist)) {
      res.writeHead(400).end();
      return;
    }
    try {
      const body = readFileSync(file);
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
      res.writeHead(200, { 'content-type': type }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  browser = await chromium.launch(chromiumLaunchOptions());
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.getByRole('button', { name: 'Donate now' }).waitFor({ timeout: 15_000 });

  const texts = ['Donate now', 'Completed', 'School Kits for 500 Children', 'No campaigns yet', 'Check back soon.'];
  for (const text of texts) check(await page.getByText(text, { exact: true }).first().isVisible(), `'${text}' is shown`);
  check(await page.getByRole('progressbar', { name: 'Raised' }).isVisible(), 'ProgressBar with its accessible name');
  check(
    await page.getByRole('heading', { name: 'Step 1 of 4: Choose Amount' }).isVisible(),
    "DonateWidget's first step 'Choose Amount'",
  );
  check(await page.getByRole('radio', { name: '₹1,000' }).isChecked(), 'DonateWidget starts at ₹1,000');
  for (let waited = 0; !apiRequests.includes('/api/payments/config') && waited < 5_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  check(apiRequests.includes('/api/payments/config'), "DonateWidget asked the API's payment settings (for step 1's ceiling)");
  await page.getByLabel('Custom amount (₹)').fill('300000');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  check(
    await page.getByText(/^The largest donation we can accept online is ₹2,50,000\./).isVisible(),
    "DonateWidget's step 1 refuses an amount over the API's ceiling (₹2,50,000)",
  );

  const styles = await page.evaluate(() => {
    const button = document.getElementById('pack-button');
    const s = getComputedStyle(button);
    const probe = document.createElement('div');
    probe.style.color = 'var(--cs-color-primary)';
    document.body.appendChild(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    return {
      className: button.className,
      background: s.backgroundColor,
      minHeight: s.minHeight,
      display: s.display,
      primary,
      token: getComputedStyle(document.documentElement).getPropertyValue('--cs-color-primary').trim(),
    };
  });
  console.log(`  button: class "${styles.className}", background ${styles.background}, min-height ${styles.minHeight}`);
  check(styles.token === '#b3261e', `--cs-color-primary from styles.css is #b3261e (got '${styles.token}')`);
  check(styles.background === styles.primary && styles.primary === 'rgb(179, 38, 30)', 'primary Button painted with --cs-color-primary');
  check(styles.minHeight === '44px' && styles.display === 'inline-flex', 'Button has styles.css layout (44px touch target, inline-flex)');
  check(errors.length === 0, `no errors in the page${errors.length ? `: ${errors.join(' | ')}` : ''}`);
} catch (error) {
  failures.push(error instanceof Error ? error.message : String(error));
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
} finally {
  await browser?.close();
  server?.close();
  if (process.env.KEEP_PACK_APP) console.log(`\nScratch app kept in ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (failures.length > 0) {
  console.error(`\npack test FAILED (${failures.length}) in ${seconds} s:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(`\npack test passed in ${seconds} s`);
