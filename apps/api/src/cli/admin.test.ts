import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { verifyPassword } from '../auth/password.js';
import { adminUsers, loginAttempts } from '../db/schema.js';
import { bearer, signIn } from '../../test/support/auth.js';
import { describeEachDatabase, temporaryDir } from '../../test/support/databases.js';
import { CliError, parseArgs, runAdminCommand, USAGE, type CliIo } from './admin-commands.js';

// The operator's account commands: against both databases through runAdminCommand, and once as a real
// process (the entry point with its .env, configuration and database handling).

function io({ env = {}, interactive = false, typed = [] as string[] } = {}): CliIo & { printed: string[]; prompts: string[] } {
  const printed: string[] = [];
  const prompts: string[] = [];
  const answers = [...typed];
  return {
    env,
    interactive,
    printed,
    prompts,
    readSecret: async (prompt) => {
      prompts.push(prompt);
      return answers.shift() ?? '';
    },
    print: (line) => printed.push(line),
  };
}

async function failure(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe('parseArgs', () => {
  it('reads the two commands and --full-name in both spellings', () => {
    expect(parseArgs(['create', 'asha'])).toEqual({ command: 'create', username: 'asha', fullName: undefined });
    expect(parseArgs(['create', 'asha', '--full-name', 'Asha Rao'])).toEqual({ command: 'create', username: 'asha', fullName: 'Asha Rao' });
    expect(parseArgs(['create', '--full-name=Asha Rao', 'asha'])).toEqual({ command: 'create', username: 'asha', fullName: 'Asha Rao' });
    expect(parseArgs(['reset-password', 'asha'])).toEqual({ command: 'reset-password', username: 'asha', fullName: undefined });
    expect(parseArgs(['unlock', 'asha'])).toEqual({ command: 'unlock', username: 'asha', fullName: undefined });
    expect(parseArgs(['--help'])).toEqual({ command: 'help' });
  });

  it.each([
    [[], USAGE],
    [['delete', 'asha'], 'Unknown command "delete".'],
    [['create'], 'The create command needs a username.'],
    [['create', 'asha', 'rao'], 'Unexpected argument "rao"'],
    [['create', 'asha', '--full-name'], '--full-name needs a value'],
    [['reset-password', 'asha', '--full-name', 'X'], 'Unknown option "--full-name"'],
    [['unlock'], 'The unlock command needs a username.'],
    [['create', 'asha', '--password', 'x'], 'Unknown option "--password"'],
  ])('refuses %j with exit code 2', (argv, message) => {
    try {
      parseArgs(argv);
      throw new Error('expected a CliError');
    } catch (error) {
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).exitCode).toBe(2);
      expect((error as Error).message).toContain(message);
    }
  });
});

