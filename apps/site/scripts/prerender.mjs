// `npm run build` (apps/site), after `vite build`: writes the HTML of every public page into
// dist/prerendered/<payments mode>/<page>.html, so a visitor's browser paints the page before its JavaScript has run
// (issue 8, Speed: the largest paint on /, /events and /donate was static text waiting for ~105 kB of script).
//
// 1. src/prerender.tsx is built for Node with the site's own Vite configuration (aliases, JSX), into a cache folder:
//    nothing of that bundle is served.
// 2. Each page is rendered in each payments mode: the layout shows the 'Test mode' ribbon in sandbox mode, and the
//    HTML must be exactly the client's first render in the mode the server runs in (the API picks the file).
// 3. Each page is written from dist/index.html, so the asset tags and CSS are the build's: the markup goes into
//    <div id="root">, marked with the path and mode it was rendered for (main.tsx hydrates only such markup), the tags React
//    hoists (the hero picture's preload, the donate page's <title> and <meta>) go into <head>, and the page's title
//    replaces the site's.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const siteRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(siteRoot, 'dist');
const outDir = path.join(dist, 'prerendered');
const serverBuildDir = path.join(siteRoot, '../../node_modules/.cache/charity-site-prerender');

const ROOT_TAG = '<div id="root"></div>';

/** Text as it may stand inside <title>. */
const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Splits React's output for a partial document into the hoisted tags it writes first (<link>, <meta>, <title>, ...:
 * elements React 19 places in <head>) and the page's markup after them.
 */
export function splitHoisted(html) {
  const hoisted = /^(?:<(?:link|meta|base)\b[^>]*\/?>|<(title|style|script)\b[^>]*>[\s\S]*?<\/\1>)/;
  let rest = html;
  const head = [];
  for (let match = hoisted.exec(rest); match; match = hoisted.exec(rest)) {
    head.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head: head.join(''), body: rest };
}

/** dist/index.html with one prerendered page in it. */
export function pageHtml(template, url, mode, { html, title }) {
  if (!template.includes(ROOT_TAG)) throw new Error(`dist/index.html has no ${ROOT_TAG} to fill`);
  const { head, body } = splitHoisted(html);
  // The address and payments mode it was rendered for: main.tsx hydrates only markup that matches both.
  let page = template.replace(ROOT_TAG, () => `<div id="root" data-prerendered="${url}" data-prerendered-mode="${mode}">${body}</div>`);
  if (title) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`);
  // The page paints without its scripts (links are links, the text is there), so they need not compete with the
  // stylesheets and the hero's picture for a slow connection: low priority. Chrome otherwise fetches module scripts
  // and their preloads at high priority, as if the first paint waited for them. (Starting them only after the first
  // paint took the largest paint under 1.8 s in Lighthouse, but left clicks in the first moments unanswered: the
  // end-to-end tests that click at once failed. Decision 009.)
  page = page.replace(/<(script type="module"|link rel="modulepreload")/g, (_, tag) => `<${tag} fetchpriority="low"`);
  // React's own <title> and description (the donate page's) replace the site's: one of each in <head>.
  if (/<title>/.test(head)) page = page.replace(/\s*<title>[^<]*<\/title>/, '');
  if (/<meta name="description"/.test(head)) page = page.replace(/\s*<meta\s+name="description"[^>]*>/, '');
  if (head) page = page.replace(/<meta name="viewport"[^>]*>/, (viewport) => `${viewport}\n    ${head}`);
  return page;
}

async function main() {
  rmSync(serverBuildDir, { recursive: true, force: true });
  await build({
    root: siteRoot,
    configFile: path.join(siteRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir: serverBuildDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
    // Bundled rather than imported from node_modules: the workspace packages as the browser gets them (sources
    // through the alias for the domain, and the UI library's code without its CSS imports).
    ssr: { noExternal: ['@charity/ui', '@charity/domain'] },
  });

  const { prerenderPage, PRERENDERED_PAGES, PAYMENTS_MODES } = await import(pathToFileURL(path.join(serverBuildDir, 'prerender.js')).href);
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  rmSync(outDir, { recursive: true, force: true });
  for (const mode of PAYMENTS_MODES) {
    mkdirSync(path.join(outDir, mode), { recursive: true });
    for (const [url, name] of Object.entries(PRERENDERED_PAGES)) {
      const page = await prerenderPage(url, mode);
      writeFileSync(path.join(outDir, mode, `${name}.html`), pageHtml(template, url, mode, page));
    }
  }
  console.log(`prerendered ${Object.keys(PRERENDERED_PAGES).length} pages x ${PAYMENTS_MODES.length} payments modes into ${path.relative(siteRoot, outDir)}/`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
