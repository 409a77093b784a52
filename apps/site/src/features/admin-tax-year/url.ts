import { financialYear, isFinancialYear } from '@charity/domain';

// /admin/tax-year?year=2025-26: the year shown lives in the address, so a reload, a bookmark or Back keeps it.

/**
 * The first year staff can pick: Form 10BD and Form 10BE began with the financial year 2021-22 (Rule 18AB, in force
 * from 1 April 2021), so no earlier year has anything to file.
 */
export const FIRST_TAX_YEAR = '2021-22';

/** The year of the address, or this financial year when it names none or a malformed one. */
export function taxYearFromSearch(params: URLSearchParams, now: Date): string {
  const year = params.get('year')?.trim() ?? '';
  return isFinancialYear(year) ? year : financialYear(now);
}

/** The address's query for a chosen year. */
export function taxYearSearch(year: string): URLSearchParams {
  return new URLSearchParams({ year });
}
