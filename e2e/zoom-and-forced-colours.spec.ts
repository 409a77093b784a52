import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectVisibleFocus } from './support/keyboard';

// Accessibility: the site is usable at 200 % zoom and in forced-colours mode.
// - Zoom: a 1280 × 800 window at 200 % is a 640 × 400 CSS px viewport at device scale 2; WCAG 1.4.10 "Reflow" asks
//   for 320 CSS px (1280 at 400 %). At both, no public page scrolls sideways, the navigation is reachable through the
//   menu, and a donation can be started.
// - Forced colours (Windows High Contrast; Chromium applies the system colours when the media is emulated): author
//   backgrounds and shadows are dropped, so every control needs its own border, focus needs an outline, and icons
//   must draw with currentColor to follow the system's text colour.

const expect = baseExpect.configure({ timeout: 15_000 });

const PUBLIC_PAGES = ['/', '/about', '/campaigns', '/events', '/donate', '/contact', '/no/such/page', '/login'] as const;

/** Waits for the page's data: h1 shown, no request in flight, no loading spinner left. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** The page's horizontal overflow in CSS px and the widest element that causes it (for the failure message). */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    if (overflow <= 0) return { overflow, culprit: null };
    let culprit: string | null = null;
    let widest = root.clientWidth;
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const right = el.getBoundingClientRect().right + window.scrollX;
      if (right > widest) {
        widest = right;
        culprit = `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').split(' ').join('.')} right=${Math.round(right)}`;
      }
    }
    return { overflow, culprit };
  });
}

const ZOOMS = [
  { name: '200 % zoom (1280 px window)', viewport: { width: 640, height: 400 } },
  { name: '320 CSS px reflow (1280 px window at 400 %)', viewport: { width: 320, height: 256 } },
] as const;

for (const zoom of ZOOMS) {
  test.describe(zoom.name, () => {
    test.use({ viewport: zoom.viewport, deviceScaleFactor: 2 });

    test('no public page scrolls sideways, the menu reaches every page, and a donation can be started', async ({ page }) => {
      test.setTimeout(90_000);
      const overflowing: string[] = [];
      for (const path of PUBLIC_PAGES) {
        await visit(page, path);
        const { overflow, culprit } = await sidewaysOverflow(page);
        if (overflow > 0) overflowing.push(`${path}: ${overflow}px wider than the viewport (${culprit})`);
        // Below 768 px the navigation is behind the menu button, which every page shows.
        await expect(page.getByRole('button', { name: /menu/i }), path).toBeVisible();
      }
      expect(overflowing).toEqual([]);

      // The menu opens, lists every page inside the viewport, and takes the visitor there.
      await visit(page, '/');
      const menu = page.getByRole('button', { name: /menu/i });
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      const drawer = page.locator(`[id="${await menu.getAttribute('aria-controls')}"]`);
      for (const label of ['Home', 'About', 'Campaigns', 'Events', 'Contact']) {
        const link = drawer.getByRole('link', { name: label, exact: true });
        await link.scrollIntoViewIfNeeded();
        await expect(link).toBeInViewport();
      }
      await drawer.getByRole('link', { name: 'Events', exact: true }).click();
      await expect(page).toHaveURL(/\/events$/);
      await expect(menu).toHaveAttribute('aria-expanded', 'false');

      // A donation starts: the header's Donate leads to /donate, and the wizard moves on to the donor's details
      // without the page scrolling sideways at either step.
      await page.getByRole('banner').getByRole('link', { name: 'Donate', exact: true }).click();
      await expect(page).toHaveURL(/\/donate$/);
      const wizard = page.getByRole('region', { name: /^Step \d of 4:/ });
      const heading = wizard.getByRole('heading', { level: 3 });
      await expect(heading).toHaveText('Step 1 of 4: Choose Amount');
      await wizard.getByRole('radio', { name: '₹500', exact: true }).check();
      await wizard.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(heading).toHaveText('Step 2 of 4: Your Details');
      await expect(wizard.getByRole('textbox', { name: 'Full Name', exact: true })).toBeVisible();
      expect((await sidewaysOverflow(page)).overflow, 'the details step scrolls sideways').toBeLessThanOrEqual(0);
    });
  });
}

