import { describe, expect, it } from 'vitest';
import { receiptDownloadUrl } from './hooks';

describe('receiptDownloadUrl', () => {
  const path = '/api/invoices/BBF%2F2026-27%2F000001/download?token=abc';

  it('keeps the API path on the site itself (same origin)', () => {
    expect(receiptDownloadUrl(path, '/api')).toBe(path);
  });

  it("puts it on the charity's origin for a partner's page (DonateWidget's absolute API base)", () => {
    expect(receiptDownloadUrl(path, 'https://charity.example/api')).toBe(`https://charity.example${path}`);
  });

  it('leaves an absolute address as the API gave it', () => {
    expect(receiptDownloadUrl('https://files.example/r.pdf', 'https://charity.example/api')).toBe('https://files.example/r.pdf');
  });
});
