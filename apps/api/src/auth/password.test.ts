import { describe, expect, it } from 'vitest';
import { hashPassword, MIN_SCRYPT_COST, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batter', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('stores a self-describing scrypt string: scrypt$N$r$p$salt$hash', async () => {
    const hash = await hashPassword('secret123');
    const parts = hash.split('$');
    expect(parts).toHaveLength(6);
    expect(parts.slice(0, 4)).toEqual(['scrypt', String(2 ** 15), '8', '1']);
    expect(Buffer.from(parts[4]!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(parts[5]!, 'base64url')).toHaveLength(64);
    expect(hash).not.toContain('secret123');
  });

  it('records a lower cost asked for by a test, and verifies it (hashes describe their own cost)', async () => {
    const hash = await hashPassword('secret123', { cost: MIN_SCRYPT_COST });
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(await verifyPassword('secret123', hash)).toBe(true);
    expect(await verifyPassword('secret124', hash)).toBe(false);
  });

  it('salts every hash, so the same password hashes differently', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('treats Unicode forms of the same text as the same password', async () => {
    const hash = await hashPassword('caf\u00e9-123');
    expect(await verifyPassword('cafe\u0301-123', hash)).toBe(true);
  });

  it('answers false, without throwing, for damaged or hostile hashes', async () => {
    const good = await hashPassword('secret123');
    const [, , r, p, salt, key] = good.split('$');
    for (const stored of [
      '',
      'plain-text-password',
      `bcrypt$32768$${r}$${p}$${salt}$${key}`,
      `scrypt$1073741824$${r}$${p}$${salt}$${key}`, // would need a terabyte
      `scrypt$30000$${r}$${p}$${salt}$${key}`, // not a power of two
      `scrypt$32768$${r}$${p}$${salt}$`,
      `scrypt$32768$${r}$${p}$${salt}$${key}$extra`,
    ]) {
      expect(await verifyPassword('secret123', stored), stored).toBe(false);
    }
  });
});
