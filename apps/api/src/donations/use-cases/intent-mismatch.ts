import type { PaymentIntentSnapshot } from '../provider/provider.js';
import type { PaymentAttemptRow } from '../repository/attempts.js';

// The rule both ways of saving a donation share (the browser's save and the webhook).

/**
 * Why an intent cannot become this attempt's donation, or null when it can: it must have succeeded, for exactly
 * the amount and currency the server asked for.
 */
export function intentMismatch(attempt: PaymentAttemptRow, intent: PaymentIntentSnapshot): 'not_succeeded' | 'amount' | null {
  if (intent.status !== 'succeeded') return 'not_succeeded';
  if (intent.id !== attempt.paymentIntentId || intent.amountMinor !== attempt.amountMinor || intent.currency.toUpperCase() !== attempt.currency) {
    return 'amount';
  }
  return null;
}
