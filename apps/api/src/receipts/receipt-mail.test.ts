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
      'PAN: ABCDE1234F',
      'Registration No. 602 of 2019  Tax approvals: 12A, 80G (Income-tax Act, 1961)',
    ]) {
      expect(text.split('\n')).toContain(line);
    }
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
      expect(part).not.toContain('PAN');
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
