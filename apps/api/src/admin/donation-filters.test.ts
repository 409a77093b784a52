import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-errors.js';
import { DONATION_FILTER_ROUTE_MESSAGES, readDonationFilters } from './donation-filters.js';

// The admin donation filters' date bounds: a day the domain accepts as 'YYYY-MM-DD' but PostgreSQL cannot compare
// against (year 0) was a 500 from the list and the export (found by the API fuzz); it is a 400 with a sentence.

function refusal(query: Record<string, string>): { status: number; message: string } | null {
  try {
    readDonationFilters(query);
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, message: error.message };
  }
}

describe('readDonationFilters dates', () => {
  it('refuses days before 1900-01-01 in either bound, with the message', () => {
    const expected = { status: 400, message: DONATION_FILTER_ROUTE_MESSAGES.dateOutOfRange };
    expect(DONATION_FILTER_ROUTE_MESSAGES.dateOutOfRange).toBe('Dates must be from 1900-01-01 on.');
    expect(refusal({ from: '0000-01-01' })).toEqual(expected);
    expect(refusal({ to: '0000-01-01' })).toEqual(expected);
    expect(refusal({ from: '1899-12-31', to: '2026-01-01' })).toEqual(expected);
  });

  it('accepts 1900-01-01 and the far future', () => {
    expect(refusal({ from: '1900-01-01', to: '9999-12-31' })).toBeNull();
    expect(readDonationFilters({ from: '1900-01-01', to: '9999-12-31' })).toMatchObject({ from: '1900-01-01', to: '9999-12-31' });
  });
});
