import { readFileSync } from 'node:fs';
import { BRAND_COLOURS } from '@charity/domain';
import { describe, expect, it } from 'vitest';

// The PDFs (document-colours.ts) and the receipt mail draw in BRAND_COLOURS (packages/domain), the site in the custom
// properties of packages/ui's tokens.css. This keeps the two one palette: a colour changed on one side only fails
// here. (It lives with the receipts because the domain is type-checked without Node, so it cannot read files.)
const tokensCss = readFileSync(new URL('../../../../packages/ui/src/styles/tokens.css', import.meta.url), 'utf8');

/** The value tokens.css gives `--cs-color-<name>` ('surfaceAlt' → --cs-color-surface-alt), lower-cased. */
function token(name: string): string | undefined {
  const property = `--cs-color-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return new RegExp(`${property}:\\s*([^;]+);`).exec(tokensCss)?.[1]?.trim().toLowerCase();
}

describe('BRAND_COLOURS', () => {
  it("is the site's primary colour, the one the documents' headings and the mails' links use", () => {
    expect(token('primary')).toBe('#b3261e');
    expect(BRAND_COLOURS.primary).toBe(token('primary'));
  });

  it.each(Object.entries(BRAND_COLOURS))('%s equals its token in tokens.css', (name, value) => {
    expect(value).toMatch(/^#[0-9a-f]{6}$/);
    expect(token(name)).toBe(value);
  });
});