/** The controls the forced-colours checks look at: buttons (and links dressed as buttons), fields, selects, tabs. */
const CONTROLS =
  'button, [role="button"], [role="combobox"], [role="tab"], a.cs-button, input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), select, textarea';

/**
 * Problems a forced-colours user would meet on the current page (only what is rendered is checked):
 * - a control whose extent shows only by its fill (a filled button) or a field, without a border of its own (or on
 *   its ::before/::after, or on a bordered box around it and no other control, like a card or the card-number
 *   frame): forced colours drop author backgrounds, so nothing would show where it is;
 * - a design-system radio or checkbox whose drawn box has no border;
 * - an icon (an SVG up to 48 px) painted in a fixed colour instead of currentColor: it would not follow the
 *   system's text colour.
 * Which controls are filled is read with forced colours off (they replace the fills), then the page is checked
 * with them on again.
 */
async function forcedColourProblems(page: Page, where: string): Promise<string[]> {
  await page.emulateMedia({ forcedColors: 'none' });
  await page.evaluate((selector) => {
    const filled = new WeakSet<Element>();
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const s = getComputedStyle(el);
      const alpha = /rgba\([^)]*,\s*([\d.]+)\)$/.exec(s.backgroundColor)?.[1];
      if (s.backgroundImage !== 'none' || (s.backgroundColor !== 'transparent' && (alpha === undefined || Number(alpha) > 0))) filled.add(el);
    }
    (window as unknown as { __filledControls: WeakSet<Element> }).__filledControls = filled;
  }, CONTROLS);
  await page.emulateMedia({ forcedColors: 'active' });
  const problems = await page.evaluate((selector) => {
    const filled = (window as unknown as { __filledControls: WeakSet<Element> }).__filledControls;
    const found: string[] = [];
    const describe = (el: Element) => {
      const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').split(' ').filter(Boolean).join('.')}${name ? ` "${name}"` : ''}`;
    };
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return box.width > 2 && box.height > 2 && s.visibility !== 'hidden' && s.opacity !== '0';
    };
    const sidesBordered = (s: CSSStyleDeclaration) =>
      ['top', 'right', 'bottom', 'left'].some((side) => s.getPropertyValue(`border-${side}-style`) !== 'none' && parseFloat(s.getPropertyValue(`border-${side}-width`)) > 0);
    const bordered = (el: Element) =>
      sidesBordered(getComputedStyle(el)) ||
      (['::before', '::after'] as const).some((pseudo) => {
        const s = getComputedStyle(el, pseudo);
        return s.content !== 'none' && s.content !== 'normal' && sidesBordered(s);
      });
    /** A bordered box up to three levels up that holds this control and no other: the card or frame is its edge. */
    const boxedAlone = (el: Element) => {
      let box = el.parentElement;
      for (let depth = 0; box && depth < 3; depth += 1, box = box.parentElement) {
        if (box.querySelectorAll(selector).length > 1) return false;
        if (sidesBordered(getComputedStyle(box))) return true;
      }
      return false;
    };

    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (!shown(el)) continue;
      const field = el.matches('input, select, textarea, [role="combobox"]');
      if (!field && !filled.has(el)) continue; // a text or icon button without a fill reads the same in forced colours
      if (!bordered(el) && !boxedAlone(el)) found.push(`${field ? 'field' : 'filled control'} without a border: ${describe(el)}`);
    }
    for (const input of Array.from(document.querySelectorAll('input[type="radio"], input[type="checkbox"]'))) {
      if (shown(input)) continue; // a native one draws itself in system colours
      const drawn = input.nextElementSibling;
      if (drawn && shown(drawn) && !bordered(drawn)) found.push(`choice without a border: ${describe(drawn)} for ${describe(input.closest('label') ?? input)}`);
    }
    for (const svg of Array.from(document.querySelectorAll('svg'))) {
      if (!shown(svg)) continue;
      const box = svg.getBoundingClientRect();
      if (box.width > 48 || box.height > 48) continue; // an illustration or a chart, not an icon
      for (const shape of [svg, ...Array.from(svg.querySelectorAll('path, circle, rect, line, polyline, polygon, ellipse'))]) {
        const s = getComputedStyle(shape);
        const fixed = [s.fill, s.stroke].find((paint) => paint !== 'none' && paint !== s.color);
        if (fixed) {
          found.push(`icon not in currentColor: ${describe(svg.closest('button, a, label, [role]') ?? svg)} (${shape.tagName} ${fixed} vs ${s.color})`);
          break;
        }
      }
    }
    return [...new Set(found)];
  }, CONTROLS);
  return problems.map((problem) => `${where}: ${problem}`);
}

