import {
  FORM_10BD_COLUMNS,
  FORM_10BD_DONATION_TYPE,
  FORM_10BD_ID_CODES,
  FORM_10BD_MODE_OF_RECEIPT,
  FORM_10BD_SECTION_80G,
  type OrganisationSettings,
} from '@charity/domain';
import { csvText } from '../admin/donations-csv.js';
import type { EligibleDonorRow } from './repository.js';

// Form 10BD Part B as the CSV the income-tax portal's bulk upload takes (docs/decisions/027-tax-year.md): the
// template's twelve columns in its order, one row per donor with a PAN, their year's eligible gifts added up (all of
// ours share one donation type and one mode of receipt, so one row per donor is what the template's grouping
// gives). Donors without a PAN are left out (a row without an identification number is refused by the portal)
// and listed on the summary for staff to ask. RFC 4180 quoting with CRLF line ends, UTF-8 without a byte order
// mark (a BOM would become part of the first header's name for a parser that does not expect one), and spreadsheet
// formulas in names and addresses neutralised as in the donations export.

const CRLF = '\r\n';

/** 'DD-MM-YYYY' for a calendar day 'YYYY-MM-DD' (the template's date format); '' for none. */
export function form10bdDate(day: string | null): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  const [year, month, date] = day.split('-');
  return `${date}-${month}-${year}`;
}

/** Rupees from paise: '1500' when there are no paise, '1500.50' when there are (never grouped, never rounded). */
export function form10bdAmount(paise: number): string {
  const whole = Math.floor(paise / 100);
  const fraction = paise % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`;
}

/** The rows 10BD reports: donors with a PAN and something left after refunds, by name then address. */
export function form10bdDonors(rows: EligibleDonorRow[]): EligibleDonorRow[] {
  return rows
    .filter((row) => row.pan !== null && row.grossInrMinor - row.refundedInrMinor > 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.email.localeCompare(b.email));
}

export function form10bdCsv(rows: EligibleDonorRow[], settings: Pick<OrganisationSettings, 'eighty_g_number' | 'eighty_g_date'>): string {
  const lines = [FORM_10BD_COLUMNS.map((column) => csvText(column)).join(',')];
  form10bdDonors(rows).forEach((row, index) => {
    const cells: Record<(typeof FORM_10BD_COLUMNS)[number], string> = {
      'Sl. No.': String(index + 1),
      'Pre Acknowledgement Number': '',
      'ID Code': FORM_10BD_ID_CODES.pan,
      'Unique Identification Number': csvText(row.pan),
      'Section Code': csvText(FORM_10BD_SECTION_80G),
      'Unique Registration Number (URN)': csvText(settings.eighty_g_number),
      'Date of Issuance of Unique Registration Number': form10bdDate(settings.eighty_g_date),
      'Name of donor': csvText(row.name),
      'Address of donor': csvText(row.address),
      'Donation Type': csvText(FORM_10BD_DONATION_TYPE),
      'Mode of receipt': csvText(FORM_10BD_MODE_OF_RECEIPT),
      'Amount of donation (Indian rupees)': form10bdAmount(row.grossInrMinor - row.refundedInrMinor),
    };
    lines.push(FORM_10BD_COLUMNS.map((column) => cells[column]).join(','));
  });
  return lines.map((line) => `${line}${CRLF}`).join('');
}

/** 'form-10bd-2025-26.csv' */
export function form10bdFileName(year: string): string {
  return `form-10bd-${year}.csv`;
}
