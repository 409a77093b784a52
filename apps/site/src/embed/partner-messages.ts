import type { CompletedDonation } from '../features/donation-wizard';

// Messages from the embed page to the partner page around it. Only ever to the one partner origin the server
// verified against PARTNER_ORIGINS (a meta tag it writes): never '*', so no other page can read what happened.

export type PartnerMessage =
  | { type: 'donate-widget:ready' }
  | { type: 'donate-widget:resize'; height: number }
  | { type: 'donate-widget:escape' }
  | { type: 'donation:completed'; donation: CompletedDonation }
  | { type: 'donation:failed'; message: string };

export interface PartnerChannel {
  /** The verified partner origin, or null: then nothing is posted. */
  origin: string | null;
  post: (message: PartnerMessage) => void;
}

export function createPartnerChannel(origin: string | null, target: Pick<Window, 'postMessage'> | null): PartnerChannel {
  return {
    origin,
    post(message) {
      if (!origin || !target) return;
      try {
        target.postMessage(message, origin);
      } catch (error) {
        // A parent that navigated away or a mismatched origin must not break the donation form.
        console.warn('[embed] message to the partner page not delivered:', error);
      }
    },
  };
}

/** Only what the partner needs, field by field: a future field of CompletedDonation never leaks by accident. */
export function completedMessage(donation: CompletedDonation): PartnerMessage {
  return {
    type: 'donation:completed',
    donation: {
      amount: donation.amount,
      currency: donation.currency,
      campaign_id: donation.campaign_id,
      receipt_number: donation.receipt_number,
    },
  };
}