describeEachDatabase('admin CLI commands', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database, loginSlowdown: () => 0 });
  });
  afterAll(async () => {
    await app?.close();
  });
  const userNamed = async (username: string) => (await ctx.database.db.select().from(adminUsers).where(eq(adminUsers.username, username)))[0];

  it('creates an admin from ADMIN_PASSWORD, who can then sign in; the password is never printed', async () => {
    const out = io({ env: { ADMIN_PASSWORD: 'from-the-env-1' } });
    await runAdminCommand(ctx.database.db, ['create', 'asha', '--full-name', ' Asha Rao '], out);
    expect(out.printed).toEqual(['Created the admin account "asha" (Asha Rao). Sign in at /login.']);
    expect(out.printed.join('\n')).not.toContain('from-the-env-1');
    const user = await userNamed('asha');
    expect(user).toMatchObject({ fullName: 'Asha Rao', role: 'admin' });
    expect(user!.passwordHash).toMatch(/^scrypt\$/);
    const token = await signIn(app, { username: 'asha', password: 'from-the-env-1' });
    expect((await app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).json().data.user).toMatchObject({
      username: 'asha',
      full_name: 'Asha Rao',
      role: 'admin',
    });
  });

  it('asks twice for the password without echo when none is set, and defaults the full name', async () => {
    const out = io({ interactive: true, typed: ['typed-secret-1', 'typed-secret-1'] });
    await runAdminCommand(ctx.database.db, ['create', 'ravi'], out);
    expect(out.prompts).toEqual(['New password: ', 'Repeat the new password: ']);
    const user = await userNamed('ravi');
    expect(user?.fullName).toBe('Administrator');
    expect(await verifyPassword('typed-secret-1', user!.passwordHash)).toBe(true);
  });

  it('refuses, creating nothing: mismatched or short passwords, no terminal, taken or bad usernames', async () => {
    expect((await failure(runAdminCommand(ctx.database.db, ['create', 'meera'], io({ interactive: true, typed: ['abcdef1', 'abcdef2'] })))).message).toBe(
      'The two passwords do not match; nothing was changed.',
    );
    expect((await failure(runAdminCommand(ctx.database.db, ['create', 'meera'], io({ env: { ADMIN_PASSWORD: '12345' } })))).message).toBe(
      'Password must be at least 6 characters; nothing was changed.',
    );
    expect((await failure(runAdminCommand(ctx.database.db, ['create', 'meera'], io()))).message).toBe(
      'Set ADMIN_PASSWORD, or run this in a terminal to type the password.',
    );
    expect(await userNamed('meera')).toBeUndefined();
    expect((await failure(runAdminCommand(ctx.database.db, ['create', 'ASHA'], io({ env: { ADMIN_PASSWORD: 'secret-99' } })))).message).toBe(
      'An account named "asha" already exists; use reset-password to change its password.',
    );
    expect((await failure(runAdminCommand(ctx.database.db, ['create', 'x'.repeat(65)], io({ env: { ADMIN_PASSWORD: 'secret-99' } })))).message).toBe(
      'Username must be at most 64 characters long.',
    );
  });

  it('reset-password sets a new password, signs the account out everywhere and lifts a lock-out', async () => {
    const token = await signIn(app, { username: 'asha', password: 'from-the-env-1' });
    for (let i = 0; i < 11; i += 1) await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'asha', password: `guess-${i}` }, remoteAddress: '10.50.0.1' });
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'asha', password: 'from-the-env-1' }, remoteAddress: '10.50.0.1' })).statusCode,
    ).toBe(429);

    const out = io({ env: { ADMIN_PASSWORD: 'after-reset-22' } });
    await runAdminCommand(ctx.database.db, ['reset-password', 'asha'], out);
    // This test's session and the one the first test opened.
    expect(out.printed).toEqual(['Changed the password of "asha"; 2 sessions signed out.']);
    expect((await app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(loginAttempts).where(eq(loginAttempts.key, 'user:asha'))).toEqual([]);
    await signIn(app, { username: 'asha', password: 'after-reset-22' }, '10.50.0.1');
  });

  it('unlock forgets the account’s failed sign-ins from every address (not other accounts’), and says so', async () => {
    const login = (username: string, password: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });
    await runAdminCommand(ctx.database.db, ['create', 'meera'], io({ env: { ADMIN_PASSWORD: 'meera-pass-1' } }));
    for (const address of ['10.51.0.1', '10.51.0.2']) {
      for (let i = 0; i < 11; i += 1) await login('asha', `guess-${i}`, address);
    }
    for (let i = 0; i < 3; i += 1) await login('meera', `guess-${i}`, '10.51.0.3');
    expect((await login('asha', 'after-reset-22', '10.51.0.1')).statusCode).toBe(429);

    const out = io();
    await runAdminCommand(ctx.database.db, ['unlock', 'asha'], out);
    expect(out.printed).toEqual(['Unlocked "asha": its failed sign-in attempts (from 2 addresses) are forgotten; it can sign in again at once.']);
    const keys = (await ctx.database.db.select().from(loginAttempts)).map((row) => row.key);
    expect(keys.filter((key) => key.includes('asha'))).toEqual([]);
    expect(keys).toContain('pair:10.51.0.3 meera');
    expect(keys).toContain('user:meera');
    await signIn(app, { username: 'asha', password: 'after-reset-22' }, '10.51.0.1');

    const again = io();
    await runAdminCommand(ctx.database.db, ['unlock', 'asha'], again);
    expect(again.printed).toEqual(['"asha" has no failed sign-in attempts; nothing to unlock.']);
  });

  it('unlock of an unknown account says so and changes nothing', async () => {
    const error = await failure(runAdminCommand(ctx.database.db, ['unlock', 'nobody'], io()));
    expect(error.message).toBe('There is no account named "nobody"; nothing was changed.');
    expect(error.exitCode).toBe(1);
  });

  it('reset-password of an unknown account says how to create it', async () => {
    const error = await failure(runAdminCommand(ctx.database.db, ['reset-password', 'nobody'], io({ env: { ADMIN_PASSWORD: 'secret-99' } })));
    expect(error.message).toBe('There is no account named "nobody"; create it with: npm run admin -- create nobody');
  });
});

describe('the admin command as a process', () => {
  // The built file `npm run admin` runs (npm test builds before Vitest): faithful, and seconds faster per run than
  // compiling the sources with tsx in each process.
  const ENTRY = path.resolve(import.meta.dirname, '../../dist/cli/admin.js');

  function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [ENTRY, ...args], {
        cwd: temporaryDir('charity-cli-cwd-'),
        env: { ...process.env, ADMIN_USERNAME: '', DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('exit', (code) => resolve({ code, output }));
    });
  }

  it('creates an account on a fresh DATA_DIR (migrating it), refuses a duplicate, and explains usage', { timeout: 120_000 }, async () => {
    const dataDir = temporaryDir('charity-cli-');
    const created = await run(['create', 'asha', '--full-name', 'Asha Rao'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'process-pass-1' });
    expect(created).toEqual({ code: 0, output: 'Created the admin account "asha" (Asha Rao). Sign in at /login.\n' });
    const duplicate = await run(['create', 'asha'], { DATA_DIR: dataDir, ADMIN_PASSWORD: 'process-pass-1' });
    expect(duplicate.code).toBe(1);
    expect(duplicate.output).toBe('An account named "asha" already exists; use reset-password to change its password.\n');
    const noPassword = await run(['reset-password', 'asha'], { DATA_DIR: dataDir, ADMIN_PASSWORD: '' });
    expect(noPassword).toEqual({ code: 1, output: 'Set ADMIN_PASSWORD, or run this in a terminal to type the password.\n' });
    const usage = await run([], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('Usage: npm run admin -- <command>');
    const unlocked = await run(['unlock', 'asha'], { DATA_DIR: dataDir });
    expect(unlocked).toEqual({ code: 0, output: '"asha" has no failed sign-in attempts; nothing to unlock.\n' });
    const unknown = await run(['unlock', 'nobody'], { DATA_DIR: dataDir });
    expect(unknown).toEqual({ code: 1, output: 'There is no account named "nobody"; nothing was changed.\n' });
    const badSetting = await run(['create', 'x'], { DATA_DIR: dataDir, UPLOAD_MAX_MB: 'lots' });
    expect(badSetting).toEqual({ code: 1, output: 'UPLOAD_MAX_MB must be a whole number of megabytes from 1 to 50 (got "lots").\n' });
  });
});
