import type { Database } from '../../src/db/open.js';
import {
  campaigns,
  donations,
  mailOutbox,
  paymentAttempts,
  paymentFailures,
  receipts,
  recurringGiftChanges,
  recurringGiftLinks,
  recurringGifts,
  refundNoteCounters,
  refunds,
  sandboxClock,
  sandboxEvents,
  sandboxInvoices,
  sandboxPaymentIntents,
  sandboxRefunds,
  sandboxSetupIntents,
  sandboxSubscriptions,
  webhookEvents,
} from '../../src/db/schema.js';

/** Every row a monthly-gift test can leave, children before parents, so each test starts from an empty product. */
export async function resetGiftTables(db: Database): Promise<void> {
  for (const table of [
    mailOutbox,
    refunds,
    refundNoteCounters,
    sandboxRefunds,
    receipts,
    donations,
    recurringGiftChanges,
    recurringGiftLinks,
    recurringGifts,
    paymentFailures,
    paymentAttempts,
    webhookEvents,
    sandboxEvents,
    sandboxInvoices,
    sandboxSubscriptions,
    sandboxSetupIntents,
    sandboxPaymentIntents,
    sandboxClock,
    campaigns,
  ]) {
    await db.delete(table);
  }
}
