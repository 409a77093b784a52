import { publicPageMeta } from '@charity/domain';
import { SITE_TITLE } from './site';

/**
 * A public page's description, Open Graph and Twitter card tags, from the domain's table (PUBLIC_PAGE_META). React 19
 * moves them into <head> wherever they are rendered (the build's prerender writes them into the page) and removes
 * them when the page unmounts. The canonical address and og:url are absolute, so the server adds them from
 * PUBLIC_BASE_URL when it sends the page (apps/api plugins/site.ts); keywords are a page's own.
 */
export function PageMeta({ path, keywords }: { path: string; keywords?: string }) {
  const meta = publicPageMeta(path);
  if (!meta) return null;
  const { title, description } = meta;
  return (
    <>
      <meta name="description" content={description} />
      {keywords ? <meta name="keywords" content={keywords} /> : null}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={SITE_TITLE} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
    </>
  );
}
