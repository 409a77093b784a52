import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/open.js';
import { adminSessions, adminUsers } from '../db/schema.js';
import { hashToken, newToken } from './tokens.js';
import type { AdminUserRow } from './users.js';

// Sign-in sessions in the admin_sessions table (see schema.ts). Every check reads the database, so a logout,
// a refresh or a password change takes effect at once on every API process sharing it.

export type SessionRow = typeof adminSessions.$inferSelect;
export type SessionPolicy = Config['session'];

/** last_used_at is written at most this often: the idle timeout is minutes long, a write per request is waste. */
const TOUCH_INTERVAL_MS = 60_000;

/** Where a request comes from, kept with the session for the admin's own review. */
export interface SessionOrigin {
  userAgent: string | null;
  ip: string | null;
}

function clip(value: string | null, max: number): string | null {
  return value === null ? null : value.slice(0, max);
}

/** Creates a session and returns its token: the only time the token exists outside the client. */
export async function createSession(
  db: Database,
  userId: number,
  origin: SessionOrigin,
  policy: SessionPolicy,
  now: Date,
  expiresAt: Date = new Date(now.getTime() + policy.maxHours * 3_600_000),
): Promise<{ token: string; session: SessionRow }> {
  const token = newToken();
  const [session] = await db
    .insert(adminSessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      lastUsedAt: now,
      expiresAt,
      userAgent: clip(origin.userAgent, 256),
      ip: clip(origin.ip, 64),
    })
    .returning();
  return { token, session: session! };
}

export type SessionLookup =
  | { status: 'valid'; session: SessionRow; user: AdminUserRow }
  | { status: 'unknown' | 'revoked' | 'expired' };

/** Finds the session of a token and says whether it may be used now (and marks it used). */
export async function checkSession(db: Database, token: string, policy: SessionPolicy, now: Date): Promise<SessionLookup> {
  const [row] = await db
    .select({ session: adminSessions, user: adminUsers })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    .where(eq(adminSessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { status: 'unknown' };
  const { session, user } = row;
  if (session.revokedAt) return { status: 'revoked' };
  const idleMs = policy.idleMinutes * 60_000;
  if (now.getTime() >= session.expiresAt.getTime() || now.getTime() - session.lastUsedAt.getTime() >= idleMs) {
    return { status: 'expired' };
  }
  if (now.getTime() - session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db.update(adminSessions).set({ lastUsedAt: now }).where(eq(adminSessions.id, session.id));
  }
  return { status: 'valid', session, user };
}

/** Ends one session (logout). */
export async function revokeSession(db: Database, sessionId: number, now: Date): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(and(eq(adminSessions.id, sessionId), isNull(adminSessions.revokedAt)));
}

/**
 * Replaces a session by a new one (refresh): the old token stops working, the new one keeps the old one's
 * absolute expiry, so refreshing never stretches a sign-in beyond SESSION_MAX_HOURS. Null when the old
 * session was revoked meanwhile (two refreshes racing: only one wins).
 */
export async function rotateSession(
  db: Database,
  old: SessionRow,
  origin: SessionOrigin,
  policy: SessionPolicy,
  now: Date,
): Promise<{ token: string; session: SessionRow } | null> {
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(adminSessions)
      .set({ revokedAt: now })
      .where(and(eq(adminSessions.id, old.id), isNull(adminSessions.revokedAt)))
      .returning({ id: adminSessions.id });
    if (revoked.length === 0) return null;
    return createSession(tx as unknown as Database, old.userId, origin, policy, now, old.expiresAt);
  });
}

/** Ends every session of a user, except `keepSessionId` when given (password change, password reset). */
export async function revokeUserSessions(db: Database, userId: number, now: Date, keepSessionId?: number): Promise<number> {
  const rows = await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(adminSessions.userId, userId),
        isNull(adminSessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(adminSessions.id, keepSessionId),
      ),
    )
    .returning({ id: adminSessions.id });
  return rows.length;
}

/** Sessions ended more than this long ago are deleted (kept a while for the admin's own review). */
export const SESSION_RETENTION_MS = 7 * 24 * 3_600_000;

export async function deleteOldSessions(db: Database, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - SESSION_RETENTION_MS);
  await db.delete(adminSessions).where(or(lt(adminSessions.expiresAt, cutoff), lt(adminSessions.revokedAt, cutoff)));
}
