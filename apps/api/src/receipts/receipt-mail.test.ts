import { ORGANISATION_SETTINGS_MESSAGES } from '@charity/domain';
import { describe, expect, it } from 'vitest';
import { indianReceipt, usReceipt } from './fixtures.js';
import { receiptMail } from './receipt-mail.js';

const EIGHTY_G = 'This donation is eligible for deduction under Section 80G of the Income-tax Act, 1961.';

describe('receiptMail', () => {
  it('has the receipt number and the organisation in the subject', () => {
    expect(receiptMail(indianReceipt()).subject).toBe('Your donation receipt BBF-2025-000042 — Bright Beginnings Foundation');
  });

  it('thanks the donor and repeats the receipt in the text part', () => {
    const { text } = receiptMail(indianReceipt());
    expect(text.startsWith('Dear Asha Rao,\n\nThank you for your donation to Bright Beginnings Foundation.')).toBe(true);
    for (const line of [
      'Receipt number: BBF-2025-000042',
      'Receipt date: 14 March 2025',
      'Amount: ₹1,000 (Rupees One Thousand Only)',
      'Donation type: One-time',
      'Towards: Winter Warmth for 500 Children',
      'Payment reference: pi_3QxTestIntent0042',
      'Income-tax deduction (Section 80G)',
      EIGHTY_G,
      '80G approval (URN): AABTB1234CF20214 dated 28 March 2022, valid from 1 April 2022 to 31 March 2027',
      'PAN: ABCDE1234F',
    ]) {
      expect(text.split('\n')).toContain(line);
    }
    // Signed by the settings' signatory, with the organisation's own PAN and 12A number, and the footer last.
    expect(text.endsWith(
      [
        'With gratitude,',
        'Authorised signatory',
        'Anita Rao',
        'Managing Trustee',
        'Bright Beginnings Foundation',
        '42, 2nd Cross, 5th Main Road, Indiranagar 1st Stage, Bengaluru, Karnataka 560038, India',
        'Email: contact@brightbeginnings.org.in  Phone: +91 80 4123 5678',
        'Registration No. 602 of 2019  PAN: AABTB1234C',
        '12A registration: AABTB1234CE20214',
        '',
        'Bright Beginnings Foundation is a registered charitable trust. Thank you for standing beside children and their families.',
      ].join('\n'),
    )).toBe(true);
    expect(text).not.toContain(ORGANISATION_SETTINGS_MESSAGES.demoDocument);
  });

  it('says so when the details are the demonstration values, in both parts', () => {
    const { text, html } = receiptMail(indianReceipt({ organisation: { isDemo: true } }));
    expect(text.endsWith(`\n${ORGANISATION_SETTINGS_MESSAGES.demoDocument}`)).toBe(true);
    expect(html).toContain(`<p style="font-size: 0.9em; color: #675a50">${ORGANISATION_SETTINGS_MESSAGES.demoDocument}</p>`);
  });

  it("draws in the site's palette: text, the links in its primary red", () => {
    const { html } = receiptMail(indianReceipt(), { downloadUrl: 'https://example.org/r.pdf' });
    expect(html).toContain('<body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #2b2118">');
    expect(html).toContain('<a href="https://example.org/r.pdf" style="color: #b3261e">');
    expect(html).not.toContain('#1d4e89');
  });

  it('promises no deduction for a gift outside the 80G approval’s validity', () => {
    const { text, html } = receiptMail(indianReceipt({ organisation: { eightyGValidFrom: '2025-04-01', eightyGValidUntil: null } }));
    for (const part of [text, html]) {
      expect(part).not.toContain('Section 80G');
      expect(part).not.toContain('80G approval');
    }
    // The organisation's own PAN is still there: it is part of who issued the receipt.
    expect(text).toContain('Registration No. 602 of 2019  PAN: AABTB1234C');
  });

  it('keeps a receipt issued before the organisation settings as it was', () => {
    const { text } = receiptMail(indianReceipt({ legacy: true, organisation: { eightyGNumber: 'AAATB1234CF20214' } }));
    expect(text.split('\n')).toContain('80G approval number: AAATB1234CF20214');
    expect(text.endsWith('With gratitude,\nBright Beginnings Foundation\n42, 2nd Cross, 5th Main Road, Indiranagar 1st Stage, Bengaluru, Karnataka 560038, India\nEmail: contact@brightbeginnings.org.in  Phone: +91 80 4123 5678\nRegistration No. 602 of 2019  Tax approvals: 12A, 80G (Income-tax Act, 1961)')).toBe(true);
  });

  it('asks an Indian donor without a PAN for it', () => {
    const { text, html } = receiptMail(indianReceipt({ donor: { panNumber: null } }));
    expect(text).toContain("PAN not provided. The deduction under Section 80G needs the donor's PAN");
    expect(html).toContain('PAN not provided. The deduction under Section 80G needs the donor&#39;s PAN');
  });

  it('gives a donor outside India no 80G wording', () => {
    const { text, html } = receiptMail(usReceipt());
    for (const part of [text, html]) {
      expect(part).not.toContain('Section 80G');
      expect(part).not.toContain('80G approval');
      // The donor's PAN is neither shown nor asked for; the organisation's own PAN is part of its details.
      expect(part).not.toContain('PAN not provided');
      expect(part.match(/PAN: [A-Z0-9]+/g)).toEqual(['PAN: AABTB1234C']);
    }
    expect(text).toContain('Amount: $50\nCurrency: US Dollars (USD)\nEquivalent in INR: ₹4,150\nDonation type: Monthly\nTowards: General donation');
  });

  it('escapes everything the donor typed in the HTML part', () => {
    const { html, text, subject } = receiptMail(
      indianReceipt({
        donor: { fullName: '<script>alert("x")</script> & Co' },
        donation: { campaignTitle: '<img src=x onerror=alert(1)>' },
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('Dear &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co,');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // Plain text is not markup: the name is shown as typed.
    expect(text).toContain('Dear <script>alert("x")</script> & Co,');
    expect(subject).not.toContain('script');
  });

  it('is a complete HTML document with a labelled table', () => {
    const { html } = receiptMail(indianReceipt());
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<title>Donation receipt BBF-2025-000042</title>');
    expect(html).toContain('<th scope="row" align="left" style="padding: 2px 1em 2px 0; vertical-align: top">Amount</th><td style="padding: 2px 0">₹1,000 (Rupees One Thousand Only)</td>');
    expect(html.trimEnd().endsWith('</body></html>')).toBe(true);
  });

  it('keeps control characters out of the mail and greets a donor without a usable name', () => {
    const { text } = receiptMail(indianReceipt({ donor: { fullName: '\u0000\u202E ' } }));
    expect(text.startsWith('Dear friend,')).toBe(true);
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
  });

  it('links to the PDF when given a download address, and refuses one that is not http(s)', () => {
    const url = 'https://brightbeginnings.org.in/api/invoices/BBF-2025-000042/download?token=a1b2&x="y"';
    const { text, html } = receiptMail(indianReceipt(), { downloadUrl: url });
    expect(text).toContain('Download your receipt (PDF): https://brightbeginnings.org.in/api/invoices/BBF-2025-000042/download?token=a1b2&x=%22y%22');
    expect(html).toContain('<a href="https://brightbeginnings.org.in/api/invoices/BBF-2025-000042/download?token=a1b2&amp;x=%22y%22"');
    expect(receiptMail(indianReceipt()).text).not.toContain('Download');
    expect(() => receiptMail(indianReceipt(), { downloadUrl: 'javascript:alert(1)' })).toThrow(TypeError);
    expect(() => receiptMail(indianReceipt(), { downloadUrl: '/relative/path' })).toThrow(TypeError);
  });

  it('refuses input that cannot make a true receipt', () => {
    expect(() => receiptMail(indianReceipt({ donation: { amount: -1 } }))).toThrow(RangeError);
  });
});
