import { BRAND_COLOURS, ORGANISATION_SETTINGS_MESSAGES } from '@charity/domain';
import { describe, expect, it } from 'vitest';
import { indianReceipt, usReceipt } from './fixtures.js';
import { renderReceiptPdf, type ReceiptInput } from './pdf.js';
import { pdfPageTexts as pdfPages } from '../../test/support/pdf-text.js';

// The receipt's text is drawn with an embedded font, so the page content holds glyph ids: pdfPages (test/pdf-text.ts)
// decodes them through the fonts' ToUnicode maps, one string per page, page content only (not the metadata).

/** An object's value in the document information dictionary, e.g. info(raw, 'Title') → '(Donation receipt …)'. */
function info(raw: string, key: string): string | undefined {
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(raw)?.[1];
  return ref === undefined ? undefined : new RegExp(`\\n${ref} 0 obj\\n(.*)\\nendobj`).exec(raw)?.[1];
}

/** The receipt's visible text with line breaks as spaces, so a wrapped sentence can be found whole. */
async function receiptText(input: ReceiptInput): Promise<string> {
  return pdfPages(await renderReceiptPdf(input, { compress: false })).join('\n').replace(/\s+/g, ' ');
}

function pageCount(pdf: Buffer): number {
  return [...pdf.toString('latin1').matchAll(/\/Type \/Page\n/g)].length;
}

const EIGHTY_G = 'This donation is eligible for deduction under Section 80G of the Income-tax Act, 1961.';

