import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail: SMTP when SMTP_URL is set, otherwise kept in the mail_outbox table. */
    mailer: Mailer;
  }
}

/** Needs the context plugin (config, db). On close it waits for mails still being sent. */
export const mailPlugin = fp(
  async (app) => {
    const mailer = createMailer({ db: app.db, smtpUrl: app.config.smtpUrl, mailFrom: app.config.mailFrom, log: app.log });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail', dependencies: ['context'] },
);
