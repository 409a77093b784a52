import { eq } from 'drizzle-orm';
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

export interface Mailer {
  /**
   * Records the mail in mail_outbox and, with an SMTP server configured, sends it. Never throws: a failure is
   * logged and recorded as status 'failed' with its error, for staff to see.
   */
  send(message: MailMessage): Promise<MailOutcome>;
  /**
   * The same, without waiting: for replies that must not wait on a mail server. The app waits for these on
   * close, so a clean shutdown does not cut a mail off half-way.
   */
  sendInBackground(message: MailMessage | Promise<MailMessage>): void;
  /** Resolves when every background send has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

// Mail servers that accept a connection and then stall must not hold a send (and shutdown) for minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

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

export function createMailer(options: { db: Database; smtpUrl: string | null; mailFrom: string; log: FastifyBaseLogger }): Mailer {
  const { db, smtpUrl, mailFrom, log } = options;
  const transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : null;
  const inFlight = new Set<Promise<unknown>>();

  async function record(message: MailMessage, status: MailStatus): Promise<number | null> {
    try {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length })),
          status,
        })
        .returning({ id: mailOutbox.id });
      return row?.id ?? null;
    } catch (error) {
      log.error({ err: error }, 'could not record an outgoing mail in mail_outbox');
      return null;
    }
  }

  async function mark(id: number | null, values: Partial<typeof mailOutbox.$inferInsert>) {
    if (id === null) return;
    try {
      await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
    } catch (error) {
      log.error({ err: error, outboxId: id }, 'could not update an outgoing mail in mail_outbox');
    }
  }

  async function send(input: MailMessage): Promise<MailOutcome> {
    const message = { ...input, subject: headerSafe(input.subject) };
    if (!transport) {
      const outboxId = await record(message, 'stored');
      log.info({ outboxId, to: message.to }, 'no SMTP_URL: mail kept in the outbox');
      return { outboxId, status: 'stored' };
    }
    const outboxId = await record(message, 'pending');
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
      await mark(outboxId, { status: 'sent', sentAt: new Date(), error: null });
      return { outboxId, status: 'sent' };
    } catch (error) {
      const reason = describeFailure(error);
      log.warn({ outboxId, to: message.to, reason }, 'sending a mail failed; it stays in the outbox as failed');
      await mark(outboxId, { status: 'failed', error: reason });
      return { outboxId, status: 'failed' };
    }
  }

  return {
    send,
    sendInBackground(message) {
      const pending = Promise.resolve(message)
        .then(send)
        .catch((error: unknown) => log.error({ err: error }, 'could not prepare an outgoing mail'))
        .finally(() => inFlight.delete(pending));
      inFlight.add(pending);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      await this.idle();
      transport?.close();
    },
  };
}
