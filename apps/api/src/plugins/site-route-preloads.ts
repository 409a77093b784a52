import { NOT_FOUND_PRERENDER } from '@charity/domain';

// Per-route modulepreload hints for index.html. The router loads each page's code on demand, so without a hint the
// browser learns it needs Campaigns-xyz.js only after the entry script has downloaded and run: one more round trip
// (and a phone's download) before the page can draw. The build's manifest (apps/site/dist/.vite/manifest.json, written
// because apps/site/vite.config.ts asks for it) names each page's chunk and the chunks it imports, so the server can
// list them in the page's <head> and the browser fetches them alongside the entry.

/**
 * The public pages the router loads on demand (apps/site/src/app/router.tsx), by the source file Vite's manifest names.
 * The 404 page is listed at the address it is prerendered at: the site plugin asks for it there, whatever the address.
 */
export const LAZY_PAGES: Readonly<Record<string, string>> = {
  '/about': 'src/pages/About.tsx',
  '/campaigns': 'src/pages/Campaigns.tsx',
  '/campaigns/:slug': 'src/pages/CampaignPage.tsx',
  '/contact': 'src/pages/Contact.tsx',
  '/donate': 'src/pages/Donate.tsx',
  '/events': 'src/pages/Events.tsx',
  '/login': 'src/pages/Login.tsx',
  [NOT_FOUND_PRERENDER.path]: 'src/pages/NotFound.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The page's chunk and every chunk it imports statically, as /assets/… paths, in load order. */
function pageScripts(manifest: Manifest, page: string): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(page);
  return files;
}

let cached: { source: string; manifest: Manifest | null } | null = null;

/** The manifest's text parsed once per build (the server re-reads the file, so a rebuilt site is picked up). */
function parse(source: string): Manifest | null {
  if (cached?.source !== source) {
    let manifest: Manifest | null = null;
    try {
      const parsed: unknown = JSON.parse(source);
      if (parsed && typeof parsed === 'object') manifest = parsed as Manifest;
    } catch {
      // A half-written manifest during a rebuild: no hints this time, the page still works without them.
    }
    cached = { source, manifest };
  }
  return cached.manifest;
}

/** The page's own scripts (its chunk and its static imports) for `url`, as /assets/… paths; [] when not known. */
function routeScripts(manifestSource: string | null, url: string): string[] {
  const pathname = (url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
  // One campaign's page, whatever its slug.
  const page = LAZY_PAGES[pathname] ?? (/^\/campaigns\/[^/]+$/.test(pathname) ? LAZY_PAGES['/campaigns/:slug'] : undefined);
  if (!page || !manifestSource) return [];
  const manifest = parse(manifestSource);
  return manifest ? pageScripts(manifest, page) : [];
}

/**
 * `<link rel="modulepreload">` tags for the page at `url`, leaving out scripts index.html already loads; '' for a page
 * in the entry (Home), an unknown path, or no manifest.
 */
export function routePreloadTags(manifestSource: string | null, url: string, html: string): string {
  return routeScripts(manifestSource, url)
    .filter((src) => !html.includes(`"${src}"`))
    .map((src) => `<link rel="modulepreload" crossorigin href="${src}">`)
    .join('\n');
}

/** The boot script's tag in a prerendered page (apps/site/src/prerender-html.ts writes it). */
const BOOT_TAG = /(<script type="module" id="charity-boot"[^>]* data-preload=")([^"]*)(")/;

/**
 * A prerendered page with its own scripts added to its boot script's list (`data-preload`): the boot script starts
 * them with the entry after the first paint (apps/site/src/boot/boot.ts). The page unchanged without a boot tag.
 */
export function withBootPreloads(manifestSource: string | null, url: string, html: string): string {
  const tag = BOOT_TAG.exec(html);
  if (!tag) return html;
  const listed = (tag[2] ?? '').split(' ').filter(Boolean);
  const added = routeScripts(manifestSource, url).filter((src) => !listed.includes(src) && !html.includes(`"${src}"`));
  if (added.length === 0) return html;
  return html.replace(BOOT_TAG, (_, open: string, list: string, close: string) => `${open}${[...listed, ...added].join(' ')}${close}`);
}
