import { TEST_CARDS } from '@charity/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CACHE_SYNC_APPLICATION_NAME } from '../plugins/cache-sync.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/open.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, confirm, createIntent, indianDonation, nextIp, saveAfterPayment, type SandboxApp } from '../../test/support/donations.js';

// How many statements one sandbox donation sends to the database, step by step
// (docs/decisions/010-prepared-statements.md). Statements are counted at the driver (every query, and BEGIN/COMMIT,
// which are round trips too), so the figure is the same whatever drizzle builds. Each step is measured alone: the
// sandbox holds its webhook events until the step that delivers them. Both orders of the race are covered: the
// browser's save first (the webhook then finds the donation), and the webhook first (the save then finds it). The
// bounds are today's counts: a change that adds round trips to the donation path fails here, and should say why it
// needs them.

/**
 * Upper bounds per step (statements, BEGIN/COMMIT included). Before docs/decisions/007-response-cache.md and
 * docs/decisions/010-prepared-statements.md, in the same order: 4, 3, 6, 8, 19 and 6 (21 statements for a donation the
 * browser saves first).
 */
const BOUNDS = {
  // The address's rate-limit counter (one upsert: shared by every replica since decision 041), the card-testing count,
  // the intent (INSERT … ON CONFLICT DO NOTHING RETURNING), the attempt.
  'create-intent': 4,
  // The sandbox's UPDATE of its own intent, then the use case's UPDATE of the attempt. Was 1 (the attempt's UPDATE a
  // CTE of the sandbox's statement): one more since the sandbox stopped writing the module's tables
  // (docs/decisions/019-donations-module.md). Sandbox only: with Stripe the browser confirms at Stripe, and this step
  // never reaches the server.
  'sandbox/confirm': 2,
  // The attempt and the intent (read at once), then the donation, campaign totals and attempt in one statement.
  'save-after-payment (first)': 3,
  // The cheap early exit: one statement finds the donation and records the event.
  'webhook (donation already saved)': 1,
  // 2 for the webhook (read; then event + donation + totals in one statement), 10 for the receipt it issues (the
  // donation, its receipt and the organisation in one read, then the numbering statement) and mails after its
  // answer (receipts/issuing.ts).
  'webhook (first: records the donation)': 12,
  'save-after-payment (webhook was first)': 3,
  // A declined card (the card-testing defence's path; was 7 and 6): the sandbox's intent, the failure and attempt in
  // one statement, then the address's count of failures. Its webhook: event, failure (already counted)
  // and attempt in one statement.
  'sandbox/confirm (declined)': 3,
  'webhook (payment failed)': 1,
};
type Step = keyof typeof BOUNDS;

interface Counter {
  statements: string[];
  on: boolean;
}

/** Counts every statement the handle's driver sends while `counter.on`; answers a function that undoes it. */
function countStatements(database: DatabaseHandle, counter: Counter): () => void {
  const note = (text: unknown) => {
    if (counter.on) counter.statements.push(String(typeof text === 'object' && text !== null ? (text as { text?: string }).text : text).replace(/\s+/g, ' ').slice(0, 120));
  };
  if (database.kind === 'postgres') {
    // Every pooled client's query (pool.query checks one out and calls it; a transaction calls it for BEGIN and COMMIT).
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      // Not the cache's own connection (plugins/cache-sync.ts): its LISTEN, and the notice that tells other replicas
      // of a write, go on a connection of their own after the write has committed, never on the donation's path.
      if ((this as unknown as { connectionParameters?: { application_name?: string } }).connectionParameters?.application_name !== CACHE_SYNC_APPLICATION_NAME) {
        note(args[0]);
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    return () => {
      pg.Client.prototype.query = original;
    };
  }
  const client = database.client;
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (text: string, ...rest: unknown[]) => {
    note(text);
    return (query as (...a: unknown[]) => unknown)(text, ...rest);
  }) as typeof client.query;
  client.exec = (async (text: string, ...rest: unknown[]) => {
    note(text);
    return (exec as (...a: unknown[]) => unknown)(text, ...rest);
  }) as typeof client.exec;
  // PGlite runs BEGIN and COMMIT itself, through the transaction object it hands the callback.
  client.transaction = (async (callback: (tx: unknown) => Promise<unknown>) => {
    note('BEGIN');
    try {
      return await transaction(async (tx) => {
        const counted = Object.create(tx) as typeof tx;
        counted.query = (async (text: string, ...rest: unknown[]) => {
          note(text);
          return (tx.query as (...a: unknown[]) => unknown)(text, ...rest);
        }) as typeof tx.query;
        counted.exec = (async (text: string, ...rest: unknown[]) => {
          note(text);
          return (tx.exec as (...a: unknown[]) => unknown)(text, ...rest);
        }) as typeof tx.exec;
        return callback(counted);
      });
    } finally {
      note('COMMIT/ROLLBACK');
    }
  }) as typeof client.transaction;
  return () => {
    delete (client as { query?: unknown }).query;
    delete (client as { exec?: unknown }).exec;
    delete (client as { transaction?: unknown }).transaction;
  };
}

