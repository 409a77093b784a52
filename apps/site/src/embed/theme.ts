// The partner's colour (data-theme, a '#rgb' or '#rrggbb' checked by params.ts readTheme) as the page's primary colour.
//
// It must be there before the first paint, so the server writes it into the page: a `style` attribute on <html> with
// the two custom properties. The CSP allows that ('unsafe-inline' in style-src, apps/api/src/plugins/security-headers.ts:
// the UI library's components set inline styles too), and only a colour readTheme accepted ever gets here, so nothing
// but these two declarations can be written. The browser sets the same properties again (main.tsx): a page drawn
// without the server's render (an old build, a failed render) gets the colour that way, as before.

/** The custom properties for a partner colour, by name. */
export function themeProperties(theme: string): Array<[name: string, value: string]> {
  if (!/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/.test(theme)) return [];
  return [
    ['--cs-color-primary', theme],
    // Hover a little darker than the partner's colour, whatever it is.
    ['--cs-color-primary-hover', `color-mix(in srgb, ${theme} 80%, #000)`],
  ];
}

/** The same properties as a style attribute's text ('' without a colour). */
export function themeStyle(theme: string | null): string {
  return theme ? themeProperties(theme).map(([name, value]) => `${name}: ${value}`).join('; ') : '';
}
