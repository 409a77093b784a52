// Receipt numbers: 'BBF/2026-27/000001', counted from 1 in each Indian financial year (1 April to 31 March),
// the period an Indian donor's 80G deduction and the organisation's accounts are reckoned in.

export const RECEIPT_PREFIX = 'BBF';

/** India Standard Time has no daylight saving: always UTC+05:30. */
const IST_OFFSET_MS = 330 * 60 * 1000;

/** '2026-27' for any instant from 1 April 2026 00:00 to 31 March 2027 23:59:59 in India. */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1; // months count from 0: 3 is April
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export function formatReceiptNumber(year: string, sequence: number): string {
  return `${RECEIPT_PREFIX}/${year}/${String(sequence).padStart(6, '0')}`;
}

export const RECEIPT_NUMBER_PATTERN = /^BBF\/\d{4}-\d{2}\/\d{6,}$/;

/** 'receipt-BBF-2026-27-000001.pdf': the number without slashes, for a file name. */
export function receiptFileName(number: string): string {
  return `receipt-${number.replaceAll('/', '-')}.pdf`;
}
