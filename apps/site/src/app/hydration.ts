import { matchSitePage, NOT_FOUND_PRERENDER, SITE_PAGES } from '@charity/domain';
import type { ServerPaymentsMode } from './payments-mode';

/**
 * Whether the 404 page prerendered at NOT_FOUND_PRERENDER.path (which the server sends for every address no page owns)
 * is this address's first render: the router shows the 404 page here, with any query (the page reads none), and the
 * header marks no link current. Inside a page's section (/events/999999) the header marks that page's link, which the
 * markup does not: there the page is drawn afresh.
 */
function isPrerenderedNotFound(pathname: string): boolean {
  if (matchSitePage(pathname) !== null) return false;
  return !SITE_PAGES.some((page) => page.access === 'public' && page.path !== '/' && pathname.startsWith(`${page.path}/`));
}

/**
 * Whether the markup in #root is the prerendered HTML of this very address, so React can hydrate it (attach to the
 * DOM as it stands) instead of drawing the page again.
 *
 * The build marks each prerendered page with the path it was rendered for (scripts/prerender.mjs) and the server
 * sends one only for that path without a query (apps/api site plugin). The check here is the client's own guard:
 * a query string can change the first render (/campaigns?status=… selects filters, /donate?campaign=… a campaign),
 * so with one the page is drawn afresh rather than hydrated into mismatching markup. Being signed in changes nothing
 * on these pages: the header, footer and public pages render the same for an administrator (only /login and /admin
 * read the session, and they are never prerendered). The 404 page, prerendered once, is hydrated wherever it is
 * that address's first render (isPrerenderedNotFound above).
 */
export function canHydrate(
  root: HTMLElement,
  location: Pick<Location, 'pathname' | 'search'>,
  paymentsMode: ServerPaymentsMode | null,
): boolean {
  const { prerendered, prerenderedMode } = root.dataset;
  const sameAddress = prerendered === location.pathname && location.search === '';
  return (
    prerendered !== undefined &&
    (sameAddress || (prerendered === NOT_FOUND_PRERENDER.path && isPrerenderedNotFound(location.pathname))) &&
    // The layout's first render follows the page's payments-mode meta tag (the 'Test mode' ribbon): markup rendered
    // for another mode would not match it. The server never sends such a pair, but a proxy or a test may rewrite one.
    prerenderedMode === paymentsMode &&
    root.firstChild !== null
  );
}
