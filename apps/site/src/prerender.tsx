// The public pages rendered to HTML at build time (scripts/prerender.mjs builds this file with Vite for Node and calls
// prerenderPage for each page and payments mode). A visitor's phone then paints the page from the HTML alone, before
// ~100 kB of JavaScript arrives and runs; main.tsx hydrates that HTML instead of drawing the page again.
//
// The tree is the client's own (main.tsx) with a StaticRouter in place of the BrowserRouter, so the HTML is exactly
// the client's first render: data-driven parts show their loading state (their fetches start in effects, which never
// run here) and lazily loaded pages are awaited (prerenderToNodeStream resolves every Suspense boundary).
import { StrictMode } from 'react';
import { NOT_FOUND_PRERENDER } from '@charity/domain';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProviderTree } from './app/providers';
import { ServerPaymentsModeContext, type ServerPaymentsMode } from './app/payments-mode';
import { AppRoutes } from './app/router';
import { campaignSearchParams, parseCampaignPage } from './features/campaigns/api/campaigns-api';
import { SERVER_FIRST_PAGE_ID } from './features/campaigns/server-first-page';
import { INITIAL_CAMPAIGN_LIST_STATE, pageQuery } from './features/campaigns/stores/campaign-list-store';
import { campaignListStore } from './features/campaigns/stores/use-campaign-list';
import { DEFAULT_CAMPAIGN_LIST_FILTERS } from './features/campaigns/url';
import { listenForServerTitle } from './lib/use-document-title';
import { withServerData, withServerPage } from './prerender-html';
import { CAMPAIGN_PAGE_DATA_ID, parseCampaignPageBody, primeCampaignPage } from './features/campaign-page/server-data';

import { embedParamsKey, readEmbedParams } from './embed/params';
import { renderEmbedMarkup } from './embed/server-render';
import { campaignFromData, EMBED_CAMPAIGN_DATA_ID } from './embed/server-data';
import { themeStyle } from './embed/theme';
import { withEmbedRender } from './prerender-html';

export { embedShellHtml, pageHtml, splitHoisted } from './prerender-html';

/**
 * The pages prerendered, by path, with the name of their file. Only pages whose first render is the same for every
 * visitor: not /login or /admin (they depend on the stored session). The 404 page too: the API sends it, with status
 * 404, for every address no page owns (decision 016), and it is hydrated there (app/hydration.ts).
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'index',
  '/about': 'about',
  '/campaigns': 'campaigns',
  '/contact': 'contact',
  '/donate': 'donate',
  '/events': 'events',
  [NOT_FOUND_PRERENDER.path]: NOT_FOUND_PRERENDER.name,
};

export const PAYMENTS_MODES: readonly ServerPaymentsMode[] = ['sandbox', 'stripe'];

export interface PrerenderedPage {
  /** What goes inside <div id="root">. */
  html: string;
  /** The page's document title (useDocumentTitle), or null when the page sets none. */
  title: string | null;
}

async function render(url: string, paymentsMode: ServerPaymentsMode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerPaymentsModeContext value={paymentsMode}>
        <StaticRouter location={url}>
          <AppProviderTree>
            <AppRoutes />
          </AppProviderTree>
        </StaticRouter>
      </ServerPaymentsModeContext>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every boundary inline, however large: an outlined one would need React's inline script to be shown, and the
      // Content-Security-Policy allows no inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${url} (${paymentsMode}) failed`);
  return html;
}

/** What React writes for a boundary it could not complete in place: it would need a script to show. */
const PENDING = /<script\b|<template\b|<!--\$[?!]-->/;

/**
 * The markup of one page in one payments mode. Rejects on any render error, and on markup that would need a script
 * to show (a Suspense boundary left pending): a broken page must fail the build.
 */
export async function prerenderPage(url: string, paymentsMode: ServerPaymentsMode): Promise<PrerenderedPage> {
  let title: string | null = null;
  listenForServerTitle((value) => {
    title = value;
  });
  try {
    // A React.lazy page or part not loaded yet completes after the shell, which React writes as a hidden segment moved
    // in place by an inline script: that pass loads it (React keeps it resolved), and a second pass writes every
    // boundary where it stands. Once loaded (every later render in a running server), one pass is the page.
    let html = await render(url, paymentsMode);
    if (PENDING.test(html)) html = await render(url, paymentsMode);
    if (PENDING.test(html)) throw new Error(`Prerendering ${url} (${paymentsMode}) left a Suspense boundary pending or wrote a script`);
    return { html, title };
  } finally {
    listenForServerTitle(null);
  }
}

