import type { FastifyInstance } from 'fastify';
import type { SandboxProvider } from '../provider/sandbox-provider.js';
import { intentsAwaitingDonation, REDELIVERY_WINDOW_MS } from '../repository/attempts.js';

// Stripe keeps retrying a webhook event until the server acknowledges it (for up to three days), so a payment
// whose event was lost to a crash is still recorded later. The sandbox's events live only in the process that
// emitted them; this does Stripe's part for it, as the server's 'payment-reconcile' job (src/jobs/schedule.ts, once
// across replicas): at start-up (before the server listens) every succeeded sandbox payment without its donation is
// delivered again, and then once a minute for those left behind by a failed delivery (the database was unreachable).
// With Stripe there is nothing to do here: Stripe retries itself.
// The module knows which payments still lack their donation (its attempts, for as long as Stripe would retry); the
// sandbox knows which of them succeeded (its own intents): each answers from its own tables.

/** Younger payments may still have their first delivery under way (it follows the browser's confirm at once). */
export const RECONCILE_MIN_AGE_MS = 30_000;

/** Attempts read per query; a run goes on page by page, and delivers at most MAX_DELIVERIES_PER_RUN. */
const PAGE_SIZE = 500;
const MAX_DELIVERIES_PER_RUN = 200;

async function redeliver(app: FastifyInstance, sandbox: SandboxProvider, changedBefore: Date): Promise<{ delivered: number; failed: number }> {
  const createdAfter = new Date(Date.now() - REDELIVERY_WINDOW_MS);
  const total = { delivered: 0, failed: 0 };
  for (let afterId = 0; total.delivered + total.failed < MAX_DELIVERIES_PER_RUN; ) {
    const page = await intentsAwaitingDonation(app.db, { createdAfter, afterId, limit: PAGE_SIZE });
    if (page.length === 0) break;
    const result = await sandbox.redeliverSucceeded(
      page.map((attempt) => attempt.paymentIntentId),
      changedBefore,
    );
    total.delivered += result.delivered;
    total.failed += result.failed;
    if (page.length < PAGE_SIZE) break;
    afterId = page[page.length - 1]!.id;
  }
  return total;
}

/**
 * One reconciliation: re-delivers succeeded sandbox payments last changed before `changedBefore` (now by default)
 * that have no donation. Throws when the database fails (the job records the run as failed; its next turn retries).
 */
export async function reconcilePayments(app: FastifyInstance, changedBefore = new Date()): Promise<{ delivered: number; failed: number }> {
  const sandbox = app.payments.sandbox;
  if (!sandbox) return { delivered: 0, failed: 0 };
  const result = await redeliver(app, sandbox, changedBefore);
  if (result.delivered > 0 || result.failed > 0) {
    app.log.warn(result, 'sandbox: re-delivered payment_intent.succeeded for succeeded payments that had no donation');
  }
  return result;
}
