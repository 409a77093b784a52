import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';

/**
 * Signs the page's browser in as the e2e admin without the login form: one POST /api/auth/login, then the session
 * stored where the site keeps it (localStorage admin_token and admin_user). For tests whose subject is not the
 * login form itself; a correct password never counts against the login throttle.
 */
export async function signInByApi(page: Page, request: APIRequestContext): Promise<string> {
  const reply = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(reply.status(), await reply.text()).toBe(200);
  const { data } = (await reply.json()) as { data: { token: string; user: unknown } };
  // Any page of the origin gives access to its localStorage; the 404 page is the lightest.
  await page.goto('/__sign-in__');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('admin_token', token);
      localStorage.setItem('admin_user', user);
    },
    [data.token, JSON.stringify(data.user)] as const,
  );
  return data.token;
}

/**
 * Records the text of every toast the page shows from now on (until it navigates by a full load). A toast stays
 * for 4 s; on a busy machine a polling assertion can miss one that came and went, a MutationObserver cannot.
 * Returns a function reading what was recorded so far.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __toasts?: Element[] };
    if (w.__toasts) return;
    // The elements themselves: a toast's text is read when asked for, so text filled in after insertion counts.
    const toasts: Element[] = [];
    w.__toasts = toasts;
    const note = (node: Node) => {
      if (!(node instanceof HTMLElement)) return;
      toasts.push(...(node.matches('[data-sonner-toast]') ? [node] : Array.from(node.querySelectorAll('[data-sonner-toast]'))));
    };
    new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(note))).observe(document.body, {
      childList: true,
      subtree: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: Element[] }).__toasts.map((el) => (el.textContent ?? '').trim()));
}