/**
 * What /campaigns asks the API first (its default filters, page 1), as a query string: the API renders the page with
 * the answer to exactly this, so the page's first render in the browser is the same.
 */
export const CAMPAIGNS_FIRST_PAGE_QUERY = new URLSearchParams(campaignSearchParams(pageQuery(DEFAULT_CAMPAIGN_LIST_FILTERS, 1))).toString();

// One render at a time: the list store is the module's one instance, primed for the render and emptied after it.
let renderQueue: Promise<unknown> = Promise.resolve();

/**
 * /campaigns with its first page of campaigns (`body`: the API's answer to CAMPAIGNS_FIRST_PAGE_QUERY) in the build's
 * prerendered page for this payments mode (`prerendered`), with that answer in a data block the browser's store starts
 * from (features/campaigns/server-first-page.ts). The API calls this when the list changes, not per request. Null
 * when `prerendered` is not a page the build wrote; rejects when the answer is not a campaign list.
 */
export function renderCampaignsWithData(prerendered: string, paymentsMode: ServerPaymentsMode, body: unknown): Promise<string | null> {
  const run = renderQueue.then(async () => {
    const firstPage = parseCampaignPage(body);
    campaignListStore.getState().prime(DEFAULT_CAMPAIGN_LIST_FILTERS, firstPage);
    try {
      const page = await prerenderPage('/campaigns', paymentsMode);
      return withServerData(prerendered, page, { id: SERVER_FIRST_PAGE_ID, json: JSON.stringify(body) });
    } finally {
      campaignListStore.getState().cancel();
      campaignListStore.setState(INITIAL_CAMPAIGN_LIST_STATE);
    }
  });
  renderQueue = run.catch(() => undefined);
  return run;
}

/**
 * /campaigns/{slug} with its campaign and supporters (`body`: the API's two answers, { campaign, donations }) rendered
 * into `prerendered`, another page of this build for this payments mode (its head and layout are the same), with the
 * body in a data block the page starts from (features/campaign-page/server-data.ts). The API calls this when the
 * answers change, not per request. Null when the body is not a campaign or `prerendered` is not a page of the build.
 */
export function renderCampaignPageWithData(prerendered: string, paymentsMode: ServerPaymentsMode, url: string, body: unknown): Promise<string | null> {
  const run = renderQueue.then(async () => {
    const data = parseCampaignPageBody(body);
    if (!data?.campaign.slug || url !== `/campaigns/${data.campaign.slug}`) return null;
    primeCampaignPage(data);
    try {
      const page = await prerenderPage(url, paymentsMode);
      return withServerPage(prerendered, url, page, { id: CAMPAIGN_PAGE_DATA_ID, json: JSON.stringify(body) });
    } finally {
      primeCampaignPage(null);
    }
  });
  renderQueue = run.catch(() => undefined);
  return run;
}

/**
 * What the API needs to know of an /embed/donate query before rendering it: the key of its first render (two queries
 * with the same key draw the same markup; the API keeps renders by it) and the campaign it names, whose public answer
 * the API passes to renderEmbedDonate.
 */
export function embedRequest(search: string): { key: string; campaignId: number | null } {
  const params = readEmbedParams(search);
  return { key: embedParamsKey(params), campaignId: params.campaignId };
}

/**
 * /embed/donate for the query `search`, rendered into `shell` (the build's prerendered/embed.html: embedShellHtml) for
 * this payments mode: the wizard's first step with the partner's amounts, currency, colour and locale, exactly as the
 * browser's first render draws it, marked with the query's key for main.tsx to hydrate. `campaignAnswer`: the API's
 * public answer for the query's campaign (null: none, 404; undefined: not asked), sent with the page in a data block
 * so the page does not ask again. Null when `shell` is not the build's; rejects when the render fails.
 */
export function renderEmbedDonate(shell: string, paymentsMode: ServerPaymentsMode, search: string, campaignAnswer?: unknown): Promise<string | null> {
  const run = renderQueue.then(async () => {
    const params = readEmbedParams(search);
    const data = params.campaignId !== null && campaignAnswer !== undefined ? { campaignId: params.campaignId, answer: campaignAnswer } : null;
    const campaign = campaignFromData(data, params.campaignId);
    const html = await renderEmbedMarkup(params, campaign);
    return withEmbedRender(shell, {
      html,
      key: embedParamsKey(params),
      mode: paymentsMode,
      lang: params.locale,
      style: themeStyle(params.theme),
      data: data && campaign !== undefined ? { id: EMBED_CAMPAIGN_DATA_ID, json: JSON.stringify(data) } : null,
    });
  });
  renderQueue = run.catch(() => undefined);
  return run;
}
