import { describe, expect, it } from 'vitest';
// How a prerendered page is put together (scripts/prerender.mjs at build time; the API for /campaigns with data).
import { pageHtml, withServerData } from './prerender-html';

const TEMPLATE = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
  '<meta name="viewport" content="width=device-width, initial-scale=1" />',
  '<title>Bright Beginnings Foundation</title>',
  '<meta\n  name="description"\n  content="The site."\n/>',
  '<script type="module" crossorigin src="/assets/main-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-2.js">',
  '<link rel="stylesheet" crossorigin href="/assets/main-3.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

describe('pageHtml', () => {
  const page = pageHtml(
    TEMPLATE,
    '/donate',
    'sandbox',
    { html: '<title>Donate | Bright</title><meta name="description" content="Give."/><main id="main"><h1>Donate</h1></main>', title: 'Donate | Bright' },
    { src: '/assets/boot-9.js' },
  );

  it('puts the markup in #root, marked with its address and payments mode', () => {
    expect(page).toContain('<div id="root" data-prerendered="/donate" data-prerendered-mode="sandbox"><main id="main"><h1>Donate</h1></main></div>');
  });

  it("keeps one <title> and one description, the page's own", () => {
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page).toContain('<title>Donate | Bright</title>');
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).toContain('content="Give."');
  });

  it('asks for the boot script only: the entry and its preloads are named on its tag, stylesheets as they are', () => {
    expect(page).toContain(
      '<script type="module" id="charity-boot" crossorigin src="/assets/boot-9.js" data-entry="/assets/main-1.js" data-preload="/assets/react-2.js"></script>',
    );
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/main-3.css">');
  });

  it('refuses a template without the entry script', () => {
    expect(() => pageHtml(TEMPLATE.replace(/<script[^>]*><\/script>/, ''), '/', 'sandbox', { html: '<h1>Home</h1>', title: null }, { src: '/b.js' })).toThrow(
      /no entry <script/,
    );
  });
});

describe('withServerData', () => {
  const prerendered = pageHtml(TEMPLATE, '/campaigns', 'stripe', { html: '<main id="main"><p>Loading campaigns...</p></main>', title: 'Campaigns' }, { src: '/assets/boot-9.js' });

  it('puts the markup rendered with data in #root and the data after it, as a JSON block nothing can break out of', () => {
    const json = JSON.stringify({ data: { campaigns: [{ id: 1, title: '</script><script>alert(1)</script>' }] } });
    const page = withServerData(prerendered, { html: '<main id="main"><h2>Clean Water</h2></main>', title: 'Campaigns' }, { id: 'first-page', json });
    expect(page).toContain('<div id="root" data-prerendered="/campaigns" data-prerendered-mode="stripe"><main id="main"><h2>Clean Water</h2></main></div>');
    expect(page).not.toContain('Loading campaigns...');
    expect(page).toContain('<script type="application/json" id="first-page">{"data":{"campaigns":[{"id":1,"title":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}]}}</script>');
    expect(page?.match(/<\/script>/g)).toHaveLength(2);
    const block = /<script type="application\/json" id="first-page">(.*?)<\/script>/.exec(page ?? '')?.[1] ?? '';
    expect(JSON.parse(block)).toEqual(JSON.parse(json));
    expect(page).toContain('<title>Campaigns</title>');
    expect(page).toMatch(/<\/script>\s*<\/body><\/html>$/);
  });

  it('answers null for a page the build did not write', () => {
    expect(withServerData(TEMPLATE, { html: '<h1>x</h1>', title: null }, { id: 'first-page', json: '{}' })).toBeNull();
  });
});