describeEachDatabase('database round trips of one sandbox donation', (ctx) => {
  let sandboxApp: SandboxApp;
  let restore: () => void;
  const counter: Counter = { statements: [], on: false };
  const counts: Partial<Record<Step, number>> = {};

  beforeAll(async () => {
    sandboxApp = await buildSandboxApp(ctx, { holdEvents: true });
    restore = countStatements(ctx.database, counter);
  });
  afterAll(async () => {
    restore?.();
    await sandboxApp?.app.close();
    console.log(`statements per step on ${ctx.kind}:`, counts);
  });

  /** Runs one step with counting on; records and checks its count against its bound. */
  async function step<T>(name: Step, work: () => Promise<T>): Promise<T> {
    counter.statements = [];
    counter.on = true;
    let result: T;
    try {
      result = await work();
    } finally {
      counter.on = false;
    }
    counts[name] = counter.statements.length;
    // ROUND_TRIPS_VERBOSE=1 lists the statements themselves (which one to fold next).
    if (process.env.ROUND_TRIPS_VERBOSE) console.log(`${ctx.kind} ${name}:\n  ${counter.statements.join('\n  ')}`);
    expect(counter.statements.length, `${name}:\n  ${counter.statements.join('\n  ')}`).toBeLessThanOrEqual(BOUNDS[name]);
    return result;
  }

  async function payHeld(ip: string) {
    const data = indianDonation();
    const created = await step('create-intent', () => createIntent(sandboxApp.app, data, TEST_CARDS.visa.paymentMethod, ip));
    expect(created.statusCode, created.body).toBe(200);
    const { client_secret: clientSecret, payment_intent_id: intentId } = created.json().data;
    const confirmed = await step('sandbox/confirm', () => confirm(sandboxApp.app, clientSecret, TEST_CARDS.visa.paymentMethod, ip));
    expect(confirmed.json().data.payment_intent.status).toBe('succeeded');
    expect(sandboxApp.sandbox.held.map((event) => event.type)).toEqual(['payment_intent.succeeded']);
    return { data, intentId };
  }

  async function deliverHeld() {
    sandboxApp.sandbox.releaseEvents();
    await sandboxApp.app.payments.idle();
    sandboxApp.sandbox.holdEvents();
    expect(sandboxApp.deliveryErrors).toEqual([]);
  }

  async function donationsFor(intentId: string) {
    const result = await ctx.database.db.execute<{ n: number }>(
      // Raw SQL on purpose: this check must not depend on the code under test.
      sql`select count(*)::int as n from donations where payment_intent_id = ${intentId}`,
    );
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  }

  it('the browser saves first; the webhook then finds the donation', async () => {
    const { data, intentId } = await payHeld(nextIp());
    const saved = await step('save-after-payment (first)', () => saveAfterPayment(sandboxApp.app, data, intentId));
    expect(saved.statusCode, saved.body).toBe(201);
    await step('webhook (donation already saved)', deliverHeld);
    expect(await donationsFor(intentId)).toBe(1);
  });

  it('the webhook records the donation first; the browser then finds it', async () => {
    const { data, intentId } = await payHeld(nextIp());
    await step('webhook (first: records the donation)', deliverHeld);
    const saved = await step('save-after-payment (webhook was first)', () => saveAfterPayment(sandboxApp.app, data, intentId));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await donationsFor(intentId)).toBe(1);
  });

  it('a declined card: the failure is counted once, by the confirmation, and its webhook changes nothing more', async () => {
    const ip = nextIp();
    const created = await createIntent(sandboxApp.app, indianDonation(), TEST_CARDS.declined.paymentMethod, ip);
    const confirmed = await step('sandbox/confirm (declined)', () => confirm(sandboxApp.app, created.json().data.client_secret, TEST_CARDS.declined.paymentMethod, ip));
    expect(confirmed.json().data.payment_intent.status).toBe('requires_payment_method');
    await step('webhook (payment failed)', deliverHeld);
    const failures = await ctx.database.db.execute(sql`select count(*)::int as n from payment_failures where client_ip = ${ip}`);
    expect((failures as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });
});
