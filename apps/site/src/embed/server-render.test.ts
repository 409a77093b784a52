import { describe, expect, it } from 'vitest';
import { INITIAL_DONATION_WIZARD_VALUE } from '@charity/ui';
import { embedRequest, embedShellHtml, renderEmbedDonate } from '../prerender';
import { donationWizardStore } from '../features/donation-wizard/stores/donation-wizard-store';
import { canHydrateEmbed } from './hydration';
import { embedParamsKey, readEmbedParams } from './params';
import { campaignFromData } from './server-data';

// /embed/donate rendered by the server for its query (the API calls renderEmbedDonate through the site's server
// bundle). That the browser hydrates it without a mismatch is e2e/widget.spec.ts; here: the HTML itself.

// dist/embed.html as Vite writes it: entry script, its chunks, the stylesheet, an empty #root.
const BUILT_EMBED = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Donate to Bright Beginnings Foundation</title>
    <meta name="robots" content="noindex" />
    <script type="module" crossorigin src="/assets/embed-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/client-1.js">
    <link rel="modulepreload" crossorigin href="/assets/donation-wizard-1.js">
    <link rel="stylesheet" crossorigin href="/assets/embed-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const SHELL = embedShellHtml(BUILT_EMBED, { src: '/assets/boot-1.js' });

/** What the server put in #root, and the attributes of #root and <html>. */
function parts(page: string | null) {
  expect(page).not.toBeNull();
  const html = page as string;
  const root = /<div id="root" ([^>]*)>([\s\S]*)<\/div>(?:\s*<script type="application\/json"[^>]*>([\s\S]*?)<\/script>)?\s*<\/body>/.exec(html);
  expect(root).not.toBeNull();
  return { html, rootAttributes: root![1]!, markup: root![2]!, data: root![3], htmlTag: /<html[^>]*>/.exec(html)![0] };
}

