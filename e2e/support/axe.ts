import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Every axe rule of WCAG 2.0/2.1 A and AA, WCAG 2.2 AA and axe's best practices (no impact filter, so a "minor" finding
 * fails as surely as a "critical" one).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] as const;

/**
 * The page's axe violations as readable lines ("<where> <rule> <help>: <targets>"), so a failing assertion says
 * which element broke which rule. Empty when the page passes. `include` (a CSS selector) limits the scan to the
 * part of the page that changed since a whole-page scan.
 */
export async function axeViolations(page: Page, where: string, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags([...AXE_TAGS]);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map(
    (v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join(' | ')}`,
  );
}
