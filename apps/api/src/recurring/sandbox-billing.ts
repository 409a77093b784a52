import type { FastifyInstance } from 'fastify';

// The sandbox's billing in the running server (sandbox mode only; Stripe bills its own subscriptions): at start-up,
// before the server listens, it takes whatever fell due while no server ran (a clock moved, days passed) and
// delivers events an earlier process left undelivered; then every SANDBOX_BILLING_INTERVAL_MS. Each renewal is
// claimed and charged in one transaction (donations/provider/sandbox-recurring.ts), so a restart, a second process or
// a run overlapping another never charges a period twice.

export const SANDBOX_BILLING_INTERVAL_MS = 30_000;

export interface SandboxBilling {
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export function startSandboxBilling(app: FastifyInstance, intervalMs = SANDBOX_BILLING_INTERVAL_MS): SandboxBilling | null {
  const sandbox = app.payments.sandbox;
  if (!sandbox) return null;
  let running: Promise<void> | null = null;
  const runOnce = () => {
    running ??= sandbox.recurring
      .runBilling()
      .then((result) => {
        if (result.renewals + result.failures > 0) app.log.info(result, 'sandbox billing: renewals taken');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'sandbox billing failed; the next run tries again'))
      .finally(() => {
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
