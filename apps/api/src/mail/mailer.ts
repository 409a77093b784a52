import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '../db/open.js';
import { mailOutbox, type MailStatus } from '../db/schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes (the visitor who wrote a contact message). */
  replyTo?: { name: string; address: string };
  /** Files sent with the mail (a receipt's PDF). The outbox records their names, types and sizes, not the bytes. */
  attachments?: MailAttachment[];
  /** The receipt this mail carries: its status changes are reported (onStatusChange), and a retry draws its PDF again. */
  receiptId?: number;
  /** The refund whose note this mail carries: as receiptId, for the note (docs/decisions/024-refunds.md). */
  refundId?: number;
  /** The annual statement this mail carries: as receiptId, for the statement (docs/decisions/027-tax-year.md). */
  annualStatementId?: number;
  /** The Form 10BE certificate this mail carries: as receiptId, for the certificate's stored PDF. */
  taxCertificateId?: number;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailOutcome {
  /** The mail_outbox row; null only when even recording the mail failed (logged). */
  outboxId: number | null;
  status: MailStatus;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A recorded mail's new status, as the mailer reports it to whoever keeps a copy (the receipts module). */
export interface MailStatusChange {
  outboxId: number;
  receiptId: number | null;
  refundId?: number | null;
  annualStatementId?: number | null;
  taxCertificateId?: number | null;
  status: MailStatus;
}

export interface Mailer {
  /** True when an SMTP server is configured (mails are delivered); false: they are kept as 'stored'. */
  readonly delivers: boolean;
  /**
   * Records the mail in mail_outbox and, with an SMTP server configured, sends it. Never throws: a failure is
   * logged and recorded as status 'failed' with its error (and, unless the server refused it for good, a time to
   * try again: see retryDue), for staff to see.
   */
  send(message: MailMessage): Promise<MailOutcome>;
  /**
   * Records the mail in mail_outbox inside the caller's transaction (so it exists exactly when the caller's other
   * rows do), without sending it: deliver() sends it after the commit. With SMTP the row is 'pending' with a lease
   * (a crash before deliver() leaves it to retryDue once the lease ends); without, it is 'stored'.
   */
  enqueue(db: Database, message: MailMessage): Promise<MailOutcome & { outboxId: number }>;
  /** Sends a mail enqueue() recorded and records the outcome. Never throws. */
  deliver(outboxId: number, message: MailMessage): Promise<MailOutcome>;
  /**
   * Sends again every mail whose next attempt is due at `now` (a failed delivery, or one whose lease ran out),
   * each claimed first so two processes never send the same attempt. Answers how many were tried and sent.
   */
  retryDue(now?: Date): Promise<{ attempted: number; sent: number }>;
  /**
   * The same as send, without waiting: for replies that must not wait on a mail server. The app waits for these on
   * close, so a clean shutdown does not cut a mail off half-way.
   */
  sendInBackground(message: MailMessage | Promise<MailMessage>): void;
  /**
   * Runs `task` off the request path, one task at a time and only while the process is not busy (or once it has
   * waited MAIL_MAX_DEFER_MS): composing a receipt's mail draws its PDF, tens of milliseconds of CPU that must not
   * be taken from donors' requests during a rush. Resolves when the task has run, or at once when the mailer is
   * stopping (the work is durable in the database: a receipt's mail stays 'queued' for the sweep).
   */
  whenQuiet(task: () => Promise<void>): Promise<void>;
  /** Stops taking tasks off the quiet queue; the one running finishes (close() waits for it). */
  stopQuietWork(): void;
  /** Resolves when every background send (and quiet task) has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

// Mail servers that accept a connection and then stall must not hold a send (and shutdown) for minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * When a failed delivery is tried again, after the first attempt, the second …: spread over a day, as mail servers
 * retry. After the last one the mail stays 'failed' with next_attempt_at null (staff can send a receipt again).
 */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000] as const;
/** How long one attempt may take before another process may take the mail over (SMTP timeouts are far shorter). */
export const MAIL_ATTEMPT_LEASE_MS = 2 * 60_000;

/** The quiet queue's test: the event loop was busy less than this share of a QUIET_SAMPLE_MS window. */
export const MAIL_QUIET_UTILISATION = 0.5;
const QUIET_SAMPLE_MS = 20;
/** However busy the process is, a quiet task waits at most this long before it runs: the queue always moves. */
export const MAIL_MAX_DEFER_MS = 1_000;
/** Tasks waiting in memory at most; beyond, a task is dropped at once (its receipt stays queued for the sweep). */
export const MAIL_QUIET_QUEUE_MAX = 10_000;

/** Header values built from user input: one line, no control characters, a sane length. */
export function headerSafe(value: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const line = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** An SMTP error for the outbox and the log, without credentials that a URL in the message could carry. */
function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\/\/[^@\s/]*@/g, '//***@').slice(0, 1000);
}

