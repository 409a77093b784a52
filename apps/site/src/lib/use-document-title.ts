import { useEffect } from 'react';
import { SITE_TITLE } from './site';

/** The tab title of a page: "Campaigns | …", or the site's name alone for the home page. */
export function documentTitle(pageTitle?: string): string {
  return pageTitle ? `${pageTitle} | ${SITE_TITLE}` : SITE_TITLE;
}

let serverTitleSink: ((title: string) => void) | null = null;

/**
 * The build's prerender (src/prerender.tsx) listens here for the page's title, so the prerendered HTML carries it in
 * <title> (effects never run on the server). Null again when the listener is done.
 */
export function listenForServerTitle(sink: ((title: string) => void) | null): void {
  serverTitleSink = sink;
}

/** Sets the tab title for the current page ("Campaigns | …"); screen readers announce it on navigation. */
export function useDocumentTitle(pageTitle?: string): void {
  // Only the prerender sets a sink, and only outside the browser: a render never has side effects in a visitor's tab.
  if (serverTitleSink && typeof document === 'undefined') serverTitleSink(documentTitle(pageTitle));
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
