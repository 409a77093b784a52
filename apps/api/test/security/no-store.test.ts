import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createUser, signIn } from '../support/auth.js';
import { describeEachDatabase } from '../support/databases.js';
import { buildSandboxApp, createIntent, generateInvoice, indianDonation, nextIp, pay, saveAfterPayment } from '../support/donations.js';

// Answers that carry a secret or the signed-in user say `Cache-Control: no-store`, successes and
// errors alike, so no browser or proxy cache keeps a session token, a user record, a receipt's download token or a
// payment's client secret: the sign-in, the signed-in user's own account routes, the receipt link, the intent.

describeEachDatabase('no-store on answers that carry a token or the user', (ctx) => {
  let app: FastifyInstance;
  let token: string;
  let username: string;

  beforeAll(async () => {
    ({ app } = await buildSandboxApp(ctx));
    const user = await createUser(ctx.database.db);
    username = user.username;
    token = await signIn(app, user, nextIp());
  });
  afterAll(async () => {
    await app?.close();
  });

  function expectNoStore(response: LightMyRequestResponse, status: number, label: string) {
    expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
    expect(response.headers['cache-control'], label).toBe('no-store');
  }

  it('sign-in: the token (200) and every refusal (400, 401)', async () => {
    const user = await createUser(ctx.database.db);
    const login = (payload: unknown): InjectOptions => ({ method: 'POST', url: '/api/auth/login', payload: payload as Record<string, string>, remoteAddress: nextIp() });
    const ok = await app.inject(login({ username: user.username, password: user.password }));
    expectNoStore(ok, 200, 'login');
    expect(ok.json().data.token).toEqual(expect.any(String));
    expectNoStore(await app.inject(login({ username: user.username })), 400, 'login without a password');
    expectNoStore(await app.inject(login({ username: user.username, password: 'wrong-password-1' })), 401, 'login with a wrong password');
  });

  it('verify, refresh, profile, change-password and logout, signed in or not', async () => {
    const verified = await app.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
    expectNoStore(verified, 200, 'verify');
    expect(verified.json().data.user.username).toBe(username);
    expectNoStore(await app.inject({ method: 'GET', url: '/api/auth/verify' }), 401, 'verify without a token');

    expectNoStore(await app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(token), payload: { full_name: 'Asha R.' } }), 200, 'profile');
    expectNoStore(
      await app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(token), payload: { currentPassword: 'x' } }),
      400,
      'change-password without a new password',
    );

    const refreshed = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) });
    expectNoStore(refreshed, 200, 'refresh');
    token = refreshed.json().data.token as string;
    expectNoStore(await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer('not-a-token') }), 401, 'refresh with a bad token');

    expectNoStore(await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) }), 200, 'logout');
  });

  it('the payment intent’s client secret and the receipt’s download link', async () => {
    expectNoStore(await createIntent(app, indianDonation()), 200, 'create-intent');
    const data = indianDonation();
    const { intentId } = await pay(app, data);
    const saved = await saveAfterPayment(app, data, intentId);
    const invoice = await generateInvoice(app, saved.json().data.donation.id as number, intentId);
    expectNoStore(invoice, 200, 'generate-and-send');
    expect(invoice.json().data.invoice.download_url).toMatch(/token=/);
  });
});
