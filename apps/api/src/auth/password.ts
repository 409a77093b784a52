import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt is memory-hard, built into Node and needs no native add-on. Hashes describe their own parameters
// (scrypt$N$r$p$salt$hash, base64url) so the cost can be raised later while old hashes keep verifying.

const N = 2 ** 15;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
// scrypt needs 128·N·r bytes (32 MiB here); Node's default ceiling is exactly that, so allow headroom.
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** The lowest scrypt cost verifyPassword accepts in a stored hash. */
export const MIN_SCRYPT_COST = 2 ** 10;

/**
 * A new hash at the server's cost. `cost` (a power of two from MIN_SCRYPT_COST) is for tests that make many
 * accounts and sign them in hundreds of times; the server always hashes at the default.
 */
export async function hashPassword(password: string, { cost = N }: { cost?: number } = {}): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, { N: cost, r: R, p: P, maxmem: MAX_MEMORY });
  return ['scrypt', cost, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; false for a wrong password or a hash this code cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const n = Number(parts[1]);
  const r = Number(parts[2]);
  const p = Number(parts[3]);
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  // Bounds keep a damaged or hostile hash from asking for gigabytes of memory.
  const validCost = Number.isInteger(n) && n >= MIN_SCRYPT_COST && n <= 2 ** 20 && (n & (n - 1)) === 0;
  const sane =
    validCost &&
    Number.isInteger(r) && r >= 1 && r <= 32 &&
    Number.isInteger(p) && p >= 1 && p <= 16 &&
    salt.length >= 8 && expected.length >= 16 && expected.length <= 128;
  if (!sane) return false;
  const actual = await derive(password, salt, expected.length, { N: n, r, p, maxmem: Math.max(MAX_MEMORY, 256 * n * r) });
  return timingSafeEqual(actual, expected);
}
