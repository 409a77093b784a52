import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { hashPassword, MIN_SCRYPT_COST } from '../../src/auth/password.js';
import type { Database } from '../../src/db/open.js';
import { adminUsers } from '../../src/db/schema.js';

// Accounts and sign-in for tests of routes behind the real guard.

export interface TestUser {
  id: number;
  username: string;
  password: string;
}

let counter = 0;

/**
 * Inserts an account (role admin unless told otherwise) with a unique username; returns it with its password.
 * The password is hashed at the lowest scrypt cost the server verifies (as the API fuzz does): a sign-in then costs
 * milliseconds instead of a quarter of a second or more, over the thousands of sign-ins the suite makes. `fullCost`
 * hashes at the server's own cost, for the tests whose subject is that cost (sign-in timing).
 */
export async function createUser(
  db: Database,
  {
    username,
    password = 'correct-horse-42',
    role = 'admin',
    fullName = 'Asha Rao',
    fullCost = false,
  }: { username?: string; password?: string; role?: string; fullName?: string; fullCost?: boolean } = {},
): Promise<TestUser> {
  counter += 1;
  const name = username ?? `admin${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await db
    .insert(adminUsers)
    .values({ username: name, fullName, role, passwordHash: await hashPassword(password, fullCost ? {} : { cost: MIN_SCRYPT_COST }) })
    .returning({ id: adminUsers.id });
  return { id: row!.id, username: name, password };
}

/** Signs in through POST /api/auth/login and returns the token (fails the test otherwise). */
export async function signIn(app: FastifyInstance, user: Pick<TestUser, 'username' | 'password'>, remoteAddress?: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: user.password }, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.token as string;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
