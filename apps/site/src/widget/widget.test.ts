import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'tsup';
import { describe, expect, it } from 'vitest';
import { embedUrl, partnerStatusUrl } from './widget';
import { donateUrl, WIDGET_TEXT, widgetPalette } from './widget-ui';

// widget.js as partners get it: built here with the production config, so the size limit holds for what ships.

const SITE = path.resolve(import.meta.dirname, '../..');

describe('widget.js', () => {
  it('builds to one ES2017 IIFE under 5 kB gzip, with no imports', async () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'charity-widget-'));
    await build({ config: path.join(SITE, 'widget.tsup.config.ts'), entry: { widget: path.join(SITE, 'src/widget/widget.ts') }, outDir, silent: true });
    const code = readFileSync(path.join(outDir, 'widget.js'), 'utf8');
    const gzipped = gzipSync(code, { level: 9 }).length;
    expect(gzipped).toBeLessThan(5 * 1024);
    expect(code).toMatch(/^"use strict";\(\(\)=>\{/);
    expect(code).not.toMatch(/\bimport\s*[({"']|\brequire\(/);
    // The API fills the organisation's name in as it serves the file.
    expect(code).toContain('__CHARITY_ORGANISATION_NAME__');
    expect(code).toContain('Donations are unavailable right now');
    expect(code).toContain(WIDGET_TEXT.blocked);
    // The palette is bundled in (theme.ts), not fetched: the launcher is coloured before anything loads.
    expect(code).toContain('/api/widget/partner-status?origin=');
  }, 30_000);

  it("frames /embed/donate on the script's origin with its data attributes and the partner's origin", () => {
    const data = { campaign: '12', amounts: '500,1000', currency: 'INR', theme: '#b91c1c', locale: 'en-IN', mode: 'inline', other: 'x' };
    expect(embedUrl('https://charity.example', data, 'https://partner.example')).toBe(
      'https://charity.example/embed/donate?campaign=12&amounts=500%2C1000&currency=INR&theme=%23b91c1c&locale=en-IN&partner=https%3A%2F%2Fpartner.example',
    );
    expect(embedUrl('https://charity.example', {}, 'http://127.0.0.1:8080')).toBe(
      'https://charity.example/embed/donate?partner=http%3A%2F%2F127.0.0.1%3A8080',
    );
  });

  it("asks the API about the partner page's own origin", () => {
    expect(partnerStatusUrl('https://charity.example', 'http://127.0.0.1:8080')).toBe(
      'https://charity.example/api/widget/partner-status?origin=http%3A%2F%2F127.0.0.1%3A8080',
    );
  });

  it("links the blocked message to the charity's /donate, with the widget's campaign when it names a real one", () => {
    expect(donateUrl('https://charity.example', '12')).toBe('https://charity.example/donate?campaign=12');
    expect(donateUrl('https://charity.example', ' 7 ')).toBe('https://charity.example/donate?campaign=7');
    for (const campaign of [undefined, '', '0', '12abc', '"><script>', '1234567890']) {
      expect(donateUrl('https://charity.example', campaign), String(campaign)).toBe('https://charity.example/donate');
    }
  });

  it("colours the launcher from data-theme, or the charity's red without a usable one", () => {
    expect(widgetPalette('#1D4ED8')).toMatchObject({ primary: '#1d4ed8', contrast: '#ffffff' });
    expect(widgetPalette('#facc15')).toMatchObject({ primary: '#facc15', contrast: '#2b2118' });
    for (const theme of [undefined, 'red', '#1d4ed8;x']) expect(widgetPalette(theme)).toMatchObject({ primary: '#b3261e', contrast: '#ffffff' });
  });
});
