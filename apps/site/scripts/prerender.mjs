// `npm run build` (apps/site), after `vite build`: writes the HTML of every public page into
// dist/prerendered/<payments mode>/<page>.html, so a visitor's browser paints the page before its JavaScript has run
// (docs/decisions/009-prerendered-public-pages.md: the largest paint on /, /events and /donate was static
// text waiting for ~105 kB of script), and the 404 page into 404.html, which the API sends with status 404 for every
// address no page owns (docs/decisions/016-not-found-robots-sitemap.md).
//
// 1. src/prerender.tsx is built for Node with the site's own Vite configuration (aliases, JSX), into dist/.ssr: the
//    API imports it to render /campaigns with its data (never served as a file).
// 2. Each page is rendered in each payments mode: the layout shows the 'Test mode' ribbon in sandbox mode, and the
//    HTML must be exactly the client's first render in the mode the server runs in (the API picks the file).
// 3. Each page is written from dist/index.html by src/prerender-html.ts (pageHtml): the markup in <div id="root">,
//    marked with the path and mode it was rendered for (main.tsx hydrates only such markup), React's hoisted tags in
//    <head>, and the boot script in place of the site's scripts (decision 009).
// 4. The embed page (/embed/donate) gets its shell, prerendered/embed.html, which the API fills per query (its
//    first render depends on the partner's query).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const siteRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(siteRoot, 'dist');
const outDir = path.join(dist, 'prerendered');
// The server bundle goes with the site: the API renders /campaigns with its data through it while it runs
// (apps/api/src/plugins/site.ts). A dot-directory: the static handler never serves it.
const serverBuildDir = path.join(dist, '.ssr');

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

  const { prerenderPage, pageHtml, embedShellHtml, PRERENDERED_PAGES, PAYMENTS_MODES } = await import(pathToFileURL(path.join(serverBuildDir, 'prerender.js')).href);
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const bootFile = manifest['src/boot/boot.ts']?.file;
  if (!bootFile) throw new Error('The build has no boot script (src/boot/boot.ts in vite.config.ts inputs)');
  rmSync(outDir, { recursive: true, force: true });
  for (const mode of PAYMENTS_MODES) {
    mkdirSync(path.join(outDir, mode), { recursive: true });
    for (const [url, name] of Object.entries(PRERENDERED_PAGES)) {
      const page = await prerenderPage(url, mode);
      writeFileSync(path.join(outDir, mode, `${name}.html`), pageHtml(template, url, mode, page, { src: `/${bootFile}` }));
    }
  }
  // /embed/donate depends on its query (the partner's amounts, currency, colour): the API renders it per query through
  // the server bundle (renderEmbedDonate) into this shell, the built embed.html with the boot script in place of its
  // entry, the same for every payments mode.
  writeFileSync(path.join(outDir, 'embed.html'), embedShellHtml(readFileSync(path.join(dist, 'embed.html'), 'utf8'), { src: `/${bootFile}` }));
  console.log(`prerendered ${Object.keys(PRERENDERED_PAGES).length} pages x ${PAYMENTS_MODES.length} payments modes into ${path.relative(siteRoot, outDir)}/`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
