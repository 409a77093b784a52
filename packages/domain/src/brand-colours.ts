/**
 * The charity's palette for what cannot read the site's stylesheet: the PDF receipts, credit notes and annual
 * statements, and the emails. packages/ui/src/styles/tokens.css declares the same colours for the site as
 * `--cs-color-<name>` (primary → --cs-color-primary, surfaceAlt → --cs-color-surface-alt); a test beside the receipts
 * (apps/api/src/receipts/brand-colours.test.ts, where files can be read) keeps each value here equal to its token, so
 * a document never drifts off the palette when the site's changes.
 */
export const BRAND_COLOURS = {
  /** Warm red: headings on documents, links, the site's buttons. */
  primary: '#b3261e',
  primaryHover: '#8c1d18',
  primarySoft: '#fdecea',
  /** Text on primary. */
  primaryContrast: '#ffffff',
  /** Warm gold: highlights. */
  accent: '#f2a900',
  /** Cream: tinted panels and sections. */
  surfaceAlt: '#fff8f1',
  /** Warm near-black body text. */
  text: '#2b2118',
  /** Secondary text: labels, notes. */
  muted: '#675a50',
  /** Decorative separators and panel edges. */
  border: '#e6d9cc',
  borderStrong: '#8a7a6d',
  /** Errors and warnings that must stand out (the demo-document notice). */
  danger: '#a61b1b',
} as const satisfies Record<string, `#${string}`>;

export type BrandColour = keyof typeof BRAND_COLOURS;
