import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open.js';
import { mailQueuedReceipts } from '../receipts/issuing.js';
import type { Mailer } from './mailer.js';

// The mail sweep (the server's 'mail-sweep' job, every 30 s once across replicas: src/jobs/schedule.ts): (1) mails
// receipts whose mail is still 'queued' (issued, but the process that issued them crashed, or the database was away,
// before it composed the mail), and (2) sends again the outbox's mails whose next attempt is due (the mail server was
// down). Both claim each mail first, so processes sharing one database never send the same mail twice.

export interface MailSweepDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicBaseUrl: string;
}

/**
 * One sweep. A failure of one part (the database was away) does not keep the other from running; afterwards the first
 * failure is thrown, so the job records the run as failed with its message (its next turn tries again).
 */
export async function sweepMail(deps: MailSweepDeps, now = new Date()): Promise<{ receipts: number; retried: number; sent: number }> {
  const failures: unknown[] = [];
  let queuedReceipts = 0;
  try {
    queuedReceipts = await mailQueuedReceipts(deps, { now });
  } catch (error) {
    deps.log.error({ err: error }, 'mail sweep: could not look for queued receipts');
    failures.push(error);
  }
  let retried = 0;
  let sent = 0;
  try {
    ({ attempted: retried, sent } = await deps.mailer.retryDue(now));
  } catch (error) {
    deps.log.error({ err: error }, 'mail sweep: could not send due mails again');
    failures.push(error);
  }
  if (failures.length > 0) throw failures[0];
  return { receipts: queuedReceipts, retried, sent };
}
