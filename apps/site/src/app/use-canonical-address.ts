import { useEffect } from 'react';
import { matchSitePage } from '@charity/domain';

/**
 * The page's canonical link and og:url: the server writes them with the page (at PUBLIC_BASE_URL, apps/api
 * plugins/site.ts), and they must follow the visitor's moves inside the site, or /about would keep /donate's. A page
 * for search results gets its own address (a campaign's page, the address itself; a page with a query, the page
 * without it); any other (the sign-in page, the admin console, a 404) gets none. The origin is the one the server
 * wrote, so a page served behind a proxy keeps its public address.
 */
export function useCanonicalAddress(pathname: string): void {
  useEffect(() => {
    const head = document.head;
    const link = head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const ogUrl = head.querySelector<HTMLMetaElement>('meta[property="og:url"]');
    const match = matchSitePage(pathname);
    if (!match?.page.indexable) {
      link?.remove();
      ogUrl?.remove();
      return;
    }
    const origin = link ? new URL(link.href).origin : window.location.origin;
    const path = match.page.path.includes('/:') ? pathname.replace(/\/+$/, '') : match.page.path;
    const href = `${origin}${path}`;
    const canonical = link ?? head.appendChild(Object.assign(document.createElement('link'), { rel: 'canonical' }));
    canonical.href = href;
    const og = ogUrl ?? head.appendChild(Object.assign(document.createElement('meta'), {}));
    og.setAttribute('property', 'og:url');
    og.setAttribute('content', href);
  }, [pathname]);
}
