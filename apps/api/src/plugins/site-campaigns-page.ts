// /campaigns rendered with its data. The build prerenders every public page in its loading state
// (apps/site/scripts/prerender.mjs); for /campaigns that state is skeleton cards, and the largest paint (the first
// campaign's title) waited for the script, the API's answer and a render in the browser (LCP 2.8 s;
// docs/decisions/009-prerendered-public-pages.md). Here the server renders the page with the first page of campaigns
// through the site's own server bundle (apps/site/dist/.ssr, the same React code the browser runs), and sends that
// answer with it so the browser hydrates the same markup.
//
// Rendering is not per request: the HTML is kept per payments mode and list answer (its ETag), and the list answer
// comes from the API's response cache, which every campaign and donation write invalidates (decision 007). So a
// campaign created in the admin appears here on the next view, and a busy page costs one cached lookup per view.
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

export type PaymentsMode = 'sandbox' | 'stripe';

/** What the API uses of the site's server bundle (apps/site/src/prerender.tsx). */
interface SiteServerBundle {
  CAMPAIGNS_FIRST_PAGE_QUERY: string;
  renderCampaignsWithData(prerendered: string, paymentsMode: PaymentsMode, body: unknown): Promise<string | null>;
}

/** The API's answer for the list's first page: its body and ETag, or null when it did not answer 200. */
export type FirstPageFetcher = (query: string) => Promise<{ body: string; etag: string | undefined } | null>;

/** Rendered pages kept: one per payments mode and list answer, and a rebuilt site's pages beside the old ones. */
const RENDERED_MAX = 8;

function isBundle(module: unknown): module is SiteServerBundle {
  const candidate = module as Partial<SiteServerBundle> | null;
  return typeof candidate?.CAMPAIGNS_FIRST_PAGE_QUERY === 'string' && typeof candidate.renderCampaignsWithData === 'function';
}

/**
 * A function giving the prerendered /campaigns page (`prerendered`, the build's file) with the current first page of
 * campaigns in it, or null to send the build's page as it is: no server bundle (a site built before it existed),
 * a list that did not load, or a render that failed (logged). It never throws: the page works either way.
 */
export function campaignsPageWithData(options: { bundleFile: string; fetchFirstPage: FirstPageFetcher; log: FastifyBaseLogger }) {
  const { bundleFile, fetchFirstPage, log } = options;
  let bundle: Promise<SiteServerBundle | null> | null = null;
  const rendered = new Map<string, Promise<string | null>>();

  const loadBundle = () =>
    (bundle ??= import(pathToFileURL(bundleFile).href).then(
      (module: unknown) => (isBundle(module) ? module : null),
      (error: unknown) => {
        log.warn({ err: error }, '/campaigns is sent in its loading state: the site has no server bundle (rebuild the site)');
        return null;
      },
    ));

  return async (prerendered: string, paymentsMode: PaymentsMode): Promise<string | null> => {
    try {
      const site = await loadBundle();
      if (!site) return null;
      const answer = await fetchFirstPage(site.CAMPAIGNS_FIRST_PAGE_QUERY);
      if (!answer) return null;
      // The build's page is part of the key: a rebuilt site (new asset names) renders afresh.
      const key = `${paymentsMode}\n${answer.etag ?? answer.body}\n${prerendered}`;
      let page = rendered.get(key);
      if (!page) {
        // A failed render is kept as null too: the same list and build would fail again, on every view.
        page = site.renderCampaignsWithData(prerendered, paymentsMode, JSON.parse(answer.body) as unknown).catch((error: unknown) => {
          log.warn({ err: error }, 'Rendering /campaigns with its data failed; its loading state is sent');
          return null;
        });
        if (rendered.size >= RENDERED_MAX) rendered.clear();
        rendered.set(key, page);
      }
      return await page;
    } catch (error) {
      log.warn({ err: error }, 'Rendering /campaigns with its data failed; its loading state is sent');
      return null;
    }
  };
}
