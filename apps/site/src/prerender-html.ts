// How a prerendered page's HTML is put together: at build time (scripts/prerender.mjs, every public page in its
// loading state) and, for /campaigns, by the API while it runs (the page rendered with its first page of campaigns).
// Plain string work on dist/index.html and React's output, shared by both through the site's server bundle.

const ROOT_TAG = '<div id="root"></div>';
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** Text as it may stand inside <title>. */
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** React's output for one page: what goes in #root, and the page's document title. */
export interface RenderedPage {
  html: string;
  title: string | null;
}

/** The boot script's address (the build's). */
export interface BootScript {
  src: string;
}

/**
 * Splits React's output for a partial document into the hoisted tags it writes first (<link>, <meta>, <title>, ...:
 * elements React 19 places in <head>) and the page's markup after them.
 */
export function splitHoisted(html: string): { head: string; body: string } {
  const hoisted = /^(?:<(?:link|meta|base)\b[^>]*\/?>|<(title|style|script)\b[^>]*>[\s\S]*?<\/\1>)/;
  let rest = html;
  const head: string[] = [];
  for (let match = hoisted.exec(rest); match; match = hoisted.exec(rest)) {
    head.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head: head.join(''), body: rest };
}

/** Places React's hoisted tags in <head>, after the viewport tag; React's <title> and description replace the site's. */
function withHoisted(page: string, head: string): string {
  if (!head) return page;
  let result = page;
  if (/<title>/.test(head)) result = result.replace(/\s*<title>[^<]*<\/title>/, '');
  if (/<meta name="description"/.test(head)) result = result.replace(/\s*<meta\s+name="description"[^>]*>/, '');
  return result.replace(/<meta name="viewport"[^>]*>/, (viewport) => `${viewport}\n    ${head}`);
}

/**
 * dist/index.html with one prerendered page in it.
 *
 * The page's scripts are not in its <head>: the one script there is the boot script (src/boot/boot.ts), which holds
 * early clicks back and, once the page has painted, starts the site's entry and preloads named on its tag (the API
 * adds the page's own chunks to that list when it sends the page: apps/api/src/plugins/site-route-preloads.ts). The page paints without them (links are links, the text is there), and the largest paint no
 * longer waits for ~100 kB of JavaScript on a phone's connection. Decision 009.
 */
export function pageHtml(template: string, url: string, mode: string, { html, title }: RenderedPage, boot: BootScript): string {
  if (!template.includes(ROOT_TAG)) throw new Error(`dist/index.html has no ${ROOT_TAG} to fill`);
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('dist/index.html has no entry <script type="module" crossorigin src="...">');
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const bootTag = `\n    <script type="module" id="charity-boot" crossorigin src="${boot.src}" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;

  const { head, body } = splitHoisted(html);
  // The address and payments mode it was rendered for: main.tsx hydrates only markup that matches both.
  let page = template.replace(ROOT_TAG, () => `<div id="root" data-prerendered="${url}" data-prerendered-mode="${mode}">${body}</div>`);
  page = page.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => bootTag);
  if (title) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`);
  return withHoisted(page, head);
}

/**
 * A prerendered page (pageHtml's output) with other markup in #root, rendered from data the server has, and that data
 * in a `<script type="application/json">` block after #root (data, not a script: the CSP has nothing to allow), which
 * the page's store starts from so it hydrates the very markup sent. Null when the page is not pageHtml's.
 */
export function withServerData(prerendered: string, { html }: RenderedPage, data: { id: string; json: string }): string | null {
  const open = /<div id="root" data-prerendered="[^"]*" data-prerendered-mode="[^"]*">/.exec(prerendered);
  const bodyEnd = prerendered.lastIndexOf('</body>');
  if (!open || bodyEnd < 0) return null;
  const start = open.index + open[0].length;
  const end = prerendered.lastIndexOf('</div>', bodyEnd);
  if (end < start) return null;
  const { head, body } = splitHoisted(html);
  // `<` as \u003c: nothing in the JSON can close the block or open a tag (a campaign title is staff's free text).
  const block = `<script type="application/json" id="${data.id}">${data.json.replace(/</g, '\\u003c')}</script>`;
  const page = `${prerendered.slice(0, start)}${body}</div>\n    ${block}${prerendered.slice(end + '</div>'.length)}`;
  return withHoisted(page, head);
}

