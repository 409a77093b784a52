import { randomBytes } from 'node:crypto';
import { TEST_CARDS } from '@charity/domain';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../../db/open.js';
import { prepared, preparedSql } from '../../db/prepared.js';
import { sandboxPaymentIntents } from '../../db/schema.js';
import {
  CLIENT_SECRET_PATTERN,
  PaymentProviderError,
  type CreateIntentInput,
  type PaymentErrorInfo,
  type PaymentEvent,
  type PaymentIntentSnapshot,
  type PaymentProvider,
} from './provider.js';
import { rowOf, rowsOf } from '../repository/sql-rows.js';
import { verifyStripeSignature } from './stripe-provider.js';
import { SandboxRecurring } from './sandbox-recurring.js';
import { SandboxRefunds } from './sandbox-refunds.js';

// The built-in stand-in for Stripe (PAYMENTS_MODE=sandbox, the default without keys): no network, no real
// money. It follows Stripe's own test PaymentMethods, which the browser's sandbox card fields hand out (the domain's
// one table of them, packages/domain/src/test-cards.ts):
//   TEST_CARDS.visa            succeeds
//   TEST_CARDS.declined        is declined: card_declined / generic_decline
//   TEST_CARDS.authentication  needs authentication (requires_action), which the browser completes or fails through
//                              /api/payments/sandbox/authenticate
// Intents live in the database, in the sandbox's own table (sandbox_payment_intents: a restart or a second process
// sees them); like Stripe, it never reads or writes the donations module's tables. It reports outcomes as Stripe
// does: the intent answered to the browser's confirmation (which the module's use case records on the payment
// attempt) and webhook events (payment_intent.succeeded / payment_intent.payment_failed), signed the way Stripe
// signs them and posted to the server's own /api/webhooks/stripe, so the webhook code runs in both modes.

export type SandboxCardOutcome = 'succeeds' | 'declined' | 'authentication';

/** What each test card does here, by its PaymentMethod id; any other id is unknown to the sandbox. */
export const SANDBOX_PAYMENT_METHODS: ReadonlyMap<string, SandboxCardOutcome> = new Map([
  [TEST_CARDS.visa.paymentMethod, 'succeeds'],
  [TEST_CARDS.declined.paymentMethod, 'declined'],
  [TEST_CARDS.authentication.paymentMethod, 'authentication'],
  // On session (a monthly gift's first payment) it is charged; renewals with it fail (sandbox-recurring.ts).
  [TEST_CARDS.renewalFails.paymentMethod, 'succeeds'],
  // Charged; its refunds succeed, then fail a little later (sandbox-refunds.ts).
  [TEST_CARDS.refundFails.paymentMethod, 'succeeds'],
]);

export const SANDBOX_ERRORS = {
  declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  authenticationFailed: {
    code: 'payment_intent_authentication_failure',
    message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  },
} as const satisfies Record<string, PaymentErrorInfo>;

export const SANDBOX_MESSAGES = {
  unknownPaymentMethod:
    `This test payment method is not known to the sandbox. In test mode use a Stripe test card such as ${TEST_CARDS.visa.spaced}.`,
  idempotencyMismatch: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
  unknownClientSecret: 'No such payment: the client secret does not match any payment.',
  notAwaitingAuthentication: 'This payment is not waiting for authentication.',
  cannotConfirm: (status: string) => `This payment cannot be confirmed in its current state (${status}).`,
} as const;

