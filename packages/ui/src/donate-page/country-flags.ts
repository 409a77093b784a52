// The declaration travels with the imports: the root project (stories) and the library's build check this file without
// Vite's client types. An import cannot bring in an ambient module declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./svg-url.d.ts" />
import au from 'flag-icons/flags/4x3/au.svg?no-inline';
import ca from 'flag-icons/flags/4x3/ca.svg?no-inline';
import eu from 'flag-icons/flags/4x3/eu.svg?no-inline';
import india from 'flag-icons/flags/4x3/in.svg?no-inline';
import my from 'flag-icons/flags/4x3/my.svg?no-inline';
import sg from 'flag-icons/flags/4x3/sg.svg?no-inline';
import us from 'flag-icons/flags/4x3/us.svg?no-inline';

/*
 * Flag images for the 'International Donations Welcome' grid (spec §2: flags for IN, US, EU, CA, AU, SG, MY,
 * otherwise a globe). Emoji flags showed as empty boxes or two letters on systems without an emoji font, so the
 * tiles use flag-icons' SVGs. Only these seven are imported: each import is one small file the bundler fingerprints,
 * fetched by the page when the tile nears the screen, never part of the JavaScript.
 * country-flags.test.ts keeps this table and the domain's countries with a flag (countries.ts) in step.
 */
export const COUNTRY_FLAG_IMAGES: Readonly<Record<string, string>> = {
  IN: india,
  US: us,
  EU: eu,
  CA: ca,
  AU: au,
  SG: sg,
  MY: my,
};

/** flag-icons' 4x3 artwork at the size the tile shows it: set on the <img> so the tile never shifts as it loads. */
export const FLAG_IMAGE_SIZE = { width: 48, height: 36 } as const;

/** The flag image of a country, or undefined for the globe. */
export function countryFlagImage(code: string): string | undefined {
  return Object.hasOwn(COUNTRY_FLAG_IMAGES, code) ? COUNTRY_FLAG_IMAGES[code] : undefined;
}
