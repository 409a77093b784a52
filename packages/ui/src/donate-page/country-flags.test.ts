import { COUNTRIES } from '@charity/domain';
import { describe, expect, it } from 'vitest';
import { COUNTRY_FLAG_IMAGES, countryFlagImage } from './country-flags';

describe('country flag images', () => {
  it('has an image for exactly the countries the domain gives a flag (the others get the globe)', () => {
    const withFlag = COUNTRIES.filter((country) => country.flag !== null).map((country) => country.code);
    expect(Object.keys(COUNTRY_FLAG_IMAGES).sort()).toEqual([...withFlag].sort());
    expect(withFlag.sort()).toEqual(['AU', 'CA', 'EU', 'IN', 'MY', 'SG', 'US']);
  });

  it("points each code at its own flag-icons SVG, and nothing at other codes", () => {
    for (const [code, url] of Object.entries(COUNTRY_FLAG_IMAGES)) {
      expect(url).toMatch(new RegExp(`/${code.toLowerCase()}(?:-[\\w-]+)?\\.svg(?:\\?.*)?$`));
      expect(url.startsWith('data:')).toBe(false);
    }
    expect(countryFlagImage('GB')).toBeUndefined();
    expect(countryFlagImage('toString')).toBeUndefined();
  });
});
