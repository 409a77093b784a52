import { PUBLIC_PAGE_META, ROUTES } from '@charity/domain';
import { PageMeta } from '../../../lib/PageMeta';

export const DONATE_PAGE_META = {
  ...PUBLIC_PAGE_META['/donate'],
  keywords:
    'donate, donation, charity, children, child welfare, NGO India, donate online, 80G tax exemption, child education, child healthcare, monthly donation',
} as const;

/**
 * The page's address without query or hash: every /donate?campaign=… variant points crawlers at /donate. Absolute
 * when the origin is known (in a browser); the path alone otherwise (prerendering in node).
 */
export function donateCanonicalUrl(origin: string | null | undefined): string {
  return origin ? new URL(ROUTES.donate, origin).href : ROUTES.donate;
}

/**
 * The page's title, description, keywords, Open Graph and Twitter tags. React 19 moves these into <head> wherever they
 * are rendered and removes them when the page unmounts; its <title> goes before the static one in index.html, so it is
 * the one the browser uses. The canonical link and og:url come from the server (PageMeta explains).
 */
export function DonatePageMeta() {
  return (
    <>
      <title>{DONATE_PAGE_META.title}</title>
      <PageMeta path={ROUTES.donate} keywords={DONATE_PAGE_META.keywords} />
    </>
  );
}
