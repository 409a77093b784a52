import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/open.js';
import { adminUsers } from '../db/schema.js';
import { hashPassword } from './password.js';

export type BootstrapResult =
  | { created: false; reason: 'admins-exist' }
  | { created: true; username: string; source: 'environment' }
  | { created: true; username: string; source: 'generated'; password: string };

/** Prints straight to the terminal: the one-time password must never pass through the request logger. */
export type Announce = (message: string) => void;

const printToConsole: Announce = (message) => process.stdout.write(`${message}\n`);

function box(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const edge = '─'.repeat(width + 2);
  return [`┌${edge}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${edge}┘`].join('\n');
}

/**
 * Makes sure someone can sign in: when there is no admin account yet, creates one from ADMIN_USERNAME /
 * ADMIN_PASSWORD, or else "admin" with a random password shown once. Existing accounts are never touched,
 * so a restart never resets a password an admin has since changed.
 */
export async function bootstrapAdmin(
  db: Database,
  config: Pick<Config, 'admin' | 'publicBaseUrl'>,
  announce: Announce = printToConsole,
): Promise<BootstrapResult> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  if ((row?.n ?? 0) > 0) {
    if (config.admin) {
      const [existing] = await db
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(eq(adminUsers.username, config.admin.username));
      if (!existing) {
        announce(
          `Note: ADMIN_USERNAME "${config.admin.username}" was not created because admin accounts already exist; ` +
            'it only sets up the first account.',
        );
      }
    }
    return { created: false, reason: 'admins-exist' };
  }

  if (config.admin) {
    const { username, password } = config.admin;
    await db
      .insert(adminUsers)
      .values({ username, fullName: 'Administrator', passwordHash: await hashPassword(password) })
      // A second replica starting at the same moment may have created it first; that is fine.
      .onConflictDoNothing({ target: adminUsers.username });
    announce(`Created the first admin account "${username}" from ADMIN_USERNAME and ADMIN_PASSWORD.`);
    return { created: true, username, source: 'environment' };
  }

  const username = 'admin';
  const password = randomBytes(18).toString('base64url'); // 24 characters, 144 bits
  const inserted = await db
    .insert(adminUsers)
    .values({ username, fullName: 'Administrator', passwordHash: await hashPassword(password) })
    .onConflictDoNothing({ target: adminUsers.username })
    .returning({ id: adminUsers.id });
  if (inserted.length === 0) return { created: false, reason: 'admins-exist' };
  announce(
    box([
      'First admin account created. Sign in with:',
      '',
      `  username: ${username}`,
      `  password: ${password}`,
      '',
      `at ${config.publicBaseUrl}/login and keep this password somewhere safe:`,
      'it is shown only this once.',
    ]),
  );
  return { created: true, username, source: 'generated', password };
}
