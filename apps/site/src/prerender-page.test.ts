import { describe, expect, it } from 'vitest';
// The build script itself (plain JavaScript, run by `npm run build`): how a prerendered page is put together.
import { pageHtml } from '../scripts/prerender.mjs';

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

  it('fetches the scripts at low priority (the page paints without them) and keeps the stylesheets as they are', () => {
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/main-1.js"></script>');
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-2.js">');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/main-3.css">');
  });
});
