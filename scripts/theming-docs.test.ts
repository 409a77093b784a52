import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// stories/Theming.mdx is the designers' and partners' reference of the --cs-* tokens. It is written by hand,
// so this test keeps it true: every token declared in tokens.css has a row with its exact default, and the
// page lists no token that does not exist.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tokensCss = readFileSync(path.join(root, 'packages/ui/src/styles/tokens.css'), 'utf8').replace(
  /\/\*[\s\S]*?\*\//g,
  '',
);
const mdx = readFileSync(path.join(root, 'stories/Theming.mdx'), 'utf8');

const declared = [...tokensCss.matchAll(/(--cs-[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => ({
  name: name!,
  value: value!.trim(),
}));
const rows = new Map(
  [...mdx.matchAll(/^\| `(--cs-[\w-]+)` \| `([^`]+)` \| .+ \|$/gm)].map(([, name, value]) => [name!, value!]),
);

describe('stories/Theming.mdx documents every theme token', () => {
  it('reads the tokens', () => {
    expect(declared.length).toBeGreaterThanOrEqual(30);
    expect(declared.map((token) => token.name)).toContain('--cs-color-primary');
  });

  it.each(declared.map((token) => [token.name, token.value]))('%s is listed with default %s', (name, value) => {
    expect(rows.get(name)).toBe(value);
  });

  it('lists no token that tokens.css does not declare', () => {
    expect([...rows.keys()].filter((name) => !declared.some((token) => token.name === name))).toEqual([]);
  });
});