/**
 * A page rendered by the server at an address the build did not prerender (a campaign's page, /campaigns/{slug}):
 * `prerendered` is another page of the same build (its head, boot script and layout are the same), whose #root gets
 * this page's markup, address and title, and the page's data block (withServerData). Null when `prerendered` is not
 * pageHtml's.
 */
export function withServerPage(prerendered: string, url: string, page: RenderedPage, data: { id: string; json: string }): string | null {
  const addressed = prerendered.replace(/(<div id="root" data-prerendered=")[^"]*(")/, (_match, before: string, after: string) => `${before}${escapeText(url).replace(/"/g, '&quot;')}${after}`);
  const result = withServerData(addressed, page, data);
  if (result === null) return null;
  return page.title ? result.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title!)}</title>`) : result;
}

/**
 * dist/embed.html made ready for the server's render of /embed/donate (scripts/prerender.mjs writes it into
 * dist/prerendered/embed.html; the API fills it per query: withEmbedRender). As for the public pages, the one script in
 * <head> is the boot script, which starts the embed's entry and its chunks after the first paint and replays early
 * clicks (decision 009): the frame paints the wizard from its HTML without waiting for ~140 kB of JavaScript.
 */
export function embedShellHtml(template: string, boot: BootScript): string {
  if (!template.includes(ROOT_TAG)) throw new Error(`dist/embed.html has no ${ROOT_TAG} to fill`);
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('dist/embed.html has no entry <script type="module" crossorigin src="...">');
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const bootTag = `\n    <script type="module" id="charity-boot" crossorigin src="${boot.src}" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
  return template.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => bootTag);
}

/** What the server's render of /embed/donate puts into the shell (embedShellHtml's output). */
export interface EmbedRender {
  /** React's markup for #root. */
  html: string;
  /** The query's key (embed/params.ts embedParamsKey) and the payments mode it was rendered for: main.tsx hydrates only a match. */
  key: string;
  mode: string;
  /** <html lang>, when the query named a locale. */
  lang: string | null;
  /** <html style>: the partner colour's custom properties (embed/theme.ts), or ''. */
  style: string;
  /** The data block after #root, if any. */
  data: { id: string; json: string } | null;
}

const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/**
 * The shell with the server's render of one query in it. Every value is escaped, although none can hold markup: the
 * key, locale and colour are what params.ts accepted (letters, digits and a few signs), and the data block's `<` are
 * written as \u003c. Null when the shell is not embedShellHtml's.
 */
export function withEmbedRender(shell: string, render: EmbedRender): string | null {
  if (!shell.includes(ROOT_TAG) || !/<html\b[^>]*>/.test(shell)) return null;
  const { head, body } = splitHoisted(render.html);
  const block = render.data ? `\n    <script type="application/json" id="${escapeAttribute(render.data.id)}">${render.data.json.replace(/</g, '\\u003c')}</script>` : '';
  const root = `<div id="root" data-embed-params="${escapeAttribute(render.key)}" data-prerendered-mode="${escapeAttribute(render.mode)}">${body}</div>${block}`;
  let page = shell.replace(ROOT_TAG, () => root);
  page = page.replace(/<html\b([^>]*)>/, (_tag, attributes: string) => {
    let result = attributes;
    if (render.lang) result = result.replace(/\s+lang="[^"]*"/, '') + ` lang="${escapeAttribute(render.lang)}"`;
    if (render.style) result += ` style="${escapeAttribute(render.style)}"`;
    return `<html${result}>`;
  });
  return withHoisted(page, head);
}
