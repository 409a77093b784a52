import fp from 'fastify-plugin';
import type { PaymentProvider } from '../donations/provider/provider.js';
import { SandboxProvider } from '../donations/provider/sandbox-provider.js';
import { StripeProvider } from '../donations/provider/stripe-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      /** The card payment provider for PAYMENTS_MODE: Stripe, or the built-in sandbox. */
      provider: PaymentProvider;
      /** The sandbox (confirm and authenticate routes), or null with Stripe. */
      sandbox: SandboxProvider | null;
      /**
       * Runs work after the answer (a receipt issued by the webhook); failures are logged. The app waits for it
       * on close, so a clean shutdown does not cut it off.
       */
      background(what: string, task: () => Promise<void>): void;
      /** Resolves when every sandbox event has been delivered and every background task has finished. */
      idle(): Promise<void>;
    };
  }
}

export const SANDBOX_NOTICE = 'Payments: SANDBOX (test mode) — no real charges';

/** Needs the context plugin (config, db). `provider` replaces the one PAYMENTS_MODE would choose (tests). */
export const paymentsPlugin = fp<{ provider?: PaymentProvider }>(
  async (app, options) => {
    const payments = app.config.payments;
    const provider: PaymentProvider =
      options.provider ??
      (payments.mode === 'stripe'
        ? new StripeProvider({ secretKey: payments.secretKey, publishableKey: payments.publishableKey, webhookSecret: payments.webhookSecret })
        : new SandboxProvider(app.db, (error, eventId) => app.log.error({ err: error, eventId }, 'sandbox: delivering a webhook event failed')));
    const sandbox = provider instanceof SandboxProvider ? provider : null;

    if (sandbox) {
      // Sandbox events take the same road as Stripe's: a signed POST to /api/webhooks/stripe.
      sandbox.deliverEventsWith(async (payload, signature) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/webhooks/stripe',
          payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        });
        if (response.statusCode >= 300) throw new Error(`the webhook answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
      });
      app.log.warn(SANDBOX_NOTICE);
    } else if (provider.mode === 'stripe') {
      const live = payments.mode === 'stripe' && payments.secretKey.startsWith('sk_live_');
      app.log.info(`Payments: Stripe (${live ? 'LIVE: real charges' : 'test mode'})`);
      if (!provider.webhooksEnabled) {
        app.log.warn(
          'STRIPE_WEBHOOK_SECRET is not set: /api/webhooks/stripe answers 503, so a paid donation whose browser never saves it is not recorded automatically.',
        );
      }
    }

    const tasks = new Set<Promise<void>>();
    const idle = async () => {
      // A delivered event can start a task (a receipt), so wait on both until neither has anything left.
      for (;;) {
        await sandbox?.idle();
        if (tasks.size === 0) return;
        await Promise.allSettled([...tasks]);
      }
    };
    app.decorate('payments', {
      provider,
      sandbox,
      background(what: string, task: () => Promise<void>) {
        const pending = task()
          .catch((error: unknown) => app.log.error({ err: error }, `background task failed: ${what}`))
          .finally(() => tasks.delete(pending));
        tasks.add(pending);
      },
      idle,
    });
    // Before the mailer and the database close (onClose): pending events and receipts still need them.
    app.addHook('preClose', async () => {
      await idle();
    });
  },
  { name: 'payments', dependencies: ['context'] },
);
