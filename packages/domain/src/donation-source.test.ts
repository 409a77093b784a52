import { describe, expect, it } from 'vitest';
import { DONATION_SOURCE_TEXT, PARTNER_FILTER_NONE, donationSourceText, partnerFilterText, partnerSourceText } from './donation-source';

describe('donationSourceText', () => {
  it("names the partner of a widget gift, whatever its recorded source ('website' by the spec's rule)", () => {
    expect(donationSourceText({ source: 'website', partner_origin: 'https://school.example' })).toBe('Widget: https://school.example');
    expect(donationSourceText({ source: 'website', partner_origin: ' http://127.0.0.1:4100 ' })).toBe('Widget: http://127.0.0.1:4100');
  });

  it("reads 'Website' for the charity's own site", () => {
    expect(donationSourceText({ source: 'website', partner_origin: null })).toBe('Website');
    expect(donationSourceText({ source: '', partner_origin: '' })).toBe('Website');
    expect(DONATION_SOURCE_TEXT.website).toBe('Website');
  });

  it('shows any other recorded source as recorded', () => {
    expect(donationSourceText({ source: 'import', partner_origin: null })).toBe('import');
  });
});

describe('the partner filter', () => {
  it("is 'none' for the charity's own site, and reads as the source column does", () => {
    expect(PARTNER_FILTER_NONE).toBe('none');
    expect(partnerFilterText('')).toBe('Any source');
    expect(partnerFilterText('none')).toBe('Website');
    expect(partnerFilterText('https://school.example')).toBe(partnerSourceText('https://school.example'));
    expect(partnerFilterText('https://school.example')).toBe('Widget: https://school.example');
  });
});
