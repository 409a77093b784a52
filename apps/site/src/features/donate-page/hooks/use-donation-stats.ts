import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { FALLBACK_DONATION_STATS, fetchDonationStats, type DonationStats } from '../api/donate-page-api';

/**
 * The hero's figures: the spec's starting values at once, replaced by GET /api/stats when it answers. A failure
 * keeps the starting values and is only logged: the figures are encouragement, not something to fail a page over.
 */
export function useDonationStats(): DonationStats {
  const [stats, setStats] = useState<DonationStats>(FALLBACK_DONATION_STATS);
  useEffect(() => {
    const controller = new AbortController();
    fetchDonationStats(api, controller.signal).then(setStats, (error: unknown) => {
      if (controller.signal.aborted) return;
      console.error('[donate] Donation statistics could not be loaded; showing the starting values:', error);
    });
    return () => controller.abort();
  }, []);
  return stats;
}
