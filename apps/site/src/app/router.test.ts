import { createElement, type ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createRoutesFromChildren, StaticRouter, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { matchSitePage, SITE_PAGES } from '@charity/domain';
import { AppProviderTree } from './providers';
import { AppRoutes } from './router';

// The route table rendered to HTML in node (no DOM needed): prerender waits for the lazy pages,
// so this proves every path reaches its page inside the shared layout. Redirects and the 100 ms
// wait need a browser and are covered by the guard decision tests and e2e.

async function render(path: string): Promise<string> {
  const tree = createElement(StaticRouter, { location: path }, createElement(AppProviderTree, null, createElement(AppRoutes)));
  const { prelude } = await prerenderToNodeStream(tree);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

// Suspense boundary markers (<!--$-->) are rendering detail, not content.
const mainOf = (html: string) => (/<main id="main" tabindex="-1"[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '').replace(/<!--.*?-->/g, '');

describe('routes (spec section 2)', () => {
  // The text each page's single <h1> contains (pages own their wording; this proves the route reaches the page).
  it.each([
    ['/', 'Every Child Deserves Love'],
    ['/about', 'About'],
    ['/campaigns', 'Campaigns'],
    ['/contact', 'Contact'],
    ['/donate', 'Donate'],
    ['/events', 'Events'],
    ['/monthly-gift', 'Your monthly gift'],
    ['/annual-statement', 'Annual statement of donations'],
  ])('%s renders its page (h1 containing "%s") inside <main>, between header and footer', async (path, heading) => {
    const html = await render(path);
    // A lazy page may stream after the layout (React moves it into <main> on load): search the whole document.
    const headings = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
    expect(headings).toHaveLength(1);
    expect(headings[0]).toContain(heading);
    expect(html.indexOf('<header')).toBeLessThan(html.indexOf('<main'));
    expect(html.indexOf('<footer')).toBeGreaterThan(html.indexOf('</main>'));
  });

  it('an unknown path shows the 404 page', async () => {
    const main = mainOf(await render('/no/such/page'));
    expect(main).toContain('404');
    expect(main).toContain('Page Not Found');
    expect(main).toContain('The page you&#x27;re looking for doesn&#x27;t exist.');
    expect(main).toContain('Go Home');
  });

  it.each(['/login', '/admin', '/admin/campaigns', '/admin/events', '/admin/donations', '/admin/recurring', '/admin/tax-year', '/admin/messages', '/admin/settings'])('%s first shows the Loading... spinner while auth resolves', async (path) => {
    const main = mainOf(await render(path));
    expect(main).toContain('role="status"');
    expect(main).toContain('Loading...');
    expect(main).not.toContain('<h1>');
  });
});

/**
 * Every address the route table gives a page, joined from its nested routes: a leaf with a path, or an index route
 * (its parent's address). Layouts and guards add no segment; the 404 route is left out.
 */
function routerPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '*') return [];
    if (route.index) return [parent || '/'];
    const path = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`;
    return route.children?.length ? routerPaths(route.children, path) : [path];
  });
}

describe('the route table and the site pages the server knows (@charity/domain SITE_PAGES)', () => {
  it('has exactly the pages SITE_PAGES lists: a page added to one and not the other fails here', () => {
    const routes = createRoutesFromChildren((AppRoutes() as ReactElement<{ children: ReactElement }>).props.children);
    expect(routerPaths(routes).sort()).toEqual(SITE_PAGES.map((page) => page.path).sort());
  });

  // The server answers 404 exactly where this router shows the 404 page, so the two must match addresses alike.
  it.each([
    '/About',
    '/events/',
    '/events//',
    '/ab%6Fut',
    '/about%2Fteam',
    '//events',
    '/events/999999',
    '/admin/nope',
    '/ADMIN/Events',
    '/admin/events/1',
    '/.vite/manifest.json',
    '/404',
  ])('%s shows the 404 page exactly when matchSitePage finds no page', async (path) => {
    const notFound = mainOf(await render(path)).includes('Page Not Found');
    expect(notFound).toBe(matchSitePage(path) === null);
  });
});
