/**
 * The address to load a campaign image from. The API stores server-relative paths ('/uploads/campaigns/x.webp');
 * `baseUrl` puts them on another origin (the donate widget on a partner's page, Storybook). Absolute, protocol-
 * relative, data: and blob: URLs are used as they are. Blank → null.
 */
export function resolveImageUrl(url: string | null | undefined, baseUrl?: string): string | null {
  const value = url?.trim() ?? '';
  if (value === '') return null;
  if (!baseUrl || /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(value)) return value;
  return `${baseUrl.replace(/\/+$/, '')}/${value.replace(/^\/+/, '')}`;
}