describe('renderReceiptPdf', () => {
  it('renders a one-page A4 PDF', async () => {
    const pdf = await renderReceiptPdf(indianReceipt());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(raw).toContain('/FlateDecode');
    expect(pageCount(pdf)).toBe(1);
  });

  it('shows the organisation, receipt, donor and donation for an Indian donor, with the 80G wording and PAN', async () => {
    const text = await receiptText(indianReceipt());
    for (const expected of [
      'Bright Beginnings Foundation',
      '42, 2nd Cross, 5th Main Road, Indiranagar 1st Stage, Bengaluru, Karnataka 560038, India',
      'Email: contact@brightbeginnings.org.in',
      'Phone: +91 80 4123 5678',
      'Registration No. 602 of 2019 PAN: AABTB1234C 12A registration: AABTB1234CE20214',
      'Donation Receipt',
      'Receipt number BBF-2025-000042',
      'Receipt date 14 March 2025',
      'Donation date 14 March 2025',
      'Name Asha Rao',
      'Address 12, 3rd Main Road, Jayanagar 4th Block Bengaluru, Karnataka 560011 India',
      'Email asha.rao@example.in',
      'Amount ₹1,000',
      'Amount in words Rupees One Thousand Only',
      'Currency Indian Rupees (INR)',
      'Donation type One-time',
      'Towards Winter Warmth for 500 Children',
      'Payment reference pi_3QxTestIntent0042',
      'Income-tax deduction (Section 80G)',
      EIGHTY_G,
      '80G approval (URN): AABTB1234CF20214 dated 28 March 2022, valid from 1 April 2022 to 31 March 2027',
      'PAN: ABCDE1234F',
      // The closing thanks, the signatory (drawn beside them), and the settings' footer.
      'Thank you for your generous support. Your gift helps Bright Beginnings Foundation care for children and their families. This is a computer-generated receipt and does not need a signature. Authorised signatory Anita Rao Managing Trustee Bright Beginnings Foundation is a registered charitable trust. Thank you for standing beside children and their families.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('PAN not provided');
    expect(text).not.toContain('Tax approvals');
    expect(text).not.toContain(ORGANISATION_SETTINGS_MESSAGES.demoDocument);
  });

  it('marks a receipt drawn from the demonstration values, under its title', async () => {
    const text = await receiptText(indianReceipt({ organisation: { isDemo: true } }));
    expect(text).toContain(`Donation Receipt ${ORGANISATION_SETTINGS_MESSAGES.demoDocument} Receipt number BBF-2025-000042`);
  });

  it('says nothing of 80G for a gift outside the approval’s validity', async () => {
    const text = await receiptText(indianReceipt({ organisation: { eightyGValidFrom: '2025-04-01', eightyGValidUntil: '2030-03-31' } }));
    expect(text).not.toContain('Section 80G');
    expect(text).not.toContain('80G approval');
    expect(text).not.toContain('PAN: ABCDE1234F');
    expect(text).toContain('Registration No. 602 of 2019 PAN: AABTB1234C 12A registration: AABTB1234CE20214');
  });

  it('draws a receipt issued before the organisation settings as it was drawn then', async () => {
    const text = await receiptText(indianReceipt({ legacy: true, organisation: { eightyGNumber: 'AAATB1234CF20214' } }));
    for (const expected of [
      'Registration No. 602 of 2019 Tax approvals: 12A, 80G (Income-tax Act, 1961)',
      EIGHTY_G,
      '80G approval number: AAATB1234CF20214',
      'Thank you for your generous support. Your gift helps Bright Beginnings Foundation care for children and their families. This is a computer-generated receipt and does not need a signature.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Authorised signatory');
    expect(text).not.toContain('12A registration');
  });

  it('asks an Indian donor without a PAN for it', async () => {
    const text = await receiptText(indianReceipt({ donor: { panNumber: null } }));
    expect(text).toContain(EIGHTY_G);
    expect(text).toContain(
      "PAN not provided. The deduction under Section 80G needs the donor's PAN: please send it to contact@brightbeginnings.org.in, quoting receipt number BBF-2025-000042.",
    );
    // The only PAN on it is the organisation's own.
    expect(text.match(/PAN: [A-Z]{5}\d{4}[A-Z]/g)).toEqual(['PAN: AABTB1234C']);
  });

  it('gives a donor from the United States no 80G wording, and the amount with the currency name', async () => {
    const text = await receiptText(usReceipt());
    expect(text).not.toContain('Section 80G');
    expect(text).not.toContain('eligible for deduction');
    // Only the organisation's own PAN: the donor's is neither shown nor asked for.
    expect(text.match(/PAN\b[^ ]*/g)).toEqual(['PAN:']);
    expect(text).toContain('PAN: AABTB1234C');
    expect(text).not.toContain('Rupees');
    for (const expected of [
      'Registration No. 602 of 2019',
      'Name John Smith',
      'Washington, DC 20500 United States',
      'Amount $50',
      'Currency US Dollars (USD)',
      'Equivalent in INR ₹4,150',
      'Donation type Monthly',
      'Towards General donation',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('writes large and fractional INR amounts in figures and Indian words', async () => {
    const text = await receiptText(indianReceipt({ donation: { amount: 1_23_45_678.5 } }));
    expect(text).toContain('Amount ₹1,23,45,678.50');
    expect(text).toContain('Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Fifty Paise Only');
  });

  it('draws what donors typed as plain text, without control or bidi characters', async () => {
    const text = await receiptText(
      indianReceipt({
        donor: { fullName: 'Ravi\u0007 <script>alert(1)</script>\u202E Kumar', address: "=cmd|' /C calc'!A0\r\nline two\u0000", city: 'Pune\u2028' },
        donation: { campaignTitle: '=HYPERLINK("http://evil.example")' },
      }),
    );
    expect(text).toContain('Name Ravi <script>alert(1)</script> Kumar');
    expect(text).toContain("Address =cmd|' /C calc'!A0 line two Pune, Karnataka 560011");
    expect(text).toContain('Towards =HYPERLINK("http://evil.example")');
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u001f\u202e\u2028\ufffd]/);
  });

  it('draws the rupee sign and accented or Cyrillic names with the embedded font', async () => {
    const text = await receiptText(indianReceipt({ donor: { fullName: 'Zoë Łukasz Иванова' } }));
    expect(text).toContain('Name Zoë Łukasz Иванова');
    expect(text).toContain('₹1,000');
  });

  it('stays on one page with long but realistic details', async () => {
    const pdf = await renderReceiptPdf(
      indianReceipt({
        donor: {
          fullName: 'Venkatanarasimharajuvaripeta Srinivasa Raghavendra Subrahmanyam Lakshminarayana Iyengar',
          email: 'venkatanarasimharajuvaripeta.srinivasa.raghavendra@a-very-long-company-domain.example.co.in',
          address: 'Flat 1204, Tower B, Prestige Shantiniketan Apartments, Whitefield Main Road, Near ITPL Back Gate, Opposite Forum Value Mall, Hoodi Village, Krishnarajapuram Hobli, Bengaluru East Taluk',
          city: 'Bengaluru (Bangalore) Urban District',
          state: 'Karnataka',
          panNumber: null,
        },
        donation: { campaignTitle: 'Emergency Nutrition and Healthcare Support for Infants and Young Children in Flood-Affected Villages of North Karnataka', amount: 99_99_99_999.99 },
      }),
      { compress: false },
    );
    expect(pageCount(pdf)).toBe(1);
  });

  it('stays on one page with long details, the demonstration notice and a footer of the longest allowed', async () => {
    const longest = 'Registered office and correspondence: 42, 2nd Cross, 5th Main Road, Indiranagar 1st Stage, Bengaluru. '.repeat(5).slice(0, 500);
    const pdf = await renderReceiptPdf(
      indianReceipt({
        donor: {
          fullName: 'Venkatanarasimharajuvaripeta Srinivasa Raghavendra Subrahmanyam Lakshminarayana Iyengar',
          address: 'Flat 1204, Tower B, Prestige Shantiniketan Apartments, Whitefield Main Road, Near ITPL Back Gate, Opposite Forum Value Mall, Hoodi Village, Krishnarajapuram Hobli, Bengaluru East Taluk',
          city: 'Bengaluru (Bangalore) Urban District',
          panNumber: null,
        },
        donation: { campaignTitle: 'Emergency Nutrition and Healthcare Support for Infants and Young Children in Flood-Affected Villages of North Karnataka', amount: 99_99_99_999.99 },
        organisation: { isDemo: true, footer: longest, legalName: 'Bright Beginnings Foundation for the Care and Education of Children', signatoryTitle: 'Managing Trustee and Secretary' },
      }),
      { compress: false },
    );
    expect(pageCount(pdf)).toBe(1);
    const text = pdfPages(pdf).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(longest.trim().slice(-40));
  });

  it('keeps a receipt issued before the settings, with long details, on one page', async () => {
    const pdf = await renderReceiptPdf(
      indianReceipt({
        legacy: true,
        donor: {
          fullName: 'Venkatanarasimharajuvaripeta Srinivasa Raghavendra Subrahmanyam Lakshminarayana Iyengar',
          address: 'Flat 1204, Tower B, Prestige Shantiniketan Apartments, Whitefield Main Road, Near ITPL Back Gate, Opposite Forum Value Mall, Hoodi Village, Krishnarajapuram Hobli, Bengaluru East Taluk',
          panNumber: null,
        },
        donation: { campaignTitle: 'Emergency Nutrition and Healthcare Support for Infants and Young Children in Flood-Affected Villages of North Karnataka', amount: 99_99_99_999.99 },
        organisation: { eightyGNumber: 'AAATB1234CF20214 dated 28 May 2021, valid from AY 2022-23 to AY 2026-27' },
      }),
      { compress: false },
    );
    expect(pageCount(pdf)).toBe(1);
  });

  it('cuts absurdly long fields and moves table rows and the 80G panel to the next page whole', async () => {
    const long = (n: number) => 'W'.repeat(n);
    const pdf = await renderReceiptPdf(
      indianReceipt({
        donor: { fullName: long(500), email: `${long(300)}@example.com`, address: long(1000), city: long(300), state: long(300), pincode: long(50), country: long(300), panNumber: null },
        donation: { campaignTitle: long(1000), paymentIntentId: long(300) },
        organisation: { eightyGNumber: long(300) },
      }),
      { compress: false },
    );
    const pages = pdfPages(pdf);
    expect(pages.length).toBe(2);
    expect(pages.join('')).toContain('…');
    expect(pages[0]).toContain('Page 1 of 2');
    expect(pages[1]).toContain('Page 2 of 2');
    const flat = (page: string) => page.replace(/\s+/g, '');
    // Each row's label and the start of its value are on the same page.
    for (const [label, value] of [['Name', 'WWW'], ['Towards', 'WWW'], ['Paymentmethod', 'Card,paidonline'], ['Paymentreference', 'WWW']] as const) {
      const page = pages.find((p) => flat(p).includes(label));
      expect(page, label).toBeDefined();
      expect(flat(page!)).toContain(`${label}${value}`);
    }
    const panelPage = pages.find((p) => p.includes('Income-tax deduction (Section 80G)'));
    expect(panelPage).toContain('PAN not provided');
  });

  it('sets the title, author, language and creation date, and is tagged for screen readers', async () => {
    const raw = (await renderReceiptPdf(indianReceipt(), { compress: false })).toString('latin1');
    expect(info(raw, 'Title')).toBe('(Donation receipt BBF-2025-000042)');
    expect(info(raw, 'Author')).toBe('(Bright Beginnings Foundation)');
    expect(info(raw, 'CreationDate')).toBe('(D:20250314091500Z)');
    expect(raw).toContain('/Lang (en-IN)');
    expect(raw).toContain('/DisplayDocTitle true');
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toContain('/Marked true');
  });

  it("draws only in the site's palette, the headings in its primary red (no colour of the receipt's own)", async () => {
    // A demo receipt for an Indian donor: every element, the 80G panel and the demo notice included.
    const raw = (await renderReceiptPdf(indianReceipt({ organisation: { isDemo: true } }), { compress: false })).toString('latin1');
    const hex = (rgb: string) => `#${rgb.split(' ').map((part) => Math.round(Number(part) * 255).toString(16).padStart(2, '0')).join('')}`;
    const fills = [...raw.matchAll(/([\d.]+ [\d.]+ [\d.]+) scn/g)].map((match) => hex(match[1]!));
    const strokes = [...raw.matchAll(/([\d.]+ [\d.]+ [\d.]+) SCN/g)].map((match) => hex(match[1]!));
    const palette: string[] = Object.values(BRAND_COLOURS);
    expect(new Set(fills)).toEqual(new Set([BRAND_COLOURS.primary, BRAND_COLOURS.text, BRAND_COLOURS.muted, BRAND_COLOURS.surfaceAlt, BRAND_COLOURS.danger]));
    for (const colour of [...fills, ...strokes]) expect(palette).toContain(colour);
    expect(strokes.length).toBeGreaterThan(0);
    // The organisation's name, the first thing drawn in colour, is in the primary.
    expect(fills.find((colour) => colour !== BRAND_COLOURS.muted)).toBe(BRAND_COLOURS.primary);
  });

  it('gives the same bytes for the same input', async () => {
    const [first, second] = await Promise.all([renderReceiptPdf(indianReceipt()), renderReceiptPdf(indianReceipt())]);
    expect(first.equals(second)).toBe(true);
  });

  it('refuses input that cannot make a true receipt', async () => {
    await expect(renderReceiptPdf(indianReceipt({ donation: { amount: 0 } }))).rejects.toThrow(RangeError);
    await expect(renderReceiptPdf(indianReceipt({ receiptNumber: '' }))).rejects.toThrow('Receipt number is required');
  });
});
