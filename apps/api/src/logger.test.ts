import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminUsers, contactMessages, mailOutbox } from './db/schema.js';
import { createLogger } from './logger.js';
import { describeEachDatabase } from '../test/support/databases.js';

// An error in the log never carries the values it was about (docs/decisions/014-well-formed-text-and-error-logs.md).
// drizzle's "Failed query: … params: …" message and its `params` hold every bound value (a whole donation_data, PAN and
// address included), PostgreSQL's `detail` ("Failing row contains (…)", "Key (…)=(…) already exists") and `where`
// ("JSON data, line 1: …") hold values, and so do quoted parts of some driver messages ('invalid input syntax for type
// integer: "…"'). The logger's err serializer keeps what finds the fault (the SQLSTATE code, the constraint, table and
// column, the driver's message with its values taken out, the stack's frames) and nothing else. Real errors from real
// databases.

const PAN = 'ABCDE1234F';
const PHONE = '9876543210';
const EMAIL = 'asha.verma@example.org';
const ADDRESS = '12, 100 Feet Road, Indiranagar';
const VALUES = [PAN, PHONE, EMAIL, ADDRESS, 'Asha Verma', '100 Feet Road'];

/** An error as the log line holds it (log-serializers.ts serializeError). */
interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause: { code?: string; message?: string; constraint?: string; table?: string; detail?: unknown; where?: unknown; hint?: unknown };
}

describeEachDatabase('error log lines', (ctx) => {
  const lines: string[] = [];
  const log = createLogger('trace', { write: (line: string) => void lines.push(line) });

  /** Runs `work`, which must fail, logs its error as the error handler does, and answers the parsed line's err. */
  async function loggedError(work: () => Promise<unknown>): Promise<LoggedError> {
    let caught: unknown;
    try {
      await work();
    } catch (error) {
      caught = error;
    }
    expect(caught, 'the statement should have failed').toBeInstanceOf(Error);
    lines.length = 0;
    log.error({ err: caught }, 'request failed');
    expect(lines).toHaveLength(1);
    for (const value of VALUES) expect(lines[0], value).not.toContain(value);
    expect(lines[0]).not.toContain('params');
    const { err } = JSON.parse(lines[0]!) as { err: LoggedError };
    // The stack keeps its frames, below a first line that is the (cleaned) message.
    expect(err.stack).toMatch(/\n\s+at /);
    expect(err.stack.split('\n')[0]).toBe(`${err.type}: ${err.message}`);
    return err;
  }

  beforeAll(async () => {
    await ctx.database.db.execute(sql.raw(`alter table contact_messages add constraint test_no_asha check (name <> 'Asha Verma')`));
  });
  afterAll(async () => {
    await ctx.database.db.execute(sql.raw('alter table contact_messages drop constraint if exists test_no_asha'));
  });

  it('keep the code, constraint and table of a check violation, not the failing row (detail) or the bound values', async () => {
    const err = await loggedError(() =>
      ctx.database.db.insert(contactMessages).values({ name: 'Asha Verma', email: EMAIL, phone: PHONE, subject: 'volunteer', message: `I live at ${ADDRESS}, PAN ${PAN}.` }),
    );
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.message).toMatch(/^Failed query: insert into "contact_messages" \(/);
    expect(err.cause).toMatchObject({ code: '23514', constraint: 'test_no_asha', table: 'contact_messages' });
    expect(err.cause.message).toBe('new row for relation "contact_messages" violates check constraint "test_no_asha"');
    expect(err.cause.detail).toBeUndefined();
  });

  it('keep a unique violation’s constraint, not the duplicate key (detail)', async () => {
    await ctx.database.db.insert(adminUsers).values({ username: EMAIL, fullName: 'Asha Verma', role: 'admin', passwordHash: 'x' });
    const err = await loggedError(() => ctx.database.db.insert(adminUsers).values({ username: EMAIL, fullName: 'Asha Verma', role: 'admin', passwordHash: 'x' }));
    expect(err.cause).toMatchObject({ code: '23505', table: 'admin_users' });
    expect(err.cause.constraint).toMatch(/username/);
  });

  it('hold nothing of a jsonb value the database refused (a lone surrogate), neither its bound value nor `where`', async () => {
    const err = await loggedError(() =>
      ctx.database.db.insert(mailOutbox).values({ to: 'staff@example.org', subject: 'Contact', text: `From ${ADDRESS}`, status: 'stored', replyTo: { name: 'Asha Verma\ud800', address: EMAIL } }),
    );
    expect(err.cause).toMatchObject({ code: '22P02', message: 'invalid input syntax for type json' });
    expect(err.cause.where).toBeUndefined();
  });

  it('take the quoted values out of a driver message, keeping its words', async () => {
    const err = await loggedError(() => ctx.database.db.execute(sql`select ${PAN}::integer`));
    expect(err.cause).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "[value]"' });
  });

  it('hold neither the detail nor the hint of an exception a trigger raised with values', async () => {
    const err = await loggedError(() =>
      ctx.database.db.execute(sql.raw(`do $$ begin raise exception 'donor "%" refused', '${PAN}' using detail = '${PHONE}', hint = '${ADDRESS}'; end $$`)),
    );
    expect(err.cause).toMatchObject({ code: 'P0001', message: 'donor "[value]" refused' });
    expect(err.cause.hint).toBeUndefined();
  });
});

it('write any other error with its message, code and frames, and a request body or donation record as its field names', () => {
  const lines: string[] = [];
  const log = createLogger('trace', { write: (line: string) => void lines.push(line) });
  const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', config: { password: 'hunter2' } });
  log.error({ err: new Error('saving failed', { cause: error }) }, 'x');
  const { err } = JSON.parse(lines[0]!);
  expect(err).toMatchObject({ type: 'Error', message: 'saving failed', cause: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' } });
  expect(lines[0]).not.toContain('hunter2');

  lines.length = 0;
  const donation = { donor: { full_name: 'Asha Verma', email: EMAIL, mobile: PHONE, pan_number: PAN, address: ADDRESS }, amount: 1000 };
  log.error({ body: { donation_data: donation }, donationData: donation, donor: donation.donor, donation: { id: 7, donorEmail: EMAIL } }, 'x');
  for (const value of VALUES) expect(lines[0], value).not.toContain(value);
  expect(JSON.parse(lines[0]!)).toMatchObject({
    body: { fields: ['donation_data'] },
    donationData: { fields: ['donor', 'amount'] },
    donor: { fields: ['full_name', 'email', 'mobile', 'pan_number', 'address'] },
    donation: { fields: ['id', 'donorEmail'] },
  });

  // @fastify/multipart logs its options at trace, request headers included.
  lines.length = 0;
  log.trace({ busboyOptions: { headers: { authorization: 'Bearer secret-token', cookie: 'sid=secret-cookie' } } }, 'Providing options to busboy');
  expect(lines[0]).not.toMatch(/secret-token|secret-cookie/);
});

it('never writes a monthly gift’s management link or the sandbox clock’s key, wherever headers are logged', () => {
  const lines: string[] = [];
  const log = createLogger('trace', { write: (line: string) => void lines.push(line) });
  const headers = { 'x-gift-token': 'gift-token-secret', 'x-sandbox-clock-key': 'clock-key-secret', accept: 'application/json' };
  log.info({ req: { headers }, headers, request: { headers } }, 'x');
  expect(lines[0]).not.toMatch(/gift-token-secret|clock-key-secret/);
  expect(lines[0]).toContain('application/json');
});