/** Tabs `count` times from the top of the page, checking each focused element shows an outline. */
async function focusStaysVisible(page: Page, count: number, where: string) {
  for (let press = 1; press <= count; press += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement === document.body)) break;
    await expectVisibleFocus(page, `${where}, forced colours, Tab ${press}`);
  }
}

test.describe('forced colours', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
  });

  test('controls keep their borders, icons follow the text colour and focus stays visible on the main pages', async ({ page }) => {
    test.setTimeout(90_000);
    const found: string[] = [];
    for (const path of ['/', '/about', '/campaigns', '/events', '/contact', '/login', '/no/such/page']) {
      await visit(page, path);
      expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
      found.push(...(await forcedColourProblems(page, path)));
      await focusStaysVisible(page, 25, path);
    }
    // The mobile menu, open.
    await page.setViewportSize({ width: 375, height: 800 });
    await visit(page, '/');
    await page.getByRole('button', { name: /menu/i }).click();
    found.push(...(await forcedColourProblems(page, '/ menu open (375px)')));
    expect(found).toEqual([]);
  });

  test('the donation wizard keeps borders, icons and focus at each step', async ({ page }) => {
    test.setTimeout(90_000);
    const found: string[] = [];
    await visit(page, '/donate');
    const wizard = page.getByRole('region', { name: /^Step \d of 4:/ });
    const heading = wizard.getByRole('heading', { level: 3 });
    found.push(...(await forcedColourProblems(page, '/donate step 1')));
    // Focus on the wizard's own controls: from the step heading onwards.
    await wizard.getByRole('radio', { name: '₹1,000', exact: true }).focus();
    await focusStaysVisible(page, 6, '/donate step 1');
    await wizard.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(heading).toHaveText('Step 2 of 4: Your Details');
    await wizard.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(wizard.getByRole('alert').filter({ hasText: 'Please fill all required fields correctly' })).toBeVisible();
    found.push(...(await forcedColourProblems(page, '/donate step 2 with errors')));
    await focusStaysVisible(page, 10, '/donate step 2');
    await wizard.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Asha Rao');
    await wizard.getByRole('textbox', { name: 'Email Address', exact: true }).fill('asha.rao@example.org');
    await wizard.getByRole('textbox', { name: 'Mobile Number', exact: true }).fill('98450 12345');
    await wizard.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Indiranagar 100 Feet Road');
    await wizard.getByRole('combobox', { name: 'State', exact: true }).click();
    found.push(...(await forcedColourProblems(page, '/donate State list open')));
    await page.getByRole('option', { name: 'Karnataka', exact: true }).click();
    await wizard.getByRole('textbox', { name: 'City', exact: true }).fill('Bengaluru');
    await wizard.getByRole('textbox', { name: 'PIN Code', exact: true }).fill('560038');
    await wizard.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(heading).toHaveText('Step 3 of 4: Review Your Donation');
    found.push(...(await forcedColourProblems(page, '/donate step 3')));
    await wizard.getByRole('button', { name: 'Proceed to Payment', exact: true }).click();
    await expect(heading).toHaveText('Step 4 of 4: Payment');
    await expect(wizard.getByRole('textbox', { name: 'Card number', exact: true })).toBeVisible();
    found.push(...(await forcedColourProblems(page, '/donate step 4')));
    await wizard.getByRole('textbox', { name: 'Card number', exact: true }).focus();
    await expectVisibleFocus(page, '/donate step 4 Card number, forced colours');
    await focusStaysVisible(page, 5, '/donate step 4');
    expect(found).toEqual([]);
  });
});
