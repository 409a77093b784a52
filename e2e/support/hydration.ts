import { expect, type Locator } from '@playwright/test';

/**
 * Whether React has hydrated the element: React keeps a host element's props on it under `__reactProps$…`, the
 * mark the boot script of prerendered pages waits for (apps/site/src/boot/early-events.ts).
 */
export function isHydrated(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')));
}

/**
 * Waits until React has hydrated the element. Only tests that stop the page's clock need this: a prerendered page's
 * scripts start after its first paint, so its timers (a slideshow's interval) begin then, and a test that moves a
 * stopped clock must not move it before they exist. Everything a visitor does meanwhile is replayed (early-input.spec.ts).
 */
export async function waitUntilHydrated(locator: Locator): Promise<void> {
  await expect.poll(() => isHydrated(locator), { message: 'React hydrated the element', timeout: 15_000 }).toBe(true);
}
