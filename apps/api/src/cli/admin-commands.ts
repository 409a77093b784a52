import { eq, sql } from 'drizzle-orm';
import { unlockAccount } from '../auth/attempts.js';
import { hashPassword } from '../auth/password.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { ADMIN_ROLE, FULL_NAME_MAX_LENGTH, newPasswordProblem, usernameProblem } from '../auth/users.js';
import type { Database } from '../db/open.js';
import { adminUsers } from '../db/schema.js';
import { cleanText } from '../routes/shared.js';

// The operator's account commands (`npm run admin -- create asha`), separate from the entry point so tests
// run them against real databases without a terminal. Passwords come from ADMIN_PASSWORD or are typed twice
// without echo; they are never printed, and never passed on the command line (it would land in shell history
// and in every `ps` listing).

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  create <username> [--full-name "Full Name"]   add an admin account
  reset-password <username>                     set a new password and sign the account out everywhere
  unlock <username>                             forget the account's failed sign-in attempts (lifts a lock-out)

The password is read from the ADMIN_PASSWORD environment variable, or asked for twice (not shown as you type).
It needs at least 6 characters. With the embedded database, stop the server first; with DATABASE_URL it may run.`;

export const DEFAULT_FULL_NAME = 'Administrator';

/** A problem the operator can fix: printed as its sentence, exit code 1 (2 for wrong usage). */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export interface CliIo {
  env: Record<string, string | undefined>;
  /** Whether a person can be asked (stdin is a terminal). */
  interactive: boolean;
  /** Asks for a secret without echoing it. */
  readSecret(prompt: string): Promise<string>;
  print(line: string): void;
}

interface Parsed {
  command: 'create' | 'reset-password' | 'unlock' | 'help';
  username?: string;
  fullName?: string;
}

export function parseArgs(argv: readonly string[]): Parsed {
  const args = [...argv];
  if (args.length === 0) throw new CliError(USAGE, 2);
  if (args.some((a) => a === '--help' || a === '-h' || a === 'help')) return { command: 'help' };
  const command = args.shift()!;
  if (command !== 'create' && command !== 'reset-password' && command !== 'unlock') throw new CliError(`Unknown command "${command}".\n\n${USAGE}`, 2);
  let username: string | undefined;
  let fullName: string | undefined;
  while (args.length > 0) {
    const arg = args.shift()!;
    if (command === 'create' && (arg === '--full-name' || arg.startsWith('--full-name='))) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args.shift();
      if (value === undefined) throw new CliError('--full-name needs a value, e.g. --full-name "Asha Rao".', 2);
      fullName = value;
    } else if (arg.startsWith('-')) {
      throw new CliError(`Unknown option "${arg}".\n\n${USAGE}`, 2);
    } else if (username === undefined) {
      username = arg;
    } else {
      throw new CliError(`Unexpected argument "${arg}" (a full name with spaces needs quotes).\n\n${USAGE}`, 2);
    }
  }
  if (username === undefined) throw new CliError(`The ${command} command needs a username.\n\n${USAGE}`, 2);
  return { command, username, fullName };
}

/** ADMIN_PASSWORD (taken verbatim) or typed twice; checked against the password rules. */
async function newPassword(io: CliIo): Promise<string> {
  const fromEnv = io.env.ADMIN_PASSWORD;
  let password: string;
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    password = fromEnv;
  } else {
    if (!io.interactive) throw new CliError('Set ADMIN_PASSWORD, or run this in a terminal to type the password.');
    password = await io.readSecret('New password: ');
    const again = await io.readSecret('Repeat the new password: ');
    if (again !== password) throw new CliError('The two passwords do not match; nothing was changed.');
  }
  const problem = newPasswordProblem(password);
  if (problem) throw new CliError(`${problem}; nothing was changed.`);
  return password;
}

async function create(db: Database, io: CliIo, username: string, fullNameArg: string | undefined): Promise<void> {
  const problem = usernameProblem(username);
  if (problem) throw new CliError(problem);
  const fullName = cleanText(fullNameArg ?? DEFAULT_FULL_NAME, { singleLine: true });
  if (fullName === '') throw new CliError('--full-name must not be empty.');
  if (fullName.length > FULL_NAME_MAX_LENGTH) throw new CliError(`--full-name must be at most ${FULL_NAME_MAX_LENGTH} characters long.`);
  // Case-insensitively: "Asha" next to "asha" would share one lock-out counter and confuse everyone.
  const [existing] = await db
    .select({ username: adminUsers.username })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.username}) = lower(${username})`)
    .limit(1);
  if (existing) throw new CliError(`An account named "${existing.username}" already exists; use reset-password to change its password.`);
  const passwordHash = await hashPassword(await newPassword(io));
  const inserted = await db
    .insert(adminUsers)
    .values({ username, fullName, role: ADMIN_ROLE, passwordHash })
    .onConflictDoNothing({ target: adminUsers.username })
    .returning({ id: adminUsers.id });
  if (inserted.length === 0) throw new CliError(`An account named "${username}" already exists; use reset-password to change its password.`);
  io.print(`Created the admin account "${username}" (${fullName}). Sign in at /login.`);
}

async function resetPassword(db: Database, io: CliIo, username: string): Promise<void> {
  const [user] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.username, username)).limit(1);
  if (!user) throw new CliError(`There is no account named "${username}"; create it with: npm run admin -- create ${username}`);
  const passwordHash = await hashPassword(await newPassword(io));
  const now = new Date();
  const signedOut = await db.transaction(async (tx) => {
    await tx.update(adminUsers).set({ passwordHash, updatedAt: now }).where(eq(adminUsers.id, user.id));
    return revokeUserSessions(tx as unknown as Database, user.id, now);
  });
  // A reset usually follows a lock-out: the account can be used again at once.
  await unlockAccount(db, username);
  io.print(`Changed the password of "${username}"; ${signedOut} session${signedOut === 1 ? '' : 's'} signed out.`);
}

/**
 * Forgets the account's failed sign-ins, from anywhere and per address (docs/decisions/012-sign-in-lock-out.md): for
 * the admin whose own address reached the per-account limit (a shared office address, a colleague's typos).
 */
async function unlock(db: Database, io: CliIo, username: string): Promise<void> {
  const [user] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.username, username)).limit(1);
  if (!user) throw new CliError(`There is no account named "${username}"; nothing was changed.`);
  const { counters, addresses } = await unlockAccount(db, username);
  io.print(
    counters === 0
      ? `"${username}" has no failed sign-in attempts; nothing to unlock.`
      : `Unlocked "${username}": its failed sign-in attempts (from ${addresses} address${addresses === 1 ? '' : 'es'}) are forgotten; it can sign in again at once.`,
  );
}

/** Runs one command; throws CliError for anything the operator should fix. */
export async function runAdminCommand(db: Database, argv: readonly string[], io: CliIo): Promise<void> {
  const parsed = parseArgs(argv);
  if (parsed.command === 'help') {
    io.print(USAGE);
    return;
  }
  if (parsed.command === 'create') await create(db, io, parsed.username!, parsed.fullName);
  else if (parsed.command === 'unlock') await unlock(db, io, parsed.username!);
  else await resetPassword(db, io, parsed.username!);
}
