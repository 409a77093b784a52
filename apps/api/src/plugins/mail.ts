import fp from 'fastify-plugin';
import { rebuildOutboxAttachments } from '../admin/outbox-repository.js';
import { recordReceiptMailStatus } from '../receipts/issuing.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { recordNoteMailStatus } from '../refunds/notes.js';
import { recordStatementMailStatus } from '../tax-year/statements.js';
import { recordCertificateMailStatus } from '../tax-year/certificates.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail: SMTP when SMTP_URL is set, otherwise kept in the mail_outbox table. */
    mailer: Mailer;
  }
}

/**
 * Needs the context plugin (config, db). On close it waits for mails still being sent. The mail sweep (queued
 * receipts, failed deliveries sent again) is a job of the server's schedule (src/jobs/schedule.ts), run once
 * across replicas; an app built by a test sweeps only when the test says so.
 */
export const mailPlugin = fp(
  async (app) => {
    const mailer = createMailer({
      db: app.db,
      smtpUrl: app.config.smtpUrl,
      mailFrom: app.config.mailFrom,
      log: app.log,
      // A receipt's mail sent again carries its PDF, drawn again from the receipt's frozen details (the same rule
      // serves staff's download from the outbox).
      rebuildAttachments: (row) => rebuildOutboxAttachments({ db: app.db, certificates: app.certificateFiles }, row),
      // The mailer writes only mail_outbox; the receipts module keeps the receipt's copy of its mail's status.
      onStatusChange: async (change) => {
        await recordReceiptMailStatus(app.db, change);
        await recordNoteMailStatus(app.db, change);
        await recordStatementMailStatus(app.db, change);
        await recordCertificateMailStatus(app.db, change);
      },
    });
    app.decorate('mailer', mailer);
    // Before the payments plugin's preClose waits for its background tasks (registered after this one): receipts
    // still waiting on the quiet queue are left 'queued' in the database for the sweep, not drawn during shutdown.
    app.addHook('preClose', async () => {
      mailer.stopQuietWork();
    });
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail', dependencies: ['context'] },
);
