import { TEST_CARDS } from '@charity/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findAttemptByIntent, insertAttempt, recentFailures } from '../donations/repository/attempts.js';
import { SandboxProvider } from '../donations/provider/sandbox-provider.js';
import { rowsOf } from '../donations/repository/sql-rows.js';
import { describeEachDatabase, describePostgres } from '../../test/support/databases.js';
import { indianDonation } from '../../test/support/donations.js';
import { openDatabase, type Database } from './open.js';
import { prepared } from './prepared.js';

// The donation path's statements are built once per database and, on a PostgreSQL server, prepared under their
// names (docs/decisions/010-prepared-statements.md). These tests check the three things that can go wrong with
// that: building more than once, names PostgreSQL would cut short, and values that a placeholder maps differently
// from a literal (a jsonb null must stay SQL NULL).

describe('prepared statements (unit)', () => {
  it('builds a statement once per database and name', () => {
    const one = {} as Database;
    const two = {} as Database;
    let builds = 0;
    const build = () => ({ built: ++builds });
    expect(prepared(one, 'a', build)).toEqual({ built: 1 });
    expect(prepared(one, 'a', build)).toEqual({ built: 1 });
    expect(prepared(one, 'b', build)).toEqual({ built: 2 });
    expect(prepared(two, 'a', build)).toEqual({ built: 3 });
    expect(builds).toBe(3);
  });

  it('refuses a name longer than PostgreSQL keeps (63 characters)', () => {
    expect(() => prepared({} as Database, 'x'.repeat(64), () => 1)).toThrow(/longer than PostgreSQL's 63 characters/);
    expect(prepared({} as Database, 'x'.repeat(63), () => 1)).toBe(1);
  });
});

describeEachDatabase('prepared statements', (ctx) => {
  const attempt = (paymentIntentId: string, clientIp: string) => {
    const data = indianDonation();
    return {
      paymentIntentId,
      idempotencyKey: `key-${paymentIntentId}`,
      donationData: data as never,
      amount: 1000,
      amountMinor: 100_000,
      currency: 'INR',
      campaignId: null,
      paymentMethodId: TEST_CARDS.visa.paymentMethod,
      clientIp,
      partnerOrigin: null,
    };
  };

  it('answers what the statements say, call after call, with values mapped as drizzle maps them', async () => {
    const db = ctx.database.db;
    const written = await insertAttempt(db, attempt('pi_prepared_1', '203.0.113.7'));
    expect(written.donationData).toEqual(indianDonation()); // jsonb written as JSON, read back as the object
    expect(written.status).toBe('created'); // the column's default, left to the database
    for (let i = 0; i < 7; i += 1) {
      // Past PostgreSQL's five custom plans: the generic plan must answer the same.
      expect((await findAttemptByIntent(db, 'pi_prepared_1'))?.id).toBe(written.id);
      expect(await findAttemptByIntent(db, `pi_missing_${i}`)).toBeNull();
      expect((await recentFailures(db, '203.0.113.7', new Date())).count).toBe(0);
    }
  });

  it('keeps a cleared payment error SQL NULL, not the JSON text null', async () => {
    const db = ctx.database.db;
    const sandbox = new SandboxProvider(db);
    const declined = await sandbox.createIntent({
      amountMinor: 50_000,
      currency: 'INR',
      idempotencyKey: 'prepared-null-1',
      paymentMethodId: TEST_CARDS.declined.paymentMethod,
      metadata: {},
      description: 'Donation',
      receiptEmail: null,
    });
    await sandbox.confirm(declined.clientSecret!, TEST_CARDS.declined.paymentMethod);
    await sandbox.confirm(declined.clientSecret!, TEST_CARDS.visa.paymentMethod); // a second card succeeds and clears the error
    const [row] = rowsOf(
      await db.execute(sql`select status, last_payment_error is null as cleared from sandbox_payment_intents where id = ${declined.id}`),
    );
    expect(row).toEqual({ status: 'succeeded', cleared: true });
    await sandbox.idle();
  });
});

// PGlite has no named statements: this one is about the PostgreSQL server only.
describePostgres('prepared statements on the server', (ctx) => {
  it('is prepared on the server under its name, once per connection', async () => {
    // One connection, so the statement and the question about it share a session.
    const single = await openDatabase({ databaseUrl: ctx.config.databaseUrl, dataDir: ctx.config.dataDir, databasePoolSize: 1 });
    try {
      await findAttemptByIntent(single.db, 'pi_prepared_none');
      await findAttemptByIntent(single.db, 'pi_prepared_none');
      const names = rowsOf(await single.db.execute(sql`select name from pg_prepared_statements`)).map((r) => r.name);
      expect(names).toContain('attempt_by_intent');
      expect(names.filter((name) => name === 'attempt_by_intent')).toHaveLength(1);
    } finally {
      await single.close();
    }
  });
});
