import { BRAND_COLOURS } from '@charity/domain';

/**
 * The colours of the charity's PDFs (receipt, credit note, annual statement): the site's palette, BRAND_COLOURS,
 * which brand-colours.test.ts keeps equal to packages/ui's tokens.css. Headed in the site's red, not in a colour of
 * the documents' own.
 */
export const DOCUMENT_COLOURS = {
  brand: BRAND_COLOURS.primary,
  text: BRAND_COLOURS.text,
  muted: BRAND_COLOURS.muted,
  rule: BRAND_COLOURS.border,
  panel: BRAND_COLOURS.surfaceAlt,
  panelBorder: BRAND_COLOURS.border,
  /** The demo-document notice. */
  warning: BRAND_COLOURS.danger,
} as const;
