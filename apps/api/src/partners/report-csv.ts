import { PARTNER_REPORT_CSV_COLUMNS, type PartnerReportRow } from '@charity/domain';
import { csvNumber, csvText, UTF8_BOM } from '../admin/donations-csv.js';

// The partner report as CSV: the same rows as the screen, written as the donation export writes its cells (RFC 4180
// quoting, formulas neutralised, CRLF, a UTF-8 byte order mark for Excel). The month column's header names the time
// zone its calendar is. Small (partners × months × currencies), so it is built whole rather than streamed.

const CRLF = '\r\n';

type Column = (typeof PARTNER_REPORT_CSV_COLUMNS)[number];

/** 'month (Asia/Kolkata)': the zone is the domain's, so the header follows it. */
const MONTH_COLUMN = PARTNER_REPORT_CSV_COLUMNS[0];

/** One writer per column: a column added to the domain's list without one here fails to compile. */
const CELLS: Record<Column, (row: PartnerReportRow) => string> = {
  [MONTH_COLUMN]: (row) => csvText(row.month),
  partner_origin: (row) => csvText(row.partner_origin),
  currency: (row) => csvText(row.currency),
  donations: (row) => csvNumber(row.donations),
  donors: (row) => csvNumber(row.donors),
  amount_net_of_refunds: (row) => csvNumber(row.amount),
  refunded_amount: (row) => csvNumber(row.refunded_amount),
};

export function partnerReportCsv(rows: readonly PartnerReportRow[]): string {
  const lines = [PARTNER_REPORT_CSV_COLUMNS.map((column) => csvText(column)).join(',')];
  for (const row of rows) lines.push(PARTNER_REPORT_CSV_COLUMNS.map((column) => CELLS[column](row)).join(','));
  return `${UTF8_BOM}${lines.join(CRLF)}${CRLF}`;
}
