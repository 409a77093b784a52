import { expect, type Locator, type Page } from '@playwright/test';

/** What the page shows of its focused element. */
export interface FocusReport {
  /** A stable identity of the focused element (its path of child indexes from the root); null when nothing in the page has focus. */
  key: string | null;
  /** The focused element, e.g. 'button "Continue"' or 'input#card-number'. */
  element: string;
  /** Where its focus ring is drawn ('outline on the element', 'outline on an ancestor (…)', …); null when nowhere. */
  ring: string | null;
  /** Why it cannot be seen at all (covered, or outside the viewport); null when it can. */
  obscured: string | null;
}

/**
 * Runs in the page (self-contained: Playwright sends its source). Reads, from computed styles and hit testing:
 * - the focus ring (WCAG 2.4.7 "Focus Visible"): an outline (style not 'none', width above 0, colour not transparent;
 *   Chrome's default 'auto' counts) or a box-shadow on the element itself; or, for a control the design system
 *   draws elsewhere, an outline or box-shadow on its label or its next sibling (`input:focus-visible + .box`), or an
 *   outline on one of its four nearest ancestors (`:focus-within`, `:has(:focus-visible)`). Ancestors count only by
 *   outline: this design system draws outlines for focus and nothing else, while shadows are also decoration.
 * - whether it is hidden (WCAG 2.2 2.4.11 "Focus Not Obscured"): none of its centre and four inner corners is inside
 *   the viewport and uncovered. Elements of 2 px or less (a skip link before it shows) are not judged.
 */
function inspectFocusInPage(): FocusReport {
  const active = document.activeElement as HTMLElement | null;
  if (!active || active === document.body || active === document.documentElement) return { key: null, element: 'body', ring: null, obscured: null };
  const describe = (el: Element) => {
    const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    const id = el.id ? `#${el.id}` : '';
    const role = el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : '';
    return `${el.tagName.toLowerCase()}${id}${role}${name ? ` "${name}"` : ''}`;
  };
  const path: number[] = [];
  for (let node: Element | null = active; node && node.parentElement; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }

  const transparent = (colour: string) => colour === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(colour);
  const outline = (el: Element) => {
    const s = getComputedStyle(el);
    if (s.outlineStyle === 'none') return false;
    return s.outlineStyle === 'auto' || (parseFloat(s.outlineWidth) > 0 && !transparent(s.outlineColor));
  };
  const shadow = (el: Element) => {
    const s = getComputedStyle(el).boxShadow;
    return s !== 'none' && !/^rgba\([^)]*,\s*0\)/.test(s);
  };
  let ring: string | null = null;
  if (outline(active)) ring = 'outline on the element';
  else if (shadow(active)) ring = 'box-shadow on the element';
  else {
    const labels = 'labels' in active ? Array.from((active as HTMLInputElement).labels ?? []) : [];
    if (labels.some((label) => outline(label) || shadow(label))) ring = 'ring on its label';
    const next = active.nextElementSibling;
    if (!ring && next && (outline(next) || shadow(next))) ring = 'ring on its next sibling';
    let ancestor = active.parentElement;
    for (let depth = 0; !ring && ancestor && depth < 4; depth += 1, ancestor = ancestor.parentElement) {
      if (outline(ancestor)) ring = `outline on an ancestor (${describe(ancestor)})`;
    }
  }

  let obscured: string | null = null;
  const r = active.getBoundingClientRect();
  if (r.width > 2 && r.height > 2) {
    const dx = Math.min(2, r.width / 2);
    const dy = Math.min(2, r.height / 2);
    const points = [
      [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
      [r.left + dx, r.top + dy],
      [r.right - dx, r.top + dy],
      [r.left + dx, r.bottom - dy],
      [r.right - dx, r.bottom - dy],
    ] as const;
    let cover: Element | null = null;
    let seen = false;
    for (const [x, y] of points) {
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (top && (top === active || active.contains(top) || top.contains(active))) {
        seen = true;
        break;
      }
      cover = top;
    }
    if (!seen) obscured = `hidden by ${cover ? describe(cover) : 'the viewport edge'}`;
  }
  return { key: path.join('.'), element: describe(active), ring, obscured };
}

/** What the page shows of its focused element (see inspectFocusInPage). */
export async function focusReport(page: Page): Promise<FocusReport> {
  return page.evaluate(inspectFocusInPage);
}

/** Fails unless the focused element shows a focus ring. */
export async function expectVisibleFocus(page: Page, step: string): Promise<FocusReport> {
  const found = await focusReport(page);
  expect(found.ring, `${step}: no visible focus indicator on ${found.element}`).not.toBeNull();
  return found;
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking after every press that whatever in the page has
 * focus shows a ring. Fails after `max` presses. Returns how many presses it took.
 */
export async function tabTo(page: Page, target: Locator, { max = 80, backwards = false, label = 'target' } = {}): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const report = await focusReport(page);
    // Past the last element focus goes to the browser's own UI, which is not the page's to style.
    if (report.key !== null) expect(report.ring, `Tab ${presses} towards ${label}: no visible focus indicator on ${report.element}`).not.toBeNull();
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return presses;
  }
  throw new Error(`${label} did not receive focus within ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/**
 * Tabs through every stop of the page from where focus is until focus leaves the page or comes back round,
 * recording each stop that shows no ring or cannot be seen. Returns those problems and how many stops there were.
 */
export async function walkTabStops(page: Page, where: string, max = 250): Promise<{ problems: string[]; stops: number }> {
  const problems: string[] = [];
  const seen = new Set<string>();
  let stops = 0;
  for (; stops < max; stops += 1) {
    await page.keyboard.press('Tab');
    const report = await focusReport(page);
    if (report.key === null || seen.has(report.key)) break;
    seen.add(report.key);
    if (report.ring === null) problems.push(`${where}: Tab ${stops + 1}: no visible focus indicator on ${report.element}`);
    if (report.obscured) problems.push(`${where}: Tab ${stops + 1}: ${report.element} is ${report.obscured}`);
  }
  return { problems, stops };
}
