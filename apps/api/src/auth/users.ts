import { FIELD_MAX_LENGTHS, PASSWORD_MIN_LENGTH } from '@charity/domain';
import type { UserReply } from '@charity/domain/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { adminUsers } from '../db/schema.js';

export type AdminUserRow = typeof adminUsers.$inferSelect;

/** The role that may use the admin routes. Other roles can sign in but get 403 there. */
export const ADMIN_ROLE = 'admin';

// The lengths are the domain's one table (packages/domain/src/field-limits.ts), which the contract's auth bodies
// document too.
/** Usernames: what ADMIN_USERNAME and the admin CLI accept. */
export const USERNAME_MAX_LENGTH = FIELD_MAX_LENGTHS.auth.username;
/** Longest new password (the minimum is the domain's PASSWORD_MIN_LENGTH, 6; no composition rules). */
export const PASSWORD_MAX_LENGTH = FIELD_MAX_LENGTHS.auth.password;
export const FULL_NAME_MAX_LENGTH = FIELD_MAX_LENGTHS.auth.full_name;

/** The user as every auth answer shows it: never the hash, never timestamps (the contract's UserReply). */
export type UserJson = UserReply;

export function userJson(user: Pick<AdminUserRow, 'id' | 'username' | 'fullName' | 'role'>): UserJson {
  return { id: user.id, username: user.username, full_name: user.fullName, role: user.role };
}

export async function findUserByUsername(db: Database, username: string): Promise<AdminUserRow | null> {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.username, username)).limit(1);
  return user ?? null;
}

/** Why a username cannot be used, or null: 1–64 characters, no spaces or control characters (as ADMIN_USERNAME). */
export function usernameProblem(username: string): string | null {
  if (username === '') return 'Username is required.';
  if (username.length > USERNAME_MAX_LENGTH) return `Username must be at most ${USERNAME_MAX_LENGTH} characters long.`;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(username)) return 'Username must not contain spaces.';
  return null;
}

/** Why a new password cannot be used, or null: 6 to 256 characters, nothing else required. */
export function newPasswordProblem(password: string, label = 'Password'): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}
