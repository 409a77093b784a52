import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open.js';
import { mailQueuedReceipts } from '../receipts/issuing.js';
import type { Mailer } from './mailer.js';

// The mail sweep (the server's 'mail-sweep' job, every 30 s once across replicas: src/jobs/schedule.ts): (1) mails receipts whose mail is still 'queued' (issued, but
// the process that issued them crashed, or the database was away, before it composed the mail), and (2) sends again
// the outbox's mails whose next attempt is due (the mail server was down). Both claim each mail first, so
// processes sharing one database never send the same mail twice.

export interface MailSweepDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicBaseUrl: string;
}

/** One sweep; never throws (a failure is logged and the next sweep tries again). */
export async function sweepMail(deps: MailSweepDeps, now = new Date()): Promise<{ receipts: number; retried: number; sent: number }> {
  let queuedReceipts = 0;
  try {
    queuedReceipts = await mailQueuedReceipts(deps, { now });
  } catch (error) {
    deps.log.error({ err: error }, 'mail sweep: could not look for queued receipts');
  }
  try {
    const { attempted, sent } = await deps.mailer.retryDue(now);
    return { receipts: queuedReceipts, retried: attempted, sent };
  } catch (error) {
    deps.log.error({ err: error }, 'mail sweep: could not send due mails again');
    return { receipts: queuedReceipts, retried: 0, sent: 0 };
  }
}