const checkedAmount = (markup: string) => /<input type="radio"[^>]*name="[^"]*-amount" checked=""[^>]*value="([^"]+)"/.exec(markup)?.[1];
const amountChoices = (markup: string) => [...markup.matchAll(/<span class="cs-choice__box">([^<]+)<\/span>/g)].map((m) => m[1]);

describe('embedShellHtml', () => {
  it('puts the boot script in place of the entry, with the entry and its chunks on its tag, and keeps the stylesheet', () => {
    expect(SHELL).toContain(
      '<script type="module" id="charity-boot" crossorigin src="/assets/boot-1.js" data-entry="/assets/embed-1.js" data-preload="/assets/client-1.js /assets/donation-wizard-1.js"></script>',
    );
    expect(SHELL).not.toContain('rel="modulepreload"');
    expect(SHELL).not.toContain('<script type="module" crossorigin src="/assets/embed-1.js">');
    expect(SHELL).toContain('<link rel="stylesheet" crossorigin href="/assets/embed-1.css">');
    expect(SHELL).toContain('<div id="root"></div>');
  });
});

describe('renderEmbedDonate', () => {
  it("renders the wizard's first step with the site's defaults when the query sets nothing", async () => {
    const { markup, rootAttributes, htmlTag } = parts(await renderEmbedDonate(SHELL, 'sandbox', ''));
    expect(markup).toMatch(/^<main class="cs-embed"><h1 class="cs-visually-hidden">Donate to Bright Beginnings Foundation<\/h1><section class="cs-donation"/);
    expect(markup).toMatch(/<h2 [^>]*class="cs-donation__heading"><span class="cs-visually-hidden">Step 1 of 4: <\/span>Choose Amount<\/h2>/);
    expect(checkedAmount(markup)).toBe('1000');
    expect(markup).toContain('>Continue</button>');
    expect(rootAttributes).toBe('data-embed-params="campaign=;country=;amounts=;theme=;locale=" data-prerendered-mode="sandbox"');
    expect(htmlTag).toBe('<html lang="en">');
  });

  it("renders the partner's amounts, currency, colour and locale, as the browser's first render shows them", async () => {
    const { markup, rootAttributes, htmlTag, data } = parts(
      await renderEmbedDonate(SHELL, 'stripe', '?amounts=500,1000,2500&currency=INR&theme=%231D4ED8&locale=hi-in&partner=https%3A%2F%2Fp.example'),
    );
    expect(amountChoices(markup).slice(0, 3)).toEqual(['₹500', '₹1,000', '₹2,500']);
    expect(checkedAmount(markup)).toBe('500');
    expect(markup).toContain('One-time');
    expect(markup).toContain('Monthly');
    expect(rootAttributes).toBe('data-embed-params="campaign=;country=IN;amounts=500,1000,2500;theme=#1d4ed8;locale=hi-IN" data-prerendered-mode="stripe"');
    expect(htmlTag).toBe('<html lang="hi-IN" style="--cs-color-primary: #1d4ed8; --cs-color-primary-hover: #173ead; --cs-color-primary-contrast: #ffffff; --cs-color-primary-soft: #e8edfb; --cs-color-primary-soft-contrast: #173ead">');
    expect(data).toBeUndefined();

    const dollars = parts(await renderEmbedDonate(SHELL, 'sandbox', '?currency=usd&amounts=25,50'));
    expect(amountChoices(dollars.markup).slice(0, 2)).toEqual(['$25', '$50']);
    expect(checkedAmount(dollars.markup)).toBe('25');
    expect(dollars.markup).toContain('Custom amount ($)');
  });

  it("leaves the site's wizard store as it was: /donate and the campaign pages render from it too", async () => {
    const before = donationWizardStore.getState();
    await renderEmbedDonate(SHELL, 'sandbox', '?amounts=700&currency=INR');
    expect(donationWizardStore.getInitialState().value).toBe(INITIAL_DONATION_WIZARD_VALUE);
    expect(donationWizardStore.getState()).toBe(before);
    expect(checkedAmount(parts(await renderEmbedDonate(SHELL, 'sandbox', '')).markup)).toBe('1000');
  });

  it('sends the campaign answer with the page, so the browser starts with the campaign and does not ask again', async () => {
    const answer = { success: true, data: { campaign: { id: 4, title: 'Meals </script><script>alert(1)</script>', description: 'x', status: 'active', target_amount: 10, raised_amount: 1 } } };
    const { html, data } = parts(await renderEmbedDonate(SHELL, 'sandbox', '?campaign=4', answer));
    expect(html).not.toContain('<script>alert(1)');
    expect(data).toContain('Meals \\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(campaignFromData(JSON.parse(data!), 4)).toEqual({ id: 4, title: 'Meals </script><script>alert(1)</script>' });
    // Step 1 names it, in the /donate banner's words (the frame has no banner), escaped like any text.
    expect(html).toContain(
      '<p class="cs-selected-campaign cs-selected-campaign__text cs-amount-step__campaign">Donating to:<!-- --> <strong class="cs-selected-campaign__title">Meals &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</strong></p>',
    );
    // No such campaign (the API answered 404): a general donation, known at once.
    const none = parts(await renderEmbedDonate(SHELL, 'sandbox', '?campaign=4', null));
    expect(JSON.parse(none.data!)).toEqual({ campaignId: 4, answer: null });
    expect(none.markup).not.toContain('Donating to:');
    expect(campaignFromData(JSON.parse(none.data!), 4)).toBeNull();
    // Not asked (the API could not say): no block, the page asks itself.
    expect(parts(await renderEmbedDonate(SHELL, 'sandbox', '?campaign=4')).data).toBeUndefined();
    expect(campaignFromData(null, 4)).toBeUndefined();
    expect(campaignFromData({ campaignId: 5, answer: null }, 4)).toBeUndefined();
  });

  it('writes nothing of a hostile query but what the page accepts: no markup, no script, no style of its own', async () => {
    const hostile =
      '?theme=%231d4ed8%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&locale=en%22%3E%3Cimg%20src%3Dx%3E&amounts=%3Cb%3E,500&currency=INR%22&campaign=1%3Cscript%3E';
    const { html, rootAttributes, htmlTag } = parts(await renderEmbedDonate(SHELL, 'sandbox', hostile));
    expect(html).not.toMatch(/alert\(1\)|<img|<b>/);
    expect([...html.matchAll(/<script\b/g)]).toHaveLength(1); // the boot script alone
    expect(htmlTag).toBe('<html lang="en">');
    expect(rootAttributes).toBe('data-embed-params="campaign=;country=;amounts=500;theme=;locale=" data-prerendered-mode="sandbox"');
  });

  it('rejects no shell of its own making: null for a page without #root', async () => {
    expect(await renderEmbedDonate('<html><body></body></html>', 'sandbox', '')).toBeNull();
  });
});

describe('the query key (what the API keeps renders by, and what the browser hydrates by)', () => {
  it('is the same for queries that render the same, and differs for any setting that changes the render', () => {
    const key = (search: string) => embedRequest(search).key;
    expect(key('?currency=inr&amounts=500,1000&partner=https%3A%2F%2Fa.example')).toBe(key('?amounts=500,1000,oops&currency=INR'));
    expect(key('?theme=red')).toBe(key(''));
    expect(key('?amounts=500,1000')).not.toBe(key('?amounts=1000,500'));
    expect(key('?theme=%23abc')).not.toBe(key(''));
    expect(key('?locale=hi')).not.toBe(key(''));
    expect(embedRequest('?campaign=12').campaignId).toBe(12);
    expect(embedRequest('?campaign=x').campaignId).toBeNull();
  });
});

describe('canHydrateEmbed', () => {
  const root = (embedParams: string | undefined, prerenderedMode = 'sandbox', hasMarkup = true) =>
    ({ dataset: embedParams === undefined ? {} : { embedParams, prerenderedMode }, firstChild: hasMarkup ? {} : null }) as unknown as HTMLElement;
  const key = embedParamsKey(readEmbedParams('?currency=INR&amounts=500'));

  it("hydrates only the server's render of this query, in this payments mode", () => {
    expect(canHydrateEmbed(root(key), key, 'sandbox')).toBe(true);
    expect(canHydrateEmbed(root(key), embedParamsKey(readEmbedParams('?currency=INR&amounts=700')), 'sandbox')).toBe(false);
    expect(canHydrateEmbed(root(key), key, 'stripe')).toBe(false);
    expect(canHydrateEmbed(root(key), key, null)).toBe(false);
    // The build's embed.html (empty #root, drawn in the browser) and a marked but empty root.
    expect(canHydrateEmbed(root(undefined, 'sandbox', false), key, 'sandbox')).toBe(false);
    expect(canHydrateEmbed(root(key, 'sandbox', false), key, 'sandbox')).toBe(false);
  });
});
