import type { FastifyInstance } from 'fastify';
import { remindExpiringCards } from './use-cases/card-reminders.js';
import { mailQueuedNotes } from '../refunds/notes.js';
import { mailQueuedStatements } from '../tax-year/statements.js';
import { retryPendingRefunds } from '../refunds/use-cases.js';
import { sendDailySummary } from '../notices/staff-notices.js';

// The monthly gifts' periodic work in the running server (docs/decisions/022-monthly-gifts.md):
//  - sandbox mode only: the sandbox's billing (Stripe bills its own subscriptions). At start-up, before the server
//    listens, it takes whatever fell due while no server ran (a clock moved, days passed) and delivers events an
//    earlier process left undelivered; then every RECURRING_JOBS_INTERVAL_MS. Each renewal is claimed and charged in one
//    transaction (donations/provider/sandbox-recurring.ts), so a restart, a second process or an overlapping run never
//    charges a period twice.
//  - both modes: reminders to donors whose card expires before their next renewal (claimed per gift and card).

export const RECURRING_JOBS_INTERVAL_MS = 30_000;

export interface RecurringJobs {
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export function startRecurringJobs(app: FastifyInstance, intervalMs = RECURRING_JOBS_INTERVAL_MS): RecurringJobs {
  const sandbox = app.payments.sandbox;
  let running: Promise<void> | null = null;
  const work = async () => {
    if (sandbox) {
      try {
        const result = await sandbox.recurring.runBilling();
        if (result.renewals + result.failures > 0) app.log.info(result, 'sandbox billing: renewals taken');
      } catch (error) {
        app.log.error({ err: error }, 'sandbox billing failed; the next run tries again');
      }
    }
    try {
      // Refunds: staff refunds the provider never answered are asked again; notes a crash left unmailed are mailed.
      await retryPendingRefunds(app);
      await mailQueuedNotes({ db: app.db, mailer: app.mailer, log: app.log });
      await mailQueuedStatements({ db: app.db, mailer: app.mailer, log: app.log, publicBaseUrl: app.config.publicBaseUrl });
    } catch (error) {
      app.log.error({ err: error }, 'refund follow-up failed; the next run tries again');
    }
    try {
      // Yesterday's summary to staff, once per day across every process (claimed in staff_notice_runs).
      if (await sendDailySummary(app)) app.log.info('daily summary sent to staff');
    } catch (error) {
      app.log.error({ err: error }, 'the daily summary failed; the next run tries again');
    }
    try {
      // The renewal dates of sandbox gifts are on the sandbox's clock.
      const now = sandbox ? await sandbox.recurring.now() : new Date();
      await remindExpiringCards(app, now);
    } catch (error) {
      app.log.error({ err: error }, 'card expiry reminders failed; the next run tries again');
    }
  };
  const runOnce = () => {
    running ??= work().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