/** A mail server's answer as the log writes it: mail addresses (a donor's, in a refusal) replaced. */
export function withoutMailAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+/g, '[address]');
}

/**
 * A 5xx SMTP reply is the server's final word (no such mailbox, refused): sending again would be refused again.
 * Anything else (connection refused, time-outs, 4xx "try later") is worth another attempt.
 */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** When the attempt numbered `attempts` (1 = the first) failed at `now`, the next one is due at… (null: no more). */
export function nextAttemptAfter(attempts: number, now: Date): Date | null {
  const delay = MAIL_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

export interface MailerOptions {
  db: Database;
  smtpUrl: string | null;
  mailFrom: string;
  log: FastifyBaseLogger;
  /** The attachments of a mail sent again (a receipt's PDF, drawn again); none by default. */
  rebuildAttachments?: (row: OutboxRow) => Promise<MailAttachment[]>;
  /**
   * Told of every status a recorded mail that carries a receipt takes after it was recorded ('pending' when a retry
   * takes it, then 'sent' or 'failed'), after mail_outbox has it. The mailer writes only mail_outbox: the receipts
   * module keeps its receipts' copy (receipts/issuing.ts recordReceiptMailStatus). A failure here is logged.
   */
  onStatusChange?: (change: MailStatusChange) => Promise<void>;
}

export function createMailer(options: MailerOptions): Mailer {
  const { db, smtpUrl, mailFrom, log, rebuildAttachments = async () => [], onStatusChange = async () => {} } = options;
  const transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : null;
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  };

  function rowValues(message: MailMessage, status: MailStatus, now: Date): typeof mailOutbox.$inferInsert {
    const sending = status === 'pending';
    return {
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      replyTo: message.replyTo ?? null,
      receiptId: message.receiptId ?? null,
      refundId: message.refundId ?? null,
      annualStatementId: message.annualStatementId ?? null,
      taxCertificateId: message.taxCertificateId ?? null,
      attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length })),
      status,
      attempts: sending ? 1 : 0,
      nextAttemptAt: sending ? new Date(now.getTime() + MAIL_ATTEMPT_LEASE_MS) : null,
    };
  }

  async function insertRow(into: Database, message: MailMessage): Promise<MailOutcome & { outboxId: number }> {
    const status: MailStatus = transport ? 'pending' : 'stored';
    const [row] = await into.insert(mailOutbox).values(rowValues(message, status, new Date())).returning({ id: mailOutbox.id });
    if (!row) throw new Error('Recording a mail in mail_outbox returned no row.');
    return { outboxId: row.id, status };
  }

  type Carried = Pick<MailMessage, 'receiptId' | 'refundId' | 'annualStatementId' | 'taxCertificateId'>;
  /** The documents a mail carries, as onStatusChange reports them (null: none of that kind). */
  const carriedIds = (carried: Carried) => ({
    receiptId: carried.receiptId ?? null,
    refundId: carried.refundId ?? null,
    annualStatementId: carried.annualStatementId ?? null,
    taxCertificateId: carried.taxCertificateId ?? null,
  });
  const carriesDocument = (carried: Carried) =>
    carried.receiptId != null || carried.refundId != null || carried.annualStatementId != null || carried.taxCertificateId != null;
  async function mark(id: number, carried: Carried, values: Partial<typeof mailOutbox.$inferInsert> & { status: MailStatus }) {
    try {
      await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
      if (carriesDocument(carried)) {
        await onStatusChange({ outboxId: id, ...carriedIds(carried), status: values.status });
      }
    } catch (error) {
      log.error({ err: error, outboxId: id }, 'could not update an outgoing mail in mail_outbox');
    }
  }

  /** One SMTP attempt for a recorded mail whose row says attempt number `attempts`. */
  async function attempt(outboxId: number, message: MailMessage, attempts: number): Promise<MailOutcome> {
    if (!transport) return { outboxId, status: 'stored' };
    try {
      await transport.sendMail({
        from: mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo ? { name: headerSafe(message.replyTo.name, 100), address: message.replyTo.address } : undefined,
        attachments: message.attachments?.map((a) => ({ filename: headerSafe(a.filename, 100), content: a.content, contentType: a.contentType })),
      });
      await mark(outboxId, message, { status: 'sent', sentAt: new Date(), error: null, nextAttemptAt: null });
      return { outboxId, status: 'sent' };
    } catch (error) {
      const reason = describeFailure(error);
      const next = isPermanentFailure(error) ? null : nextAttemptAfter(attempts, new Date());
      // The outbox row (staff see it) keeps the server's whole answer; the log names the row, not the recipient (a
      // receipt's is the donor), and takes addresses out of the answer ("550 <donor@…>: mailbox unavailable").
      log.warn(
        { outboxId, receiptId: message.receiptId, reason: withoutMailAddresses(reason), attempts, retryAt: next?.toISOString() ?? null },
        next ? 'sending a mail failed; it stays in the outbox as failed and will be sent again' : 'sending a mail failed; it stays in the outbox as failed',
      );
      await mark(outboxId, message, { status: 'failed', error: reason, nextAttemptAt: next });
      return { outboxId, status: 'failed' };
    }
  }

  async function send(input: MailMessage): Promise<MailOutcome> {
    const message = { ...input, subject: headerSafe(input.subject) };
    let recorded: MailOutcome & { outboxId: number };
    try {
      recorded = await insertRow(db, message);
    } catch (error) {
      log.error({ err: error }, 'could not record an outgoing mail in mail_outbox');
      return { outboxId: null, status: 'failed' };
    }
    if (!transport) {
      log.info({ outboxId: recorded.outboxId, receiptId: message.receiptId }, 'no SMTP_URL: mail kept in the outbox');
      return recorded;
    }
    return attempt(recorded.outboxId, message, 1);
  }

  let retrying: Promise<unknown> | null = null;

  // ---- The quiet queue ----
  const quiet: Array<{ task: () => Promise<void>; done: () => void }> = [];
  let quietRunning = false;
  let quietStopped = false;

  /** Waits until the event loop was mostly idle for a short window, or MAIL_MAX_DEFER_MS has passed. */
  async function untilQuiet() {
    const started = Date.now();
    for (;;) {
      const before = performance.eventLoopUtilization();
      await new Promise((resolve) => setTimeout(resolve, QUIET_SAMPLE_MS));
      const busy = performance.eventLoopUtilization(performance.eventLoopUtilization(), before).utilization;
      if (busy < MAIL_QUIET_UTILISATION || Date.now() - started >= MAIL_MAX_DEFER_MS || quietStopped) return;
    }
  }

  async function drainQuiet() {
    quietRunning = true;
    try {
      while (quiet.length > 0 && !quietStopped) {
        await untilQuiet();
        if (quietStopped) break;
        const next = quiet.shift()!;
        try {
          await next.task();
        } catch (error) {
          log.error({ err: error }, 'a background mail task failed');
        } finally {
          next.done();
        }
      }
    } finally {
      quietRunning = false;
    }
  }

  async function retryBatch(now: Date): Promise<{ attempted: number; sent: number }> {
    let attempted = 0;
    let sent = 0;
    const due = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNotNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now), inArray(mailOutbox.status, ['pending', 'failed'])))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(50);
    for (const { id } of due) {
      // The claim: only the process whose update matches the due time takes this attempt.
      const [row] = await db
        .update(mailOutbox)
        .set({
          status: 'pending',
          attempts: sql`${mailOutbox.attempts} + 1`,
          nextAttemptAt: new Date(Math.max(now.getTime(), Date.now()) + MAIL_ATTEMPT_LEASE_MS),
        })
        .where(and(eq(mailOutbox.id, id), lte(mailOutbox.nextAttemptAt, now), inArray(mailOutbox.status, ['pending', 'failed'])))
        .returning();
      if (!row) continue;
      attempted += 1;
      let attachments: MailAttachment[];
      try {
        attachments = await rebuildAttachments(row);
      } catch (error) {
        const reason = `The attachments could not be prepared: ${describeFailure(error)}`;
        log.error({ err: error, outboxId: row.id }, 'could not prepare a mail to send again');
        const carried = {
          receiptId: row.receiptId ?? undefined,
          refundId: row.refundId ?? undefined,
          annualStatementId: row.annualStatementId ?? undefined,
          taxCertificateId: row.taxCertificateId ?? undefined,
        };
        await mark(row.id, carried, { status: 'failed', error: reason, nextAttemptAt: nextAttemptAfter(row.attempts, new Date()) });
        continue;
      }
      const message: MailMessage = {
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        replyTo: row.replyTo ?? undefined,
        attachments,
        receiptId: row.receiptId ?? undefined,
        refundId: row.refundId ?? undefined,
        annualStatementId: row.annualStatementId ?? undefined,
        taxCertificateId: row.taxCertificateId ?? undefined,
      };
      if (carriesDocument(message)) {
        // The receipt (note, statement, certificate) follows its mail again ('pending' while it is being sent).
        await onStatusChange({ outboxId: row.id, ...carriedIds(message), status: 'pending' }).catch(() => {});
      }
      if ((await attempt(row.id, message, row.attempts)).status === 'sent') sent += 1;
    }
    return { attempted, sent };
  }

  return {
    delivers: transport !== null,
    send: (message) => track(send(message)),
    enqueue: (into, input) => insertRow(into, { ...input, subject: headerSafe(input.subject) }),
    deliver: (outboxId, input) => track(attempt(outboxId, { ...input, subject: headerSafe(input.subject) }, 1)),
    retryDue(now = new Date()) {
      if (!transport) return Promise.resolve({ attempted: 0, sent: 0 });
      // One sweep at a time in this process: a second caller's runs after the one under way.
      const run = (retrying ?? Promise.resolve()).catch(() => {}).then(() => retryBatch(now));
      retrying = run;
      return track(run);
    },
    whenQuiet(task) {
      if (quietStopped || quiet.length >= MAIL_QUIET_QUEUE_MAX) return Promise.resolve();
      const done = new Promise<void>((resolve) => quiet.push({ task, done: resolve }));
      if (!quietRunning) track(drainQuiet());
      return track(done);
    },
    stopQuietWork() {
      quietStopped = true;
      for (const waiting of quiet.splice(0)) waiting.done();
    },
    sendInBackground(message) {
      const pending = Promise.resolve(message)
        .then(send)
        .catch((error: unknown) => log.error({ err: error }, 'could not prepare an outgoing mail'));
      track(pending);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      this.stopQuietWork();
      await this.idle();
      transport?.close();
    },
  };
}
