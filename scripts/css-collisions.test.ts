import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The library's CSS is loaded into partner pages we do not control, so it may only style its own markup:
// - every class in a selector is `cs-` prefixed, and every selector is anchored on a `cs-` class or on
//   `[class^='cs-']` / `[class*=' cs-']` (so `.cs-prose a` is fine, `a`, `body`, `*`, `.active` are not);
// - no id selectors; `:root` only to declare `--cs-*` custom properties;
// - every custom property declared is `--cs-*`; every @keyframes name is `cs-*`;
// - index.css only imports the library's own files.
// A small parser of our own (comments, strings, nested at-rules) keeps this free of a CSS dependency.

const stylesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/ui/src/styles');

interface Rule {
  selector: string;
  declarations: string;
}
interface Parsed {
  rules: Rule[];
  keyframes: string[];
  imports: string[];
  atRules: string[];
}

function stripComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, ' ');
}

/** Index of the `}` closing the block whose `{` is at `open`, skipping strings. */
function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const ch = css[i];
    if (ch === '"' || ch === "'") {
      const end = css.indexOf(ch, i + 1);
      if (end === -1) throw new Error('Unterminated string in CSS');
      i = end;
    } else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  throw new Error('Unbalanced braces in CSS');
}

export function parseCss(source: string, into: Parsed = { rules: [], keyframes: [], imports: [], atRules: [] }): Parsed {
  const css = stripComments(source);
  let i = 0;
  while (i < css.length) {
    const brace = css.indexOf('{', i);
    const semi = css.indexOf(';', i);
    if (brace === -1 && semi === -1) break;
    // A statement at-rule (@import …;) ends before the next block starts.
    if (semi !== -1 && (brace === -1 || semi < brace) && css.slice(i, semi).trim().startsWith('@')) {
      const statement = css.slice(i, semi).trim();
      if (statement.startsWith('@import')) into.imports.push(statement.replace(/^@import\s+/, ''));
      else into.atRules.push(statement);
      i = semi + 1;
      continue;
    }
    if (brace === -1) break;
    const prelude = css.slice(i, brace).trim();
    const close = matchingBrace(css, brace);
    const body = css.slice(brace + 1, close);
    if (prelude.startsWith('@keyframes')) {
      into.keyframes.push(prelude.replace(/^@keyframes\s+/, '').trim());
    } else if (/^@(media|supports|layer|container)\b/.test(prelude)) {
      into.atRules.push(prelude);
      parseCss(body, into);
    } else if (prelude.startsWith('@')) {
      into.atRules.push(prelude);
      into.rules.push({ selector: prelude, declarations: body });
    } else {
      into.rules.push({ selector: prelude, declarations: body });
    }
    i = close + 1;
  }
  return into;
}

/** Splits a selector list on top-level commas (not those inside :where(…) or [attr='a,b']). */
function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts.filter(Boolean);
}