export class SandboxError extends Error {
  override readonly name = 'SandboxError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;

/** Where signed events go: the server posts them to its own webhook route. */
export type EventDelivery = (payload: string, signature: string) => Promise<void>;

export interface SandboxOutcome {
  intent: PaymentIntentSnapshot;
  /** The event this step emitted (also being delivered to the webhook), or null when nothing changed. */
  event: PaymentEvent | null;
}

/** The states a confirmation may move an intent from (Stripe's). */
const CONFIRMABLE: readonly string[] = ['requires_confirmation', 'requires_payment_method', 'requires_action'];

function isSandboxPaymentMethod(id: string): boolean {
  return SANDBOX_PAYMENT_METHODS.has(id);
}

function randomId(prefix: string, bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString('hex')}`;
}

function snapshot(row: IntentRow, withClientSecret = false): PaymentIntentSnapshot {
  return {
    id: row.id,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency.toUpperCase(),
    clientSecret: withClientSecret ? row.clientSecret : null,
    paymentMethodId: row.paymentMethodId,
    lastPaymentError: row.lastPaymentError ?? null,
    metadata: row.metadata,
  };
}

/** The intent as Stripe would put it in an event's data.object. */
function stripeShapedIntent(row: IntentRow) {
  return {
    id: row.id,
    object: 'payment_intent',
    amount: row.amountMinor,
    currency: row.currency.toLowerCase(),
    status: row.status,
    payment_method: row.paymentMethodId,
    payment_method_types: ['card'],
    metadata: row.metadata,
    description: row.description,
    receipt_email: row.receiptEmail,
    last_payment_error: row.lastPaymentError ? { type: 'card_error', ...row.lastPaymentError } : null,
    created: Math.floor(row.createdAt.getTime() / 1000),
    livemode: false,
  };
}

function sameParameters(row: IntentRow, input: CreateIntentInput): boolean {
  const metadata = (value: Record<string, string>) => JSON.stringify(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
  return (
    row.amountMinor === input.amountMinor &&
    row.currency === input.currency.toUpperCase() &&
    row.paymentMethodId === input.paymentMethodId &&
    metadata(row.metadata) === metadata(input.metadata)
  );
}

export class SandboxProvider implements PaymentProvider {
  readonly mode = 'sandbox' as const;
  readonly publishableKey = null;
  readonly webhooksEnabled = true;
  /** Intents are rows of this server's database: reading one back is as cheap as reading the attempt. */
  readonly retrievesLocally = true;
  /** Random per process: only this process signs sandbox events, and only for itself. */
  readonly webhookSecret = `whsec_sandbox_${randomBytes(24).toString('hex')}`;
  private delivery: EventDelivery | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private holding = false;
  /** Events emitted while held (holdEvents), oldest first: signed and ready to post. */
  readonly held: Array<{ id: string; type: string; payload: string; signature: string }> = [];
  /** Monthly gifts: the sandbox's subscriptions, invoices and clock. */
  readonly recurring: SandboxRecurring;
  /** Refunds, with their events through the same outbox. */
  readonly refunds: SandboxRefunds;

  constructor(
    private readonly db: Database,
    private readonly onDeliveryError: (error: unknown, eventId: string) => void = () => {},
  ) {
    this.recurring = new SandboxRecurring(
      db,
      {
        signedEvent: (type, object, created, id) => this.signedObjectEvent(type, object, created, id),
        deliverSigned: async (payload, signature) => {
          if (!this.delivery) throw new Error('The sandbox has nowhere to deliver events yet.');
          await this.delivery(payload, signature);
        },
        createIntent: (input) => this.createIntent(input),
      },
      onDeliveryError,
    );
    this.refunds = new SandboxRefunds(db, this.recurring);
    this.recurring.afterBilling = (now) => this.refunds.failDue(now);
  }

  /** Set once the app exists: events are posted through it to /api/webhooks/stripe. */
  deliverEventsWith(delivery: EventDelivery): void {
    this.delivery = delivery;
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntentSnapshot> {
    if (!isSandboxPaymentMethod(input.paymentMethodId)) throw new PaymentProviderError(400, SANDBOX_MESSAGES.unknownPaymentMethod);
    // Insert first (every key is new in the common path: one round trip); only a key seen before, or the same key
    // twice at once, reads the existing intent, and is answered it (or refused) as Stripe does.
    const id = randomId('pi_sbx_');
    const insert = prepared(this.db, 'sandbox_intent_insert', () =>
      this.db
        .insert(sandboxPaymentIntents)
        .values({
          id: sql.placeholder('id'),
          clientSecret: sql.placeholder('clientSecret'),
          idempotencyKey: sql.placeholder('idempotencyKey'),
          amountMinor: sql.placeholder('amountMinor'),
          currency: sql.placeholder('currency'),
          // Stripe's status for an intent created with a payment method, before the browser confirms it.
          status: 'requires_confirmation',
          paymentMethodId: sql.placeholder('paymentMethodId'),
          metadata: sql.placeholder('metadata'),
          description: sql.placeholder('description'),
          receiptEmail: sql.placeholder('receiptEmail'),
        })
        .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey })
        .returning()
        .prepare('sandbox_intent_insert'),
    );
    const [row] = await insert.execute({
      id,
      clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
      idempotencyKey: input.idempotencyKey,
      amountMinor: input.amountMinor,
      currency: input.currency.toUpperCase(),
      paymentMethodId: input.paymentMethodId,
      metadata: input.metadata,
      description: input.description,
      receiptEmail: input.receiptEmail,
    });
    if (row) return snapshot(row, true);
    // A separate statement, so it sees the winner even when that committed while the insert waited on it.
    const existing = await this.findBy(eq(sandboxPaymentIntents.idempotencyKey, input.idempotencyKey));
    if (!existing) throw new Error('A sandbox intent vanished while being created.');
    return this.replay(existing, input);
  }

  async retrieveIntent(id: string): Promise<PaymentIntentSnapshot | null> {
    // The browser's save reads every intent back: prepared.
    const select = prepared(this.db, 'sandbox_intent_by_id', () =>
      this.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, sql.placeholder('id'))).limit(1).prepare('sandbox_intent_by_id'),
    );
    const [row] = await select.execute({ id });
    return row ? snapshot(row) : null;
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    return verifyStripeSignature(rawBody, signatureHeader, this.webhookSecret);
  }

  /** What Stripe.js's confirmCardPayment does at Stripe: charge the card, or ask for authentication. */
  async confirm(clientSecret: string, paymentMethodId: string): Promise<SandboxOutcome> {
    if (!CLIENT_SECRET_PATTERN.test(clientSecret)) throw new SandboxError(404, SANDBOX_MESSAGES.unknownClientSecret);
    const card = SANDBOX_PAYMENT_METHODS.get(paymentMethodId);
    if (!card) {
      // Rare (the browser only hands out known ones): the intent's state decides the answer, as before the card.
      const row = await this.byClientSecret(clientSecret);
      if (row.status === 'succeeded') return { intent: snapshot(row), event: null };
      if (!CONFIRMABLE.includes(row.status)) throw new SandboxError(400, SANDBOX_MESSAGES.cannotConfirm(row.status));
      throw new SandboxError(400, SANDBOX_MESSAGES.unknownPaymentMethod);
    }
    const values = {
      succeeds: { status: 'succeeded', paymentMethodId, lastPaymentError: null },
      declined: { status: 'requires_payment_method', paymentMethodId, lastPaymentError: SANDBOX_ERRORS.declined },
      authentication: { status: 'requires_action', paymentMethodId, lastPaymentError: null },
    }[card];
    const moved = await this.transition('confirm', clientSecret, CONFIRMABLE, values);
    if (moved) return moved;
    // Nothing moved: the intent is unknown, already paid (a repeated click, or the loser of two confirmations at
    // once: answered as the winner left it, without an event), or in a state that cannot be confirmed.
    const row = await this.byClientSecret(clientSecret);
    if (row.status === 'succeeded') return { intent: snapshot(row), event: null };
    throw new SandboxError(400, SANDBOX_MESSAGES.cannotConfirm(row.status));
  }

  /** The donor's answer to the 3-D Secure challenge (in the browser: the sandbox's confirm dialog). */
  async authenticate(clientSecret: string, outcome: 'complete' | 'fail'): Promise<SandboxOutcome> {
    if (!CLIENT_SECRET_PATTERN.test(clientSecret)) throw new SandboxError(404, SANDBOX_MESSAGES.unknownClientSecret);
    const moved = await this.transition(
      'authenticate',
      clientSecret,
      ['requires_action'],
      outcome === 'complete'
        ? { status: 'succeeded', lastPaymentError: null }
        : { status: 'requires_payment_method', lastPaymentError: SANDBOX_ERRORS.authenticationFailed },
    );
    if (moved) return moved;
    // As for confirm. Of two answers racing (complete and fail), the loser finds the intent no longer waiting.
    const row = await this.byClientSecret(clientSecret);
    if (row.status === 'succeeded') return { intent: snapshot(row), event: null };
    throw new SandboxError(400, SANDBOX_MESSAGES.notAwaitingAuthentication);
  }

  /** Resolves when every event emitted so far has been delivered (tests; the app waits on close). */
  async idle(): Promise<void> {
    for (;;) {
      while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
      await this.recurring.idle();
      if (this.inFlight.size === 0) return;
    }
  }

  private async findBy(condition: ReturnType<typeof eq>): Promise<IntentRow | null> {
    const [row] = await this.db.select().from(sandboxPaymentIntents).where(condition).limit(1);
    return row ?? null;
  }

  private async byClientSecret(clientSecret: string): Promise<IntentRow> {
    const row = CLIENT_SECRET_PATTERN.test(clientSecret) ? await this.findBy(eq(sandboxPaymentIntents.clientSecret, clientSecret)) : null;
    if (!row) throw new SandboxError(404, SANDBOX_MESSAGES.unknownClientSecret);
    return row;
  }

  private replay(row: IntentRow, input: CreateIntentInput): PaymentIntentSnapshot {
    if (!sameParameters(row, input)) throw new PaymentProviderError(400, SANDBOX_MESSAGES.idempotencyMismatch);
    return snapshot(row, true);
  }

  /**
   * Moves the intent with this client secret on, only from the states given, in one statement: two confirmations
   * racing cannot both win (the loser matches nothing: null). Emits the event Stripe would. The payment attempt is
   * the module's: its use case brings it in step from the answer (use-cases/apply-provider-event.ts).
   */
  private async transition(
    step: 'confirm' | 'authenticate',
    clientSecret: string,
    from: readonly string[],
    values: Pick<IntentRow, 'status' | 'lastPaymentError'> & Partial<Pick<IntentRow, 'paymentMethodId'>>,
  ): Promise<SandboxOutcome | null> {
    // One prepared statement per step (each moves from its own states); the values are placeholders.
    const name = `sandbox_${step}`;
    const statement = preparedSql(this.db, name, () => {
      const move = this.db
        .update(sandboxPaymentIntents)
        .set({
          status: sql`${sql.placeholder('status')}::text`,
          paymentMethodId: sql`coalesce(${sql.placeholder('paymentMethodId')}::text, ${sandboxPaymentIntents.paymentMethodId})`,
          // Cast in SQL: a jsonb placeholder would turn null into the JSON text 'null', not SQL NULL.
          lastPaymentError: sql`${sql.placeholder('lastPaymentError')}::jsonb`,
          updatedAt: sql`${sql.placeholder('updatedAt')}::timestamptz`,
        })
        .where(and(eq(sandboxPaymentIntents.clientSecret, sql.placeholder('clientSecret')), inArray(sandboxPaymentIntents.status, [...from])))
        .returning();
      return move.getSQL();
    });
    const result = await statement.execute({
      status: values.status,
      paymentMethodId: values.paymentMethodId ?? null,
      lastPaymentError: values.lastPaymentError ? JSON.stringify(values.lastPaymentError) : null,
      updatedAt: new Date().toISOString(),
      clientSecret,
    });
    const [raw] = rowsOf(result);
    if (!raw) return null;
    const updated = rowOf(sandboxPaymentIntents, raw);
    // A monthly gift's first invoice: paid now, its subscription active (its own events, after the intent's).
    if (updated.status === 'succeeded' && updated.metadata.invoice) await this.recurring.firstInvoicePaid(snapshot(updated));
    const type =
      updated.status === 'succeeded'
        ? 'payment_intent.succeeded'
        : updated.status === 'requires_action'
          ? 'payment_intent.requires_action'
          : 'payment_intent.payment_failed';
    return { intent: snapshot(updated), event: this.emit(type, updated) };
  }

  /**
   * What Stripe's retries do for a real account, for the sandbox (whose events live only in this process until
   * delivered): sends payment_intent.succeeded again for each of `intentIds` (the module's reconciler names the
   * intents it is still waiting on: use-cases/reconcile.ts) that succeeded here, last changed before
   * `changedBefore`, and waits for each delivery. A process killed between the payment and its webhook, or a webhook
   * that failed (the database was down), leaves exactly such intents; the webhook writes their donations once (it is
   * idempotent on the intent), receipts included. Oldest first.
   */
  async redeliverSucceeded(intentIds: readonly string[], changedBefore: Date): Promise<{ delivered: number; failed: number }> {
    const delivery = this.delivery;
    if (!delivery || intentIds.length === 0) return { delivered: 0, failed: 0 };
    const rows = await this.db
      .select()
      .from(sandboxPaymentIntents)
      .where(
        and(
          inArray(sandboxPaymentIntents.id, [...intentIds]),
          eq(sandboxPaymentIntents.status, 'succeeded'),
          lt(sandboxPaymentIntents.updatedAt, changedBefore),
        ),
      )
      .orderBy(asc(sandboxPaymentIntents.updatedAt));
    let delivered = 0;
    let failed = 0;
    for (const row of rows) {
      const event = this.signedEvent('payment_intent.succeeded', row);
      try {
        await delivery(event.payload, event.signature);
        delivered += 1;
      } catch (error) {
        failed += 1;
        this.onDeliveryError(error, event.id);
      }
    }
    return { delivered, failed };
  }

  /** An event about any object (an invoice, a subscription), signed now; `id` keeps a stored event's own id. */
  signedObjectEvent(type: string, object: Record<string, unknown>, createdSeconds: number, id?: string): { id: string; payload: string; signature: string } {
    const body = {
      id: id ?? randomId('evt_sbx_'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: createdSeconds,
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object },
    };
    const payload = JSON.stringify(body);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret, timestamp: Math.floor(Date.now() / 1000) });
    return { id: body.id, payload, signature };
  }

  /** The event as Stripe would send it (a fresh id, as for a new delivery), with its Stripe-Signature header. */
  private signedEvent(type: string, row: IntentRow): { id: string; created: number; payload: string; signature: string } {
    const created = Math.floor(Date.now() / 1000);
    const body = {
      id: randomId('evt_sbx_'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: stripeShapedIntent(row) },
    };
    const payload = JSON.stringify(body);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret, timestamp: created });
    return { id: body.id, created, payload, signature };
  }

  /** Builds the event as Stripe would send it, signs it, and posts it to the webhook in the background. */
  private emit(type: string, row: IntentRow): PaymentEvent {
    const { id, created, payload, signature } = this.signedEvent(type, row);
    if (this.holding) this.held.push({ id, type, payload, signature });
    else this.schedule(id, payload, signature);
    return { id, type, created, intent: snapshot(row) };
  }

  private schedule(eventId: string, payload: string, signature: string): void {
    const delivery = this.delivery;
    if (!delivery) return;
    // After the current request has answered, as Stripe's delivery would be: the browser's own save and the
    // webhook race exactly as they do in production.
    const pending = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => delivery(payload, signature))
      .catch((error: unknown) => this.onDeliveryError(error, eventId))
      .finally(() => this.inFlight.delete(pending));
    this.inFlight.add(pending);
  }

  /**
   * Keeps events instead of delivering them, as when the webhook is slow or not set up yet (tests use this to
   * show the browser's save on its own, and the webhook on its own).
   */
  holdEvents(): void {
    this.holding = true;
  }

  /** Delivers the events held so far and goes back to delivering at once. */
  releaseEvents(): void {
    this.holding = false;
    for (const event of this.held.splice(0)) this.schedule(event.id, event.payload, event.signature);
  }
}
