function normalise(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare || '/';
}

/**
 * 'page' when `href` is the current page, 'true' when the current page lies inside its section
 * (e.g. /campaigns for /campaigns/42), otherwise undefined.
 */
export function currentness(href: string, currentPath: string): 'page' | 'true' | undefined {
  const target = normalise(href);
  const current = normalise(currentPath);
  if (target === current) return 'page';
  if (target !== '/' && current.startsWith(`${target}/`)) return 'true';
  return undefined;
}