const CS_ANCHOR = /\.cs-[\w-]|\[class[\^*|~]?=\s*(['"])\s?cs-/;

/** Every violation in one stylesheet, as 'file: reason: selector'. */
export function scopeViolations(file: string, source: string): string[] {
  const parsed = parseCss(source);
  const problems: string[] = [];
  for (const name of parsed.keyframes) {
    if (!name.startsWith('cs-')) problems.push(`${file}: @keyframes not prefixed cs-: ${name}`);
  }
  for (const statement of parsed.imports) {
    if (!/^(url\()?['"]\.\/[\w-]+\.css['"]\)?$/.test(statement)) {
      problems.push(`${file}: @import of something other than a library file: ${statement}`);
    }
  }
  for (const at of parsed.atRules) {
    if (/^@(font-face|page|namespace|property)/.test(at) && !/^@property\s+--cs-/.test(at)) {
      problems.push(`${file}: global at-rule: ${at}`);
    }
  }
  for (const { selector, declarations } of parsed.rules) {
    if (selector.startsWith('@')) continue;
    const customProperties = declarations.match(/(^|[;{\s])--[\w-]+\s*:/g) ?? [];
    for (const match of customProperties) {
      const name = match.replace(/^[;{\s]/, '').replace(/\s*:$/, '');
      if (!name.startsWith('--cs-')) problems.push(`${file}: custom property not prefixed --cs-: ${name}`);
    }
    for (const single of splitSelectorList(selector)) {
      // Attribute values and strings may mention anything; check classes and ids outside them.
      const bare = single.replace(/\[[^\]]*\]/g, '[]').replace(/(['"]).*?\1/g, '""');
      const classes = bare.match(/\.-?[_a-zA-Z][\w-]*/g) ?? [];
      for (const cls of classes) {
        if (!cls.startsWith('.cs-')) problems.push(`${file}: unprefixed class ${cls} in: ${single}`);
      }
      if (/#[_a-zA-Z-]/.test(bare)) problems.push(`${file}: id selector in: ${single}`);
      if (single === ':root') {
        const nonTokens = declarations
          .split(';')
          .map((d) => d.trim())
          .filter((d) => d && !d.startsWith('--cs-'));
        if (nonTokens.length > 0) problems.push(`${file}: :root sets more than --cs- tokens: ${nonTokens[0]}`);
        continue;
      }
      if (!CS_ANCHOR.test(single)) problems.push(`${file}: selector not scoped to a cs- class: ${single}`);
    }
  }
  return problems;
}

describe('scopeViolations (the checker itself)', () => {
  it('accepts the library patterns', () => {
    const css = `
      :root { --cs-color-primary: #b3261e; }
      :where([class^='cs-'], [class*=' cs-'])::after { box-sizing: border-box; }
      .cs-button, .cs-button--primary:hover { color: red; }
      .cs-prose a, .cs-card > h3 + p { color: var(--cs-color-text); }
      @media (prefers-reduced-motion: reduce) { .cs-spinner { animation: none; } }
      @keyframes cs-spin { from { transform: rotate(0); } to { transform: rotate(1turn); } }
      .cs-hero { --cs-local: 1; background: url("a,b.png"); }
    `;
    expect(scopeViolations('ok.css', css)).toEqual([]);
  });

  it('rejects bare elements, unprefixed classes, ids, foreign tokens and keyframes', () => {
    const css = `
      button { color: red; }
      .cs-card .active { color: red; }
      @media (min-width: 768px) { body, .cs-x { margin: 0; } }
      #main.cs-x { color: red; }
      :root { --brand: red; color: red; }
      .cs-x { --brand-2: blue; }
      [class^='cs-'] * , * { margin: 0; }
      @keyframes spin { to { opacity: 1; } }
      @import 'https://example.com/x.css';
    `;
    expect(scopeViolations('bad.css', css)).toEqual([
      'bad.css: @keyframes not prefixed cs-: spin',
      "bad.css: @import of something other than a library file: 'https://example.com/x.css'",
      'bad.css: selector not scoped to a cs- class: button',
      'bad.css: unprefixed class .active in: .cs-card .active',
      'bad.css: selector not scoped to a cs- class: body',
      'bad.css: id selector in: #main.cs-x',
      'bad.css: custom property not prefixed --cs-: --brand',
      'bad.css: :root sets more than --cs- tokens: --brand: red',
      'bad.css: custom property not prefixed --cs-: --brand-2',
      'bad.css: selector not scoped to a cs- class: *',
    ]);
  });
});

describe('packages/ui stylesheets cannot collide with a host page', () => {
  const files = readdirSync(stylesDir).filter((name) => name.endsWith('.css'));

  it('finds the stylesheets', () => {
    expect(files).toContain('tokens.css');
    expect(files).toContain('index.css');
    expect(files.length).toBeGreaterThan(20);
  });

  it('index.css imports every stylesheet in the folder', () => {
    const imported = parseCss(readFileSync(path.join(stylesDir, 'index.css'), 'utf8')).imports.map((s) =>
      s.replace(/^url\(|\)$/g, '').replace(/['"]/g, '').replace(/^\.\//, ''),
    );
    expect([...imported].sort()).toEqual(files.filter((name) => name !== 'index.css').sort());
  });

  it.each(files)('%s: every selector, custom property and keyframes name is cs- prefixed', (name) => {
    const source = readFileSync(path.join(stylesDir, name), 'utf8');
    expect(scopeViolations(name, source)).toEqual([]);
  });
});
