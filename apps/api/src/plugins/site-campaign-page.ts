// /campaigns/{slug}: the page of one campaign, with what link previews and search engines read in its <head> (issue 19,
// decision 030). WhatsApp, Facebook, X and search engines do not run the site's script: the title, description,
// canonical address, Open Graph and Twitter card tags must be in the HTML the server sends. The body is rendered by the
// server too, through the site's own server bundle as /campaigns is (site-campaigns-page.ts), so the page paints from
// its HTML; without the bundle it is index.html, drawn in the browser.
import { pathToFileURL } from 'node:url';
import { campaignPagePath, formatCurrency, fundedPercentage, ORGANISATION } from '@charity/domain';
import type { FastifyBaseLogger } from 'fastify';
import { campaignShareImagePath, SHARE_IMAGE_CONTENT_TYPE, SHARE_IMAGE_SIZE } from '../routes/campaign-share-image.js';

/** What the head tags need of a campaign (the API's CampaignReply). */
export interface CampaignHeadFacts {
  id: number;
  slug: string;
  title: string;
  description: string;
  raised_amount: number;
  target_amount: number;
  currency?: string;
}


/** Longest description: search engines show about 155 characters; previews about as much. */
const DESCRIPTION_MAX = 160;

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The description: the campaign's story, one line, cut at a word within DESCRIPTION_MAX with an ellipsis. */
export function campaignDescription(campaign: Pick<CampaignHeadFacts, 'description' | 'raised_amount' | 'target_amount' | 'currency'>): string {
  const story = String(campaign.description ?? '').replace(/\s+/g, ' ').trim();
  const raised = formatCurrency(Number(campaign.raised_amount ?? 0), campaign.currency ?? 'INR');
  const target = formatCurrency(Number(campaign.target_amount ?? 0), campaign.currency ?? 'INR');
  const progress = `${raised} raised of ${target} (${fundedPercentage(campaign.raised_amount, campaign.target_amount)}%).`;
  const room = DESCRIPTION_MAX - progress.length - 1;
  let text = story;
  if (text.length > room) {
    const cut = text.slice(0, room - 1);
    const space = cut.lastIndexOf(' ');
    text = `${(space > room / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
  }
  return text ? `${text} ${progress}` : progress;
}

/** The tags for the page's <head>, each attribute escaped; `baseUrl` is PUBLIC_BASE_URL (no trailing slash). */
export function campaignHeadTags(campaign: CampaignHeadFacts, baseUrl: string): { title: string; tags: string } {
  const title = `${campaign.title} | ${ORGANISATION.name}`;
  const description = campaignDescription(campaign);
  const url = `${baseUrl}${campaignPagePath(campaign.slug)}`;
  // The raised amount in the address: a preview service that keeps images by address fetches the new progress.
  const image = `${baseUrl}${campaignShareImagePath(campaign.id)}?v=${encodeURIComponent(String(campaign.raised_amount ?? 0))}`;
  const a = escapeAttribute;
  const tags = [
    `<meta name="description" content="${a(description)}" />`,
    `<link rel="canonical" href="${a(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${a(ORGANISATION.name)}" />`,
    `<meta property="og:title" content="${a(campaign.title)}" />`,
    `<meta property="og:description" content="${a(description)}" />`,
    `<meta property="og:url" content="${a(url)}" />`,
    `<meta property="og:image" content="${a(image)}" />`,
    `<meta property="og:image:type" content="${SHARE_IMAGE_CONTENT_TYPE}" />`,
    `<meta property="og:image:width" content="${SHARE_IMAGE_SIZE.width}" />`,
    `<meta property="og:image:height" content="${SHARE_IMAGE_SIZE.height}" />`,
    `<meta property="og:image:alt" content="${a(`${campaign.title}: ${description}`)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${a(campaign.title)}" />`,
    `<meta name="twitter:description" content="${a(description)}" />`,
    `<meta name="twitter:image" content="${a(image)}" />`,
  ].join('\n    ');
  return { title, tags };
}

/** index.html with the campaign's title and head tags in place of the site's own title and description. */
export function withCampaignHead(html: string, head: { title: string; tags: string }): string {
  return (
    html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(head.title)}</title>`)
      // The page it was rendered into (the build's /campaigns) brings that page's own description, keywords, Open
      // Graph and Twitter tags and perhaps a canonical link: the campaign's replace them all.
      .replace(/\s*<meta\s+name="(?:description|keywords|twitter:[a-z:]+)"[^>]*>/g, '')
      .replace(/\s*<meta\s+property="og:[a-z:_]+"[^>]*>/g, '')
      .replace(/\s*<link\s+rel="canonical"[^>]*>/g, '')
      .replace('</head>', () => `    ${head.tags}\n  </head>`)
  );
}

/** The id in an old campaign address (/campaigns/4, before campaigns had pages with slugs), or null. */
export function legacyCampaignId(pathname: string): number | null {
  const match = /^\/campaigns\/(\d{1,10})\/?$/.exec(pathname);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** What the API uses of the site's server bundle for a campaign page (apps/site/src/prerender.tsx). */
interface CampaignPageBundle {
  renderCampaignPageWithData(prerendered: string, paymentsMode: 'sandbox' | 'stripe', url: string, body: unknown): Promise<string | null>;
}

/** Rendered campaign pages kept: the campaigns people are sharing right now, in one or two payments modes. */
const RENDERED_MAX = 64;

/**
 * A function giving /campaigns/{slug} rendered with its campaign and supporters (`body`, the API's answers as JSON
 * text) into `prerendered` (another page of the same build: its head and layout), or null to send the page drawn in
 * the browser (no server bundle, or the render failed: logged). Renders are kept by their inputs, so a busy campaign
 * costs one render per change of its answers (which every campaign and donation write changes), not one per view.
 */
export function campaignPageWithData(options: { bundleFile: string; log: FastifyBaseLogger }) {
  const { bundleFile, log } = options;
  let bundle: Promise<CampaignPageBundle | null> | null = null;
  const rendered = new Map<string, Promise<string | null>>();
  const loadBundle = () =>
    (bundle ??= import(pathToFileURL(bundleFile).href).then(
      (module: Partial<CampaignPageBundle>) => (typeof module.renderCampaignPageWithData === 'function' ? (module as CampaignPageBundle) : null),
      () => null,
    ));

  return async (prerendered: string, paymentsMode: 'sandbox' | 'stripe', url: string, body: string): Promise<string | null> => {
    try {
      const site = await loadBundle();
      if (!site) return null;
      const key = `${paymentsMode}\n${url}\n${body}\n${prerendered.length}:${prerendered.slice(0, 2000)}`;
      let page = rendered.get(key);
      if (!page) {
        page = site.renderCampaignPageWithData(prerendered, paymentsMode, url, JSON.parse(body) as unknown).catch((error: unknown) => {
          log.warn({ err: error, url }, 'Rendering a campaign page with its data failed; the page is drawn in the browser');
          return null;
        });
        if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value as string);
        rendered.set(key, page);
      }
      return await page;
    } catch (error) {
      log.warn({ err: error, url }, 'Rendering a campaign page with its data failed; the page is drawn in the browser');
      return null;
    }
  };
}
