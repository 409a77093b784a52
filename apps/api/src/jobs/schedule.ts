import { ATTEMPT_RETENTION_DAYS } from '@charity/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sweepMail } from '../mail/sweep.js';
import { pruneAttempts } from '../donations/use-cases/prune-attempts.js';
import { reconcilePayments, RECONCILE_MIN_AGE_MS } from '../donations/use-cases/reconcile.js';
import { sendDailySummary } from '../notices/staff-notices.js';
import { mailReceipt } from '../receipts/issuing.js';
import { issueMissingReceipts, sweepMissingReceipts } from '../receipts/missing-receipts.js';
import { remindExpiringCards } from '../recurring/use-cases/card-reminders.js';
import { mailQueuedNotes } from '../refunds/notes.js';
import { retryPendingRefunds } from '../refunds/use-cases.js';
import { mailQueuedStatements } from '../tax-year/statements.js';
import type { JobDefinition } from './runner.js';

// The schedule: every piece of background work of the running server, with how often it runs
// (docs/decisions/040-job-queue.md). Each runs once per turn across all replicas (src/jobs/runner.ts). Every job
// also claims its own rows (a receipt's number, a mail's lease, a renewal's period), so a turn run twice after a crash
// never does the same work twice.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/** The jobs run before the server listens (their start-up turn), so a restart delivers what a crash left first. */
export const STARTUP_JOBS = ['payment-reconcile', 'missing-receipts'] as const;

/** How long job_runs rows are kept. */
export const JOB_HISTORY_DAYS = 30;

/** The intervals, in one table (tests and the README read them here). */
export const JOB_INTERVALS_MS = {
  // Sandbox only: Stripe retries its own webhooks. Succeeded payments left without a donation by a crash.
  'payment-reconcile': MINUTE,
  // Completed donations without a receipt (a crash between saving and issuing), issued and mailed.
  'missing-receipts': 30 * SECOND,
  // Receipts whose mail is still queued, and failed mails whose next attempt is due.
  'mail-sweep': 30 * SECOND,
  // Sandbox only: the monthly renewals that fell due on the sandbox's clock (Stripe bills its own subscriptions).
  'sandbox-billing': 30 * SECOND,
  // Refunds the provider never answered, asked again; refund notes and annual statements a crash left unmailed.
  'refund-follow-up': 30 * SECOND,
  // Yesterday's summary to staff (once per day: claimed in staff_notice_runs).
  'daily-summary': MINUTE,
  // Reminders to donors whose card expires before their next renewal.
  'card-reminders': MINUTE,
  // Payments that never became donations, after ATTEMPT_RETENTION_DAYS.
  'attempt-pruning': 60 * MINUTE,
  // The rate limits' counters whose window has ended (plugins/rate-limit-store.ts).
  'rate-limit-pruning': 10 * MINUTE,
  // This table's own history.
  'job-history-pruning': 24 * 60 * MINUTE,
} as const;

export type JobName = keyof typeof JOB_INTERVALS_MS;

/** The jobs of `app` (its database, mailer, payments provider and settings). */
export function serverJobs(app: FastifyInstance): JobDefinition[] {
  const sandbox = app.payments.sandbox;
  const mailDeps = { db: app.db, mailer: app.mailer, log: app.log, publicBaseUrl: app.config.publicBaseUrl };
  const jobs: Record<JobName, JobDefinition['run'] | null> = {
    'payment-reconcile': sandbox
      ? async ({ startup }) => {
          // At start-up no request of this process is under way: everything counts. Later, the youngest payments may
          // still have their first delivery under way.
          await reconcilePayments(app, new Date(Date.now() - (startup ? 0 : RECONCILE_MIN_AGE_MS)));
        }
      : null,
    'missing-receipts': async ({ startup }) => {
      if (!startup) {
        await sweepMissingReceipts(mailDeps);
        return;
      }
      // At start-up every completed donation counts, whatever its age (no request of this process is under way), and
      // the mails go in the background, so the server does not wait for PDFs and SMTP before it listens. mailReceipt
      // never throws; a mail it could not compose stays 'queued' for the mail sweep.
      const issued = await issueMissingReceipts(app.db, { olderThanMs: 0 });
      if (issued.length > 0) {
        app.log.warn({ issued: issued.length, receipts: issued.map((receipt) => receipt.number) }, 'start-up: issued receipts for completed donations that had none');
      }
      for (const receipt of issued) app.payments.background('mailing a receipt', () => mailReceipt(mailDeps, receipt));
    },
    'mail-sweep': async () => {
      await sweepMail(mailDeps);
    },
    'sandbox-billing': sandbox
      ? async () => {
          const result = await sandbox.recurring.runBilling();
          if (result.renewals + result.failures > 0) app.log.info(result, 'sandbox billing: renewals taken');
        }
      : null,
    'refund-follow-up': async () => {
      await retryPendingRefunds(app);
      await mailQueuedNotes({ db: app.db, mailer: app.mailer, log: app.log });
      await mailQueuedStatements(mailDeps);
    },
    'daily-summary': async () => {
      if (await sendDailySummary(app)) app.log.info('daily summary sent to staff');
    },
    'card-reminders': async () => {
      // The renewal dates of sandbox gifts are on the sandbox's clock.
      await remindExpiringCards(app, sandbox ? await sandbox.recurring.now() : new Date());
    },
    'attempt-pruning': async () => {
      const pruned = await pruneAttempts(app.db);
      if (pruned.attempts + pruned.failures + pruned.blocked > 0) app.log.info(pruned, `pruned payment attempts older than ${ATTEMPT_RETENTION_DAYS} days`);
    },
    'rate-limit-pruning': async () => {
      await app.db.execute(sql`delete from rate_limit_counters where resets_at < now()`);
    },
    'job-history-pruning': async () => {
      await app.db.execute(sql`delete from job_runs where started_at < now() - ${JOB_HISTORY_DAYS} * interval '1 day' and outcome <> 'running'`);
    },
  };
  return Object.entries(jobs).flatMap(([name, run]) => (run ? [{ name, intervalMs: JOB_INTERVALS_MS[name as JobName], run }] : []));
}
