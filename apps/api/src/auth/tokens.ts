import { createHash, randomBytes } from 'node:crypto';

// Session tokens are opaque random values (256 bits, base64url: 43 characters). Only their SHA-256 is stored:
// a token has full entropy, so a fast hash is enough (no salt or KDF needed), and a copy of the database
// cannot be turned back into a working token.

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The token of an `Authorization: Bearer <token>` header, or null when the header is missing, uses another
 * scheme, or carries something that cannot be one of our tokens (so it never reaches the database).
 */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match) return null;
  const token = match[1]!;
  return TOKEN_PATTERN.test(token) ? token : null;
}
