import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AdvanceClockFields, AdvanceClockReply, errorReplies, FormBody, SandboxClockReply, SandboxConfirmSetupFields, SandboxSetupIntentReply } from '@charity/domain/contract';
import { parseClockStep, RECURRING_MESSAGES } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { formError, HttpError } from '../http-errors.js';
import { providerHttpError } from '../donations/provider-errors.js';
import type { SandboxProvider } from '../donations/provider/sandbox-provider.js';

// Sandbox mode only: the sandbox's clock (like a Stripe test clock) and the stand-in for Stripe.js confirmCardSetup.
//   GET  /payments/sandbox/clock            the clock's time
//   POST /payments/sandbox/clock/advance    moves it forward and bills what fell due; needs the X-Sandbox-Clock-Key the
//                                           server wrote to DATA_DIR/sandbox-clock.key (read by `npm run sandbox`), so
//                                           only whoever holds the server's files can move it
//   POST /payments/sandbox/confirm-setup    a donor's new card for a monthly gift

export const SANDBOX_CLOCK_KEY_FILE = 'sandbox-clock.key';
export const CLOCK_MESSAGES = {
  keyInvalid: 'Only `npm run sandbox` on the server’s machine can move the sandbox clock.',
  stepInvalid: "Say how far to move the clock, such as '32d', '12h', '2w' or '1mo' (at most three years).",
  body: 'Send the fields as a JSON object.',
} as const;

export async function sandboxClockRoutes(app: FastifyInstance, { sandbox }: { sandbox: SandboxProvider }) {
  // A new key each start, readable only by the server's user; the file is the command's way in.
  const key = randomBytes(32).toString('base64url');
  let keyWritten = false;
  try {
    mkdirSync(app.config.dataDir, { recursive: true });
    writeFileSync(path.join(app.config.dataDir, SANDBOX_CLOCK_KEY_FILE), `${key}\n`, { mode: 0o600 });
    keyWritten = true;
  } catch (error) {
    app.log.warn({ err: error }, 'could not write the sandbox clock key; the clock cannot be moved');
  }

  app.get(
    '/payments/sandbox/clock',
    { schema: { summary: 'Sandbox only: the sandbox clock’s time', response: { 200: SandboxClockReply, ...errorReplies() } } },
    async (_request, reply) => {
      const offsetMs = await sandbox.recurring.clockOffsetMs();
      reply.header('cache-control', 'no-store');
      return { success: true, data: { now: new Date(Date.now() + offsetMs).toISOString(), offset_ms: offsetMs } };
    },
  );

  app.post(
    '/payments/sandbox/clock/advance',
    {
      schema: {
        summary: 'Sandbox only: move the sandbox clock forward and bill what fell due (npm run sandbox -- advance 32d)',
        body: FormBody(AdvanceClockFields, CLOCK_MESSAGES.body),
        response: { 200: AdvanceClockReply, ...errorReplies(403) },
      },
    },
    async (request) => {
      const given = request.headers['x-sandbox-clock-key'];
      const ok = keyWritten && typeof given === 'string' && given.length === key.length && timingSafeEqual(Buffer.from(given), Buffer.from(key));
      if (!ok) throw new HttpError(403, CLOCK_MESSAGES.keyInvalid);
      const by = (request.body as { by?: unknown }).by;
      const ms = typeof by === 'string' ? parseClockStep(by) : null;
      if (ms === null) throw formError({ by: CLOCK_MESSAGES.stepInvalid });
      // Answers once every renewal is recorded (its events applied); receipts and mails follow in the background.
      const result = await sandbox.recurring.advanceClock(ms);
      request.log.info({ by, renewals: result.renewals, failures: result.failures, lapsed: result.lapsed }, 'sandbox clock moved');
      return {
        success: true,
        message: RECURRING_MESSAGES.clockAdvanced(result.now.toISOString()),
        data: { now: result.now.toISOString(), offset_ms: result.offsetMs, renewals: result.renewals, failures: result.failures, lapsed: result.lapsed },
      };
    },
  );

  app.post(
    '/payments/sandbox/confirm-setup',
    {
      schema: {
        summary: 'Sandbox only: save a test card for a monthly gift (the stand-in for Stripe.js confirmCardSetup)',
        body: FormBody(SandboxConfirmSetupFields, CLOCK_MESSAGES.body),
        response: { 200: SandboxSetupIntentReply, ...errorReplies(404) },
      },
    },
    async (request, reply) => {
      const body = request.body as { client_secret?: unknown; payment_method?: unknown };
      if (typeof body.client_secret !== 'string' || typeof body.payment_method !== 'string') throw new HttpError(400, CLOCK_MESSAGES.body);
      try {
        const setup = await sandbox.recurring.confirmSetup(body.client_secret, body.payment_method);
        reply.header('cache-control', 'no-store');
        return { id: setup.id, status: setup.status, payment_method: setup.paymentMethodId };
      } catch (error) {
        const answer = providerHttpError(error);
        if (answer) throw answer;
        throw error;
      }
    },
  );
}
