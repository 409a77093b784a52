import { Readable } from 'node:stream';
import { DONATION_CSV_COLUMNS, DONATION_CSV_CREATED_AT_COLUMN, donationCsvTime, donationSourceText } from '@charity/domain';
import type { Database } from '../db/open.js';
import type { DonationListFilters } from './donation-filters.js';
import { donationBatch, type DonationDetailRow } from './donations-repository.js';

// The donation export as CSV (RFC 4180: comma separated, fields with a comma, quote or line break quoted, quotes
// doubled, CRLF line ends), with a UTF-8 byte order mark so Excel reads '₹' and names in Indian scripts, and with
// spreadsheet formulas neutralised. It streams: rows are read in keyset batches and each batch is written only
// when the client has taken the previous one, so 100,000 donations never sit in memory at once. Times are the
// organisation's wall clock ('2026-03-10 15:45:00'), its zone named in the column's header ('created_at (Asia/Kolkata)').

export const CSV_BATCH_SIZE = 1000;
export const UTF8_BOM = '\uFEFF';
const CRLF = '\r\n';

/**
 * Text a spreadsheet would read as a formula (or whose first character some programs drop) gets a leading
 * apostrophe: "=HYPERLINK(…)" in a donor's name must stay text. Numbers the server writes are never text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvText(value: string | null): string {
  if (value === null) return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvNumber(value: number | null): string {
  return value === null ? '' : String(value);
}

type Column = (typeof DONATION_CSV_COLUMNS)[number];

/** One writer per column: a column added to the domain's list without one here fails to compile. */
const CELLS: Record<Column, (row: DonationDetailRow) => string> = {
  id: (row) => csvNumber(row.id),
  [DONATION_CSV_CREATED_AT_COLUMN]: (row) => donationCsvTime(row.createdAt),
  receipt_number: (row) => csvText(row.receiptNumber),
  status: (row) => csvText(row.status),
  donation_type: (row) => csvText(row.donationType),
  amount: (row) => csvNumber(row.amount),
  currency: (row) => csvText(row.currency),
  amount_inr: (row) => csvNumber(row.amountInr),
  refunded_amount: (row) => csvNumber(row.refundedAmount),
  net_amount: (row) => csvNumber(Math.round((row.amount - row.refundedAmount) * 100) / 100),
  net_amount_inr: (row) => csvNumber(Math.round((row.amountInr - row.refundedInr) * 100) / 100),
  campaign_id: (row) => csvNumber(row.campaignId),
  campaign_title: (row) => csvText(row.campaignTitle),
  donor_name: (row) => csvText(row.donorName),
  donor_email: (row) => csvText(row.donorEmail),
  donor_mobile: (row) => csvText(row.donorMobile),
  donor_pan: (row) => csvText(row.donorPan),
  donor_country: (row) => csvText(row.donorCountry),
  donor_country_code: (row) => csvText(row.donorCountryCode),
  donor_state: (row) => csvText(row.donorState),
  donor_city: (row) => csvText(row.donorCity),
  donor_address: (row) => csvText(row.donorAddress),
  donor_pincode: (row) => csvText(row.donorPincode),
  is_anonymous: (row) => (row.isAnonymous ? 'true' : 'false'),
  // As every admin view names it ('Website', 'Widget: <partner origin>'): the domain's one reading (decision 031).
  source: (row) => csvText(donationSourceText({ source: row.source, partner_origin: row.partnerOrigin })),
  partner_origin: (row) => csvText(row.partnerOrigin),
  payment_intent_id: (row) => csvText(row.paymentIntentId),
  is_renewal: (row) => (row.isRenewal ? 'true' : 'false'),
};

export const CSV_HEADER = `${DONATION_CSV_COLUMNS.join(',')}${CRLF}`;

export function csvRow(row: DonationDetailRow): string {
  return `${DONATION_CSV_COLUMNS.map((column) => CELLS[column](row)).join(',')}${CRLF}`;
}

/**
 * The export as a byte stream. The first batch is read before the stream is handed over, so a database failure
 * at the start is still an ordinary error answer rather than a cut-off download. Each later batch is read when
 * the client has taken the previous one (a byte stream's buffer is far smaller than a batch, so the generator
 * waits), and a client that goes away ends the reading.
 */
export async function donationCsvStream(
  db: Database,
  filters: DonationListFilters,
  batchSize = CSV_BATCH_SIZE,
): Promise<Readable> {
  const first = await donationBatch(db, filters, null, batchSize);
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(UTF8_BOM + CSV_HEADER, 'utf8');
    let batch = first;
    while (batch.length > 0) {
      yield Buffer.from(batch.map(csvRow).join(''), 'utf8');
      if (batch.length < batchSize) return;
      batch = await donationBatch(db, filters, batch[batch.length - 1]!.id, batchSize);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
