// Receipt numbers: 'BBF/2026-27/000001', counted from 1 in each Indian financial year (1 April to 31 March),
// the period an Indian donor's 80G deduction and the organisation's accounts are reckoned in.

export const RECEIPT_PREFIX = 'BBF';

// The financial year is the organisation's calendar's (packages/domain/src/organisation-time.ts).
export { financialYear } from '@charity/domain';

export function formatReceiptNumber(year: string, sequence: number): string {
  return `${RECEIPT_PREFIX}/${year}/${String(sequence).padStart(6, '0')}`;
}

export const RECEIPT_NUMBER_PATTERN = /^BBF\/\d{4}-\d{2}\/\d{6,}$/;

/** 'receipt-BBF-2026-27-000001.pdf': the number without slashes, for a file name. */
export function receiptFileName(number: string): string {
  return `receipt-${number.replaceAll('/', '-')}.pdf`;
}
