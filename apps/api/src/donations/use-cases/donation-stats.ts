import { STATS_START } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { completedDonationTotals } from '../repository/donations.js';

// Use case: the donate page's hero statistics (GET /api/stats). The spec's figures are the history before this
// site; real donations add to them. Each completed donation counts one donation and one child helped; countries
// never drop below the starting figure.

export interface DonationStats {
  totalDonations: number;
  childrenHelped: number;
  countries: number;
  totalAmount: number;
}

export async function donationStats(app: FastifyInstance): Promise<DonationStats> {
  const totals = await completedDonationTotals(app.db);
  return {
    totalDonations: STATS_START.totalDonations + totals.count,
    childrenHelped: STATS_START.childrenHelped + totals.count,
    countries: Math.max(STATS_START.countries, totals.countries),
    totalAmount: Math.round(STATS_START.totalAmount + totals.amountInr),
  };
}
