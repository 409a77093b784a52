// The partner's colour (data-theme, a '#rgb' or '#rrggbb' checked by readThemeColour) as the page's primary colour,
// and the colours derived from it so that text on it stays readable (WCAG AA, 4.5:1) whatever the partner chose.
//
// It must be there before the first paint, so the server writes it into the page: a `style` attribute on <html> with
// the custom properties. The CSP allows that ('unsafe-inline' in style-src, apps/api/src/plugins/security-headers.ts:
// the UI library's components set inline styles too), and only a colour readThemeColour accepted ever gets here, so
// nothing but these declarations can be written. The browser sets the same properties again (main.tsx): a page drawn
// without the server's render (an old build, a failed render) gets the colour that way, as before.
//
// widget.js (src/widget) uses the same palette for its 'Donate' launcher, its dialog's 'Close' and its messages on the
// partner's page: this file is bundled into it, so it imports nothing.

/** The charity's own primary colour (tokens.css --cs-color-primary, BRAND_COLOURS.primary): widget.js without data-theme. */
export const DEFAULT_THEME_COLOUR = '#b3261e';
/** WCAG 2 AA for normal text. */
export const AA_CONTRAST = 4.5;

const WHITE = '#ffffff';
/** The site's text colour (tokens.css --cs-color-text), the first dark tried on a light partner colour. */
const DARK_TEXT = '#2b2118';
const BLACK = '#000000';

/** '#rgb' or '#rrggbb' (any case, spaces around ignored), as lower-case text; anything else null. */
export function readThemeColour(raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? '';
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value.toLowerCase() : null;
}

function channels(colour: string): [number, number, number] {
  let hex = colour.slice(1);
  if (hex.length === 3) hex = hex.replace(/./g, '$&$&');
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance of a '#rgb' / '#rrggbb' colour. */
export function relativeLuminance(colour: string): number {
  const [r, g, b] = channels(colour).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `weight` of `a` and the rest of `b`, channel by channel, as CSS color-mix(in srgb, a weight, b) draws it. */
export function mixColours(a: string, b: string, weight: number): string {
  const [ca, cb] = [channels(a), channels(b)];
  return toHex(ca.map((value, i) => value * weight + cb[i]! * (1 - weight)));
}

/**
 * The text colour for a background: white when it reaches AA on it, else the site's dark text when that does, else
 * black (one of white and black always reaches 4.58:1 or more).
 */
export function readableTextOn(background: string): string {
  for (const text of [WHITE, DARK_TEXT]) if (contrastRatio(text, background) >= AA_CONTRAST) return text;
  return BLACK;
}

export interface ThemePalette {
  /** The partner's colour: buttons, the current step, selected choices' borders. */
  primary: string;
  /** Text on primary: white, or dark on a light colour. */
  contrast: string;
  /** Primary under the pointer: away from its text colour (darker under white text, lighter under dark text). */
  hover: string;
  /** A light tint: the selected amount's background, highlighted options, the campaign's line. */
  soft: string;
  /** Text on the tint: the partner's colour darkened until it reaches AA there. */
  softContrast: string;
}

/** Every colour the widget and its page derive from the partner's one, each text/background pair at AA or better. */
export function themePalette(theme: string): ThemePalette {
  const contrast = readableTextOn(theme);
  const hover = mixColours(theme, contrast === WHITE ? BLACK : WHITE, 0.8);
  const soft = mixColours(theme, WHITE, 0.1);
  let softContrast = contrast === WHITE ? hover : theme;
  // Each step keeps 85% of the colour (the rest black): the hue stays the partner's, the text gets dark enough.
  while (contrastRatio(softContrast, soft) < AA_CONTRAST) softContrast = mixColours(softContrast, BLACK, 0.85);
  return { primary: theme, contrast, hover, soft, softContrast };
}

/** The custom properties for a partner colour, by name (none for anything but '#rgb' / '#rrggbb'). */
export function themeProperties(theme: string): Array<[name: string, value: string]> {
  const colour = readThemeColour(theme);
  if (!colour) return [];
  const palette = themePalette(colour);
  return [
    ['--cs-color-primary', palette.primary],
    ['--cs-color-primary-hover', palette.hover],
    ['--cs-color-primary-contrast', palette.contrast],
    ['--cs-color-primary-soft', palette.soft],
    // Not a token of tokens.css: only the selected amount reads it, falling back to --cs-color-primary-hover (the
    // library's own pair) when it is not set. A light partner colour needs a darker text on its tint than its hover.
    ['--cs-color-primary-soft-contrast', palette.softContrast],
  ];
}

/** The same properties as a style attribute's text ('' without a colour). */
export function themeStyle(theme: string | null): string {
  return theme ? themeProperties(theme).map(([name, value]) => `${name}: ${value}`).join('; ') : '';
}
