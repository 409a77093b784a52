import { describe, expect, it } from 'vitest';
import { isRouterHref } from './link-adapter';

describe('isRouterHref', () => {
  it.each(['/', '/about', '/donate?campaign=3', '/events#gallery', '/admin/events'])('routes %s inside the app', (href) => {
    expect(isRouterHref(href)).toBe(true);
  });

  it.each(['https://example.org', 'mailto:contact@example.org', 'tel:+911234', '//cdn.example/x', '#main', '/api/health', '/uploads/events/1.jpg', '/embed/donate'])(
    'leaves %s to the browser',
    (href) => {
      expect(isRouterHref(href)).toBe(false);
    },
  );
});
