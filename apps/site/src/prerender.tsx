// The public pages rendered to HTML at build time (scripts/prerender.mjs builds this file with Vite for Node and calls
// prerenderPage for each page and payments mode). A visitor's phone then paints the page from the HTML alone, before
// ~100 kB of JavaScript arrives and runs; main.tsx hydrates that HTML instead of drawing the page again.
//
// The tree is the client's own (main.tsx) with a StaticRouter in place of the BrowserRouter, so the HTML is exactly
// the client's first render: data-driven parts show their loading state (their fetches start in effects, which never
// run here) and lazily loaded pages are awaited (prerenderToNodeStream resolves every Suspense boundary).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProviderTree } from './app/providers';
import { ServerPaymentsModeContext, type ServerPaymentsMode } from './app/payments-mode';
import { AppRoutes } from './app/router';
import { listenForServerTitle } from './lib/use-document-title';

/**
 * The pages prerendered, by path, with the name of their file. Only pages whose first render is the same for every
 * visitor: not /login or /admin (they depend on the stored session).
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/': 'index',
  '/about': 'about',
  '/campaigns': 'campaigns',
  '/contact': 'contact',
  '/donate': 'donate',
  '/events': 'events',
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

/**
 * The markup of one page in one payments mode. Rejects on any render error, and on markup that would need a script
 * to show (a Suspense boundary left pending): a broken page must fail the build.
 */
export async function prerenderPage(url: string, paymentsMode: ServerPaymentsMode): Promise<PrerenderedPage> {
  // A first pass loads every React.lazy page and part the page uses (React keeps them resolved). In that pass their
  // boundaries complete after the shell, which React writes as hidden segments moved in place by an inline script;
  // the second pass finds them loaded and writes every boundary where it stands.
  await render(url, paymentsMode);
  let title: string | null = null;
  listenForServerTitle((value) => {
    title = value;
  });
  try {
    const html = await render(url, paymentsMode);
    if (/<script\b|<template\b|<!--\$[?!]-->/.test(html)) {
      throw new Error(`Prerendering ${url} (${paymentsMode}) left a Suspense boundary pending or wrote a script`);
    }
    return { html, title };
  } finally {
    listenForServerTitle(null);
  }
}
