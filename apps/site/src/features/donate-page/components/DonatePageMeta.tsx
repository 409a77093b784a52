import { ROUTES } from '@charity/domain';
import { SITE_TITLE } from '../../../lib/site';

export const DONATE_PAGE_META = {
  title: `Donate | ${SITE_TITLE}`,
  description:
    `Donate online to ${SITE_TITLE} and give infants and children healthcare, nutritious meals, schooling and safe homes. Secure card payments from India and abroad, one-time or monthly; 80G tax benefit for donors in India.`,
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
 * The page's title, description, keywords, Open Graph and Twitter tags and canonical link. React 19 moves these
 * into <head> wherever they are rendered and removes them when the page unmounts; its <title> goes before the
 * static one in index.html, so it is the one the browser uses.
 */
export function DonatePageMeta() {
  // The build's prerender (no window) does not know the site's origin: it leaves out the two tags that need an
  // absolute address, and the browser adds them (React matches <head> tags by their content rather than by position,
  // so this is no hydration mismatch). Written at build time they would stay beside the browser's, a second canonical.
  const origin = typeof window === 'undefined' ? null : window.location.origin;
  const url = origin ? donateCanonicalUrl(origin) : null;
  const { title, description, keywords } = DONATE_PAGE_META;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={keywords} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={SITE_TITLE} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url ? <meta property="og:url" content={url} /> : null}
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {url ? <link rel="canonical" href={url} /> : null}
    </>
  );
}
