import {
  buildContactPayload,
  CONTACT_TOASTS,
  FIELD_MAX_LENGTHS,
  tooLongMessage,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactForm,
} from '@charity/domain';
import { ContactFields, ContactReply, errorReplies, FormBody } from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { contactMessages } from '../db/schema.js';
import { formError, HttpError } from '../http-errors.js';
import { contactMail } from '../mail/contact-mail.js';
import { staffAddress } from '../notices/staff-notices.js';
import { cleanText } from './shared.js';

// POST /api/contact (spec sections 3, 5, 7, 8): the same rules and messages as the form, through
// validateContact; then the message is stored and the organisation told by mail. The message and its notice
// (a mail_outbox row) are committed together before any mail is attempted, and the mail is sent after the
// answer: a slow or broken mail server can neither delay the visitor nor lose their message or its notice
// (the outbox records how the mail went, and retries it).

const FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'subject', 'message'];

const LABELS: Record<ContactField, string> = { name: 'Name', email: 'Email', phone: 'Phone', subject: 'Subject', message: 'Message' };

/** Longest values accepted: the domain's one table of field lengths (packages/domain/src/field-limits.ts). */
export const CONTACT_MAX_LENGTHS: Readonly<Record<ContactField, number>> = FIELD_MAX_LENGTHS.contact;

export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;

export const CONTACT_ROUTE_MESSAGES = {
  notAnObject: 'Send the message as a JSON object with name, email, phone, subject and message.',
  tooMany: 'Too many messages from this address. Please try again later.',
  mustBeText: (field: ContactField) => `${LABELS[field]} must be text.`,
  tooLong: (field: ContactField) => tooLongMessage(LABELS[field], CONTACT_MAX_LENGTHS[field]),
} as const;

export async function contactRoutes(app: FastifyInstance) {
  app.post(
    '/contact',
    {
      config: {
        // Per client address (request.ip honours X-Forwarded-For only with TRUST_PROXY). Counted in the database,
        // so every replica shares one count (plugins/rate-limit-store.ts).
        rateLimit: {
          max: CONTACT_RATE_LIMIT.max,
          timeWindow: CONTACT_RATE_LIMIT.windowMs,
          errorResponseBuilder: () => new HttpError(429, CONTACT_ROUTE_MESSAGES.tooMany),
        },
      },
      schema: {
        summary: 'Send a message to the charity (5 per address per 10 minutes)',
        body: FormBody(ContactFields, CONTACT_ROUTE_MESSAGES.notAnObject),
        response: { 201: ContactReply, ...errorReplies(429) },
      },
    },
    async (request, reply) => {
      // A JSON object: Fastify refused anything else with CONTACT_ROUTE_MESSAGES.notAnObject (the route's FormBody).
      const body = request.body as Record<string, unknown>;

      // Type and length first (they guard the database and the mail), then the form's own rules; unknown
      // fields are ignored. Each field reports its first problem, in the form's order.
      const form: ContactForm = { name: '', email: '', phone: '', subject: '', message: '' };
      const errors: ContactErrors = {};
      for (const field of FIELDS) {
        const value = body[field];
        if (value === undefined || value === null) continue;
        if (typeof value !== 'string') {
          errors[field] = CONTACT_ROUTE_MESSAGES.mustBeText(field);
          continue;
        }
        const cleaned = cleanText(value, { singleLine: field !== 'message' });
        if (cleaned.length > CONTACT_MAX_LENGTHS[field]) errors[field] = CONTACT_ROUTE_MESSAGES.tooLong(field);
        else form[field] = cleaned;
      }
      const ruleErrors = validateContact(form);
      const all: Record<string, string> = {};
      for (const field of FIELDS) {
        const message = errors[field] ?? ruleErrors[field];
        if (message) all[field] = message;
      }
      if (Object.keys(all).length > 0) throw formError(all);

      const payload = buildContactPayload(form);
      const to = await staffAddress(app.db, app.config.staffNoticesTo);
      // The message and its notice to staff in one transaction: an accepted message always has its notice in the outbox
      // (docs/decisions/014-well-formed-text-and-error-logs.md), and a notice that cannot be recorded takes the message
      // with it (the visitor gets a 500 and can send again, rather than a 201 for a message nobody is told about).
      const { messageId, notice, outboxId } = await app.db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(contactMessages)
          .values(payload)
          .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
        if (!stored) throw new Error('Storing a contact message returned no row.');
        const mail = contactMail({ ...payload, id: stored.id, receivedAt: stored.createdAt }, to, `${app.config.publicBaseUrl}/admin/messages`);
        const queued = await app.mailer.enqueue(tx, mail);
        return { messageId: stored.id, notice: mail, outboxId: queued.outboxId };
      });

      // Sent after the commit and after the answer: a slow or broken mail server neither delays the visitor nor
      // loses the notice (a failed send is tried again from the outbox).
      if (app.mailer.delivers) void app.mailer.deliver(outboxId, notice);
      else request.log.info({ messageId, outboxId }, 'no SMTP_URL: contact notice kept in the outbox');
      return reply.code(201).send({ success: true, message: CONTACT_TOASTS.success });
    },
  );
}
