import { TEST_CARDS } from '@charity/domain';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { donations, receipts } from '../../src/db/schema.js';
import { reconcilePayments } from '../../src/donations/use-cases/reconcile.js';
import { describeEachDatabase } from '../support/databases.js';
import { buildSandboxApp, createIntent, indianDonation, pay, usDonation } from '../support/donations.js';

// The sandbox's stand-in for Stripe's webhook retries (donations/use-cases/reconcile.ts): a payment that succeeded but whose
// event died with the process (killed between the confirm and the delivery) gets its donation and receipt when the
// next process starts, exactly once. The crash-safety test shows it under load with real kills; this shows it on
// its own, deterministically.

describeEachDatabase('re-delivering sandbox payments left without their donation', (ctx) => {
  it('writes the donation and receipt of a paid intent whose event was lost, once, and leaves other intents alone', async () => {
    // The process that took the payments: its events never leave it (held, then the process is gone).
    const first = await buildSandboxApp(ctx, { holdEvents: true });
    const lost = await pay(first.app, indianDonation({ amount: 2500 }));
    const declined = await pay(first.app, usDonation(), TEST_CARDS.declined.paymentMethod);
    const unconfirmed = (await createIntent(first.app, usDonation({ amount: 40 }))).json().data.payment_intent_id as string;
    expect(first.sandbox.held.map((event) => event.type)).toEqual(['payment_intent.succeeded', 'payment_intent.payment_failed']);
    await first.app.close();
    expect(await ctx.database.db.select().from(donations).where(eq(donations.paymentIntentId, lost.intentId))).toEqual([]);

    // The next process: its start-up run delivers the succeeded payment's event again.
    const next = await buildApp({ config: ctx.config, database: ctx.database });
    try {
      expect(await reconcilePayments(next)).toEqual({ delivered: 1, failed: 0 });
      await next.payments.idle(); // the receipt is issued after the webhook's answer
      expect(await reconcilePayments(next)).toEqual({ delivered: 0, failed: 0 });
      const rows = await ctx.database.db.select({ id: donations.id, intentId: donations.paymentIntentId, amount: donations.amount }).from(donations);
      expect(rows.map(({ intentId, amount }) => ({ intentId, amount }))).toEqual([{ intentId: lost.intentId, amount: 2500 }]);
      expect(rows.map((row) => row.intentId)).not.toContain(declined.intentId);
      expect(rows.map((row) => row.intentId)).not.toContain(unconfirmed);
      const [receipt] = await ctx.database.db.select({ donationId: receipts.donationId }).from(receipts);
      expect(receipt).toEqual({ donationId: rows[0]!.id });
    } finally {
      await next.close();
    }
  });

  it('leaves payments younger than the cut-off to their first delivery', async () => {
    const app = await buildSandboxApp(ctx, { holdEvents: true });
    try {
      const { intentId } = await pay(app.app, indianDonation({ amount: 3100 }));
      // The periodic run only looks at payments last changed before its cut-off (RECONCILE_MIN_AGE_MS ago).
      expect(await reconcilePayments(app.app, new Date(Date.now() - 60_000))).toEqual({ delivered: 0, failed: 0 });
      expect(await ctx.database.db.select().from(donations).where(eq(donations.paymentIntentId, intentId))).toEqual([]);
    } finally {
      await app.app.close();
    }
  });
});
