import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BRAND_COLOURS } from '@charity/domain';
import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  contrastRatio,
  DEFAULT_THEME_COLOUR,
  mixColours,
  readableTextOn,
  readThemeColour,
  themePalette,
  themeProperties,
  themeStyle,
} from './theme';

// The partner's one colour becomes the embed page's primary colours and widget.js's launcher: every text/background
// pair derived from it must reach WCAG AA, whatever colour the partner picks.

describe('contrast', () => {
  it('computes WCAG 2 contrast ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // The site's primary on white, as tokens.css says: 6.5:1.
    expect(contrastRatio('#b3261e', '#ffffff')).toBeCloseTo(6.54, 2);
  });

  it('mixes as color-mix(in srgb) does', () => {
    expect(mixColours('#ffffff', '#000000', 0.5)).toBe('#808080');
    expect(mixColours('#1d4ed8', '#000000', 0.8)).toBe('#173ead');
  });

  it('puts white on a dark colour, the site text or black on a light one', () => {
    expect(readableTextOn('#1d4ed8')).toBe('#ffffff');
    expect(readableTextOn('#facc15')).toBe('#2b2118');
    // Too light for white, too dark for the site's dark text: black.
    expect(readableTextOn('#808080')).toBe('#000000');
  });
});

describe('themePalette', () => {
  const samples = ['#b3261e', '#1d4ed8', '#0f766e', '#facc15', '#22c55e', '#808080', '#777777', '#ffffff', '#000000', '#abc', '#ff00ff', '#00ffff'];

  it.each(samples)('keeps every pair derived from %s at AA or better', (colour) => {
    const palette = themePalette(colour.length === 4 ? `#${[...colour.slice(1)].map((c) => c + c).join('')}` : colour);
    expect(contrastRatio(palette.contrast, palette.primary)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastRatio(palette.contrast, palette.hover)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastRatio(palette.softContrast, palette.soft)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it("derives the library's own pair from the charity's colour", () => {
    expect(themePalette(DEFAULT_THEME_COLOUR)).toEqual({
      primary: '#b3261e',
      contrast: '#ffffff',
      hover: '#8f1e18',
      soft: '#f7e9e9',
      softContrast: '#8f1e18',
    });
  });

  it('darkens the hover under white text and lightens it under dark text', () => {
    expect(themePalette('#1d4ed8').hover).toBe('#173ead');
    expect(themePalette('#facc15')).toMatchObject({ contrast: '#2b2118', hover: '#fbd644', soft: '#fffae8', softContrast: '#836a0b' });
  });
});

describe('themeProperties and themeStyle', () => {
  it('sets the primary colours, the text on them and the tint of selected choices', () => {
    expect(themeProperties('#1d4ed8')).toEqual([
      ['--cs-color-primary', '#1d4ed8'],
      ['--cs-color-primary-hover', '#173ead'],
      ['--cs-color-primary-contrast', '#ffffff'],
      ['--cs-color-primary-soft', '#e8edfb'],
      ['--cs-color-primary-soft-contrast', '#173ead'],
    ]);
    expect(themeStyle('#1d4ed8')).toBe(
      '--cs-color-primary: #1d4ed8; --cs-color-primary-hover: #173ead; --cs-color-primary-contrast: #ffffff; --cs-color-primary-soft: #e8edfb; --cs-color-primary-soft-contrast: #173ead',
    );
    expect(themeStyle(null)).toBe('');
  });

  it('writes nothing for anything but #rgb / #rrggbb', () => {
    for (const raw of ['red', '#12345', '#1d4ed8; color: red', 'url(x)', '#gggggg', '']) {
      expect(themeProperties(raw), raw).toEqual([]);
      expect(readThemeColour(raw), raw).toBeNull();
    }
    expect(readThemeColour(' #1D4ED8 ')).toBe('#1d4ed8');
    expect(readThemeColour('#ABC')).toBe('#abc');
  });

  it("starts from the charity's own colour, as tokens.css and the documents have it", () => {
    expect(DEFAULT_THEME_COLOUR).toBe(BRAND_COLOURS.primary);
    const tokens = readFileSync(path.resolve(import.meta.dirname, '../../../../packages/ui/src/styles/tokens.css'), 'utf8');
    expect(tokens).toContain(`--cs-color-primary: ${DEFAULT_THEME_COLOUR};`);
  });
});
