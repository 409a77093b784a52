import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { adminUsers } from '../db/schema.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { bootstrapAdmin } from './bootstrap.js';
import { verifyPassword } from './password.js';

describeEachDatabase('admin bootstrap', (ctx) => {
  const base = { publicBaseUrl: 'http://localhost:3000' };
  let printed: string[];
  const announce = (message: string) => printed.push(message);

  beforeEach(async () => {
    printed = [];
    await ctx.database.db.delete(adminUsers);
  });

  it('creates the first admin from ADMIN_USERNAME and ADMIN_PASSWORD without printing the password', async () => {
    const result = await bootstrapAdmin(ctx.database.db, { ...base, admin: { username: 'asha', password: 'from-env-123' } }, announce);
    expect(result).toEqual({ created: true, username: 'asha', source: 'environment' });
    const [user] = await ctx.database.db.select().from(adminUsers);
    expect(user).toMatchObject({ username: 'asha', role: 'admin', fullName: 'Administrator' });
    expect(await verifyPassword('from-env-123', user!.passwordHash)).toBe(true);
    expect(printed.join('\n')).not.toMatch(/password:/i);
    expect(printed.join('\n')).not.toContain('from-env-123');
  });

  it('without credentials creates "admin" with a random password printed once, in a box', async () => {
    const result = await bootstrapAdmin(ctx.database.db, { ...base, admin: null }, announce);
    if (!result.created || result.source !== 'generated') throw new Error('expected a generated password');
    expect(result.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^┌─+┐\n/);
    expect(printed[0]).toMatch(/username: admin\b/);
    expect(printed[0]).toContain(`password: ${result.password}`);
    const [user] = await ctx.database.db.select().from(adminUsers).where(eq(adminUsers.username, 'admin'));
    expect(await verifyPassword(result.password, user!.passwordHash)).toBe(true);
    expect(user!.passwordHash).not.toContain(result.password);

    // A second start: nothing printed, nothing changed.
    printed = [];
    const again = await bootstrapAdmin(ctx.database.db, { ...base, admin: null }, announce);
    expect(again).toEqual({ created: false, reason: 'admins-exist' });
    expect(printed).toEqual([]);
    const [after] = await ctx.database.db.select().from(adminUsers);
    expect(after!.passwordHash).toBe(user!.passwordHash);
  });

  it('leaves an existing ADMIN_USERNAME account alone, even if ADMIN_PASSWORD changed', async () => {
    await bootstrapAdmin(ctx.database.db, { ...base, admin: { username: 'asha', password: 'first-pass' } }, announce);
    const [before] = await ctx.database.db.select().from(adminUsers);
    printed = [];
    const result = await bootstrapAdmin(ctx.database.db, { ...base, admin: { username: 'asha', password: 'second-pass' } }, announce);
    expect(result.created).toBe(false);
    expect(printed).toEqual([]);
    const rows = await ctx.database.db.select().from(adminUsers);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.passwordHash).toBe(before!.passwordHash);
  });

  it('does not add an ADMIN_USERNAME account once other admins exist, and says so', async () => {
    await bootstrapAdmin(ctx.database.db, { ...base, admin: null }, announce);
    printed = [];
    await bootstrapAdmin(ctx.database.db, { ...base, admin: { username: 'asha', password: 'secret123' } }, announce);
    expect(await ctx.database.db.select().from(adminUsers)).toHaveLength(1);
    expect(printed.join('\n')).toContain('ADMIN_USERNAME "asha" was not created');
  });
});
