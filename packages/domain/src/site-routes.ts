// The site's pages: spec section 2's route table, with the admin console (docs/decisions/005-admin-console.md). One
// list, read by the site (its router is checked against it: apps/site/src/app/router.test.ts; its hydration guard) and
// by the API, which answers an address no page owns with a real 404 instead of the app, tells search engines which
// pages to leave out, and lists the indexable ones in /sitemap.xml (docs/decisions/016-not-found-robots-sitemap.md). A
// page added to the router and not here fails that test.

/** Who a page is for: everyone, signed-out visitors (the sign-in page), or signed-in staff (the admin console). */
export type SitePageAccess = 'public' | 'signed-out' | 'signed-in';

export interface SitePage {
  /** The address as the router matches it: fixed segments, or `:name` for a dynamic one. */
  readonly path: string;
  readonly access: SitePageAccess;
  /** Open to search engines and listed in /sitemap.xml; the others are sent with `X-Robots-Tag: noindex`. */
  readonly indexable: boolean;
}

export const SITE_PAGES = [
  { path: '/', access: 'public', indexable: true },
  { path: '/about', access: 'public', indexable: true },
  { path: '/campaigns', access: 'public', indexable: true },
  // One campaign's page, to share (docs/decisions/030-campaign-pages.md); listed in the sitemap from its rows.
  { path: '/campaigns/:slug', access: 'public', indexable: true },
  { path: '/contact', access: 'public', indexable: true },
  { path: '/donate', access: 'public', indexable: true },
  { path: '/events', access: 'public', indexable: true },
  // A donor's monthly gift, opened from the link in an email (docs/decisions/022-monthly-gifts.md): open to anyone
  // holding a link, never a page for search results.
  { path: '/monthly-gift', access: 'public', indexable: false },
  // A donor's request for their annual statement of donations (docs/decisions/027-tax-year.md): a form reached from
  // the footer and from mails, with nothing for search results.
  { path: '/annual-statement', access: 'public', indexable: false },
  { path: '/login', access: 'signed-out', indexable: false },
  { path: '/admin', access: 'signed-in', indexable: false },
  { path: '/admin/campaigns', access: 'signed-in', indexable: false },
  { path: '/admin/events', access: 'signed-in', indexable: false },
  { path: '/admin/donations', access: 'signed-in', indexable: false },
  { path: '/admin/recurring', access: 'signed-in', indexable: false },
  { path: '/admin/tax-year', access: 'signed-in', indexable: false },
  { path: '/admin/messages', access: 'signed-in', indexable: false },
  { path: '/admin/settings', access: 'signed-in', indexable: false },
] as const satisfies readonly SitePage[];

/**
 * The 404 page as the build prerenders it (apps/site/scripts/prerender.mjs writes prerendered/<mode>/404.html), and the
 * address it is rendered at: one no page owns and outside every page's section, so its header marks no link current.
 */
export const NOT_FOUND_PRERENDER = { path: '/404', name: '404' } as const;

export interface SitePageMatch {
  page: SitePage;
  /** The dynamic segments' values, decoded. */
  params: Record<string, string>;
}

/**
 * The address's segments as React Router compares them: each %-escape decoded except an escaped slash (which stays
 * inside its segment), the whole path left as it is when an escape is malformed, trailing slashes dropped.
 */
function segmentsOf(pathname: string): string[] {
  let decoded = pathname;
  try {
    decoded = pathname
      .split('/')
      .map((part) => decodeURIComponent(part).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    // Like the router: a malformed escape leaves the address undecoded (and so matching no page).
  }
  return decoded.replace(/\/+$/, '').split('/').slice(1);
}

/**
 * The page the site's router shows at `url` (a path, with or without a query or fragment), or null where it shows the
 * 404 page. Matches as React Router 7 does by default: case-insensitive, trailing slashes ignored, escapes decoded.
 */
export function matchSitePage(url: string, pages: readonly SitePage[] = SITE_PAGES): SitePageMatch | null {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  if (!pathname.startsWith('/')) return null;
  const segments = segmentsOf(pathname);
  for (const page of pages) {
    const pattern = page.path.split('/').slice(1).filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = segment;
        return segment !== '';
      }
      return segment.toLowerCase() === part.toLowerCase();
    });
    if (matches) return { page, params };
  }
  return null;
}

/** The addresses of the pages search engines may index, without dynamic ones (those are listed from their rows). */
export function indexablePagePaths(pages: readonly SitePage[] = SITE_PAGES): string[] {
  return pages.filter((page) => page.indexable && !page.path.includes('/:')).map((page) => page.path);
}
