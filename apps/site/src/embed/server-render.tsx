// The embed page's first render on the server (the API calls it through the site's server bundle, src/prerender.tsx
// renderEmbedDonate): the same tree main.tsx renders in the browser, with the same props for the same query, so the
// frame paints the wizard from its HTML and main.tsx hydrates it.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { donationWizardStore } from '../features/donation-wizard/stores/donation-wizard-store';
import { EmbedDonate } from './EmbedDonate';
import { embedFirstRender, startWizardAt } from './first-render';
import type { EmbedParams } from './params';
import type { EmbedCampaign } from './server-data';

/**
 * The markup of #root for `params` and the campaign the server knows (undefined: none known; the browser then asks
 * for it, and the first render has no campaign either way). Rejects on any render error. Callers run one render at a
 * time: the store's initial state is the query's while it runs.
 */
export async function renderEmbedMarkup(params: EmbedParams, campaign: EmbedCampaign | null | undefined): Promise<string> {
  const { value, presetAmounts } = embedFirstRender(params, donationWizardStore.getInitialState().value);
  const restore = value ? startWizardAt(donationWizardStore, value, { current: false }) : () => undefined;
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <EmbedDonate campaignId={params.campaignId} initialCampaign={campaign} partnerOrigin={null} presetAmounts={presetAmounts} />
      </StrictMode>,
      {
        onError: (error) => void errors.push(error),
        // One piece, inline: an outlined boundary would need React's inline script, which the CSP forbids.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    let html = '';
    for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    if (errors.length > 0) throw new AggregateError(errors, 'Rendering the embed page failed');
    if (/<script\b|<template\b|<!--\$[?!]-->/.test(html)) throw new Error('Rendering the embed page left a Suspense boundary pending or wrote a script');
    return html;
  } finally {
    restore();
  }
}
