// /embed/donate rendered by the server (issue 19 item 7). The page's first render depends on its query (the partner's
// campaign, amounts, currency, colour and locale): with an empty #root the partner's frame painted nothing until ~140 kB
// of JavaScript had loaded and run (LCP ~2.8 s on a phone). Here the server renders the wizard's first step for the
// query through the site's own server bundle (apps/site/dist/.ssr, the code the browser runs), into the build's shell
// (prerendered/embed.html, whose one script is the boot script: decision 009), and the browser hydrates it.
//
// Renders are kept by what decides them: the query's key (the bundle's embedRequest: the normalised parameters, so
// `?currency=inr&amounts=500,x` and `?amounts=500&currency=INR` share one), the campaign's public answer, the payments
// mode and the build (the shell). Not the partner: it only decides where the page's messages go (a meta tag added per
// request by embed.ts), never what the page draws. Partners each frame a few fixed queries, so a small LRU holds the ones in use and a
// stream of made-up queries only ever costs its own renders, never memory.
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

export type PaymentsMode = 'sandbox' | 'stripe';

/** What the API uses of the site's server bundle (apps/site/src/prerender.tsx). */
interface EmbedBundle {
  embedRequest(search: string): { key: string; campaignId: number | null };
  renderEmbedDonate(shell: string, paymentsMode: PaymentsMode, search: string, campaignAnswer?: unknown): Promise<string | null>;
}

/** The public answer for a campaign: its body (JSON text) when 200, null when there is no such campaign (404, 400), undefined otherwise. */
export type CampaignAnswerFetcher = (campaignId: number) => Promise<string | null | undefined>;

/** Renders kept: a few partners' queries, in one payments mode, beside a rebuilt site's for a moment. */
export const EMBED_RENDERS_MAX = 32;

function isBundle(module: unknown): module is EmbedBundle {
  const candidate = module as Partial<EmbedBundle> | null;
  return typeof candidate?.embedRequest === 'function' && typeof candidate.renderEmbedDonate === 'function';
}

/**
 * A function giving /embed/donate for a query (`search`, with or without its '?') rendered into `shell`, or null to
 * send the build's embed.html (drawn in the browser, as before): no server bundle (a site built before it had one) or
 * a render that failed (logged). It never throws: the page works either way.
 */
export function embedPageRenderer(options: { bundleFile: string; fetchCampaign: CampaignAnswerFetcher; log: FastifyBaseLogger; max?: number }) {
  const { bundleFile, fetchCampaign, log, max = EMBED_RENDERS_MAX } = options;
  let bundle: Promise<EmbedBundle | null> | null = null;
  // A Map keeps insertion order: a hit moves its entry to the end, so the first entry is the least recently used.
  const rendered = new Map<string, Promise<string | null>>();

  const loadBundle = () =>
    (bundle ??= import(pathToFileURL(bundleFile).href).then(
      (module: unknown) => (isBundle(module) ? module : null),
      (error: unknown) => {
        log.warn({ err: error }, '/embed/donate is drawn in the browser: the site has no server bundle (rebuild the site)');
        return null;
      },
    ));

  const render = async (shell: string, paymentsMode: PaymentsMode, search: string): Promise<string | null> => {
    try {
      const site = await loadBundle();
      if (!site) return null;
      const { key, campaignId } = site.embedRequest(search);
      const answer = campaignId === null ? undefined : await fetchCampaign(campaignId);
      const campaignKey = answer === undefined ? '-' : (answer ?? 'null');
      const cacheKey = `${paymentsMode}\n${key}\n${campaignKey}\n${shell}`;
      let page = rendered.get(cacheKey);
      if (page) {
        rendered.delete(cacheKey);
      } else {
        // A failed render is kept as null too: the same query and build would fail again, on every view.
        page = site.renderEmbedDonate(shell, paymentsMode, search, answer === undefined || answer === null ? answer : (JSON.parse(answer) as unknown)).catch((error: unknown) => {
          log.warn({ err: error, key }, 'Rendering /embed/donate failed; the page is drawn in the browser');
          return null;
        });
        while (rendered.size >= max) rendered.delete(rendered.keys().next().value as string);
      }
      rendered.set(cacheKey, page);
      return await page;
    } catch (error) {
      log.warn({ err: error }, 'Rendering /embed/donate failed; the page is drawn in the browser');
      return null;
    }
  };
  /** How many renders are kept (for tests). */
  render.size = () => rendered.size;
  return render;
}
