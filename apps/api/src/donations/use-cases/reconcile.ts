import type { FastifyInstance } from 'fastify';
import type { SandboxProvider } from '../provider/sandbox-provider.js';
import { intentsAwaitingDonation, REDELIVERY_WINDOW_MS } from '../repository/attempts.js';

// Stripe keeps retrying a webhook event until the server acknowledges it (for up to three days), so a payment
// whose event was lost to a crash is still recorded later. The sandbox's events live only in the process that
// emitted them; this does Stripe's part for it: at start-up (before the server listens) every succeeded sandbox
// payment without its donation is delivered again, and then once a minute for those left behind by a failed
// delivery (the database was unreachable). With Stripe there is nothing to do here: Stripe retries itself.
// The module knows which payments still lack their donation (its attempts, for as long as Stripe would retry); the
// sandbox knows which of them succeeded (its own intents): each answers from its own tables.

/** How often the running server looks again, and how old a payment must be to count as left behind. */
export const RECONCILE_INTERVAL_MS = 60_000;
/** Younger payments may still have their first delivery under way (it follows the browser's confirm at once). */
export const RECONCILE_MIN_AGE_MS = 30_000;

export interface PaymentReconciler {
  /** Delivers what is missing now (for payments last changed before `changedBefore`); never throws. */
  runOnce(changedBefore?: Date): Promise<{ delivered: number; failed: number }>;
  /** Stops the periodic runs (before the app closes: a run needs the database). */
  stop(): void;
}

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
 * One reconciliation (the job scheduler's 'payment-reconcile', src/jobs/schedule.ts): re-delivers succeeded sandbox
 * payments last changed before `changedBefore` that have no donation. Throws when the database fails.
 */
export async function reconcilePayments(app: FastifyInstance, changedBefore: Date): Promise<{ delivered: number; failed: number }> {
  const sandbox = app.payments.sandbox;
  if (!sandbox) return { delivered: 0, failed: 0 };
  const result = await redeliver(app, sandbox, changedBefore);
  if (result.delivered > 0 || result.failed > 0) {
    app.log.warn(result, 'sandbox: re-delivered payment_intent.succeeded for succeeded payments that had no donation');
  }
  return result;
}

export function startPaymentReconciler(app: FastifyInstance, intervalMs = RECONCILE_INTERVAL_MS): PaymentReconciler {
  const sandbox = app.payments.sandbox;
  let running: Promise<{ delivered: number; failed: number }> | null = null;
  const runOnce = (changedBefore = new Date()) => {
    if (!sandbox) return Promise.resolve({ delivered: 0, failed: 0 });
    // One run at a time: a slow run (many payments, a slow database) is not overtaken by the next tick.
    running ??= redeliver(app, sandbox, changedBefore)
      .then((result) => {
        if (result.delivered > 0 || result.failed > 0) {
          app.log.warn(result, 'sandbox: re-delivered payment_intent.succeeded for succeeded payments that had no donation');
        }
        return result;
      })
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'sandbox: looking for succeeded payments without a donation failed; trying again later');
        return { delivered: 0, failed: 0 };
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = sandbox ? setInterval(() => void runOnce(new Date(Date.now() - RECONCILE_MIN_AGE_MS)), intervalMs) : null;
  timer?.unref();
  return {
    runOnce,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
