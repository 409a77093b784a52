import { Link } from 'react-router-dom';
import type { UiLinkProps } from '@charity/ui';

// Paths the server answers itself (API, uploaded images): a full page request, not a route.
const SERVER_PATHS = ['/api/', '/uploads/', '/embed/'];

/** True for hrefs the router should handle without a page load. */
export function isRouterHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !SERVER_PATHS.some((prefix) => href.startsWith(prefix));
}

/** Lets the ui library's links navigate through react-router without depending on it. */
export function RouterLinkAdapter({ href, ...rest }: UiLinkProps) {
  if (isRouterHref(href) && !rest.target && rest.download === undefined) return <Link to={href} {...rest} />;
  return <a href={href} {...rest} />;
}
