import { describe, expect, it } from 'vitest';
import { PAYMENTS_MODES, PRERENDERED_PAGES, prerenderPage } from './prerender';

// The build's prerender (scripts/prerender.mjs writes what this returns into dist/prerendered/). What the browser
// does with it (hydration without a mismatch) is e2e/prerender.spec.ts; here: the HTML itself.

describe('prerenderPage', () => {
  it.each(Object.keys(PRERENDERED_PAGES))('%s is whole HTML: every lazy part in place, no script needed to show it', async (url) => {
    for (const mode of PAYMENTS_MODES) {
      const { html } = await prerenderPage(url, mode);
      expect(html).toMatch(/<main id="main"[^>]*>[\s\S]*<h1/);
      // A boundary React left pending (<!--$?-->, <template>) would need its inline script: the CSP forbids it.
      expect(html).not.toMatch(/<script|<template|<!--\$[?!]-->|hidden id="S:/);
    }
  });

  it("shows the 'Test mode' ribbon in sandbox mode only, as the client's first render does", async () => {
    expect((await prerenderPage('/events', 'sandbox')).html).toContain('aria-label="Test mode"');
    expect((await prerenderPage('/events', 'stripe')).html).not.toContain('aria-label="Test mode"');
  });

  it("renders data-driven parts in their loading state, and reports the page's title", async () => {
    const events = await prerenderPage('/events', 'sandbox');
    expect(events.html).toContain('Loading events...');
    expect(events.title).toBe('Events | Bright Beginnings Foundation');
    expect((await prerenderPage('/', 'sandbox')).title).toBe('Bright Beginnings Foundation');
  });

  it('leaves out the donate page tags that need the site origin (the browser adds them)', async () => {
    const { html } = await prerenderPage('/donate', 'sandbox');
    expect(html).toContain('<title>Donate | Bright Beginnings Foundation</title>');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:url');
  });
});
