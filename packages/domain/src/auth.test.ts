import { describe, expect, it } from 'vitest';
import {
  INITIAL_AUTH_STATE,
  authReducer,
  clearsStoredSession,
  loginRedirectTarget,
  parseStoredUser,
  protectedRouteDecision,
  restoreSession,
  type AdminUser,
  type AuthEvent,
} from './auth';

const user: AdminUser = { full_name: 'Meera Iyer', role: 'admin', id: 1 };
const userJson = JSON.stringify(user);
const signedOut = { user: null, isAuthenticated: false, isLoading: false, isInitialised: true };

describe('restoreSession', () => {
  it('starts loading', () => {
    expect(INITIAL_AUTH_STATE).toEqual({ user: null, isAuthenticated: false, isLoading: true, isInitialised: false });
  });

  it('trusts a stored token and user without a server check', () => {
    expect(restoreSession('tok', userJson)).toEqual({
      state: { user, isAuthenticated: true, isLoading: false, isInitialised: true },
      clearStorage: false,
    });
  });

  it.each([
    [null, userJson],
    ['', userJson],
    ['tok', null],
    ['tok', 'not json'],
    ['tok', '"a string"'],
    ['tok', '[1,2]'],
    [null, null],
  ])('token %j, user %j → signed out and storage cleared', (token, stored) => {
    expect(restoreSession(token, stored)).toEqual({ state: signedOut, clearStorage: true });
  });

  it('fills missing name and role with empty strings', () => {
    expect(parseStoredUser('{"id":2}')).toEqual({ id: 2, full_name: '', role: '' });
  });
});

describe('authReducer', () => {
  const signedIn = authReducer(INITIAL_AUTH_STATE, { type: 'login_success', user });

  it('signs in', () => {
    expect(signedIn).toEqual({ user, isAuthenticated: true, isLoading: false, isInitialised: true });
  });

  it.each<AuthEvent>([{ type: 'logout' }, { type: 'unauthorized' }, { type: 'refresh_failed' }, { type: 'verify_failed' }])('%j signs out and clears storage', (event) => {
    expect(authReducer(signedIn, event)).toEqual(signedOut);
    expect(clearsStoredSession(event)).toBe(true);
  });

  it('replaces the user on profile update', () => {
    const updated = { ...user, full_name: 'Meera R. Iyer' };
    expect(authReducer(signedIn, { type: 'profile_updated', user: updated }).user).toEqual(updated);
    expect(clearsStoredSession({ type: 'profile_updated', user: updated })).toBe(false);
    expect(clearsStoredSession({ type: 'login_success', user })).toBe(false);
  });
});

describe('routes', () => {
  it.each([
    [null, '/admin/events'],
    [undefined, '/admin/events'],
    ['', '/admin/events'],
    ['/admin/events', '/admin/events'],
    ['/admin/events?tab=images#top', '/admin/events?tab=images#top'],
    ['/login', '/admin/events'],
    ['/login?x=1', '/admin/events'],
    ['//evil.example.com', '/admin/events'],
    ['/\\evil.example.com', '/admin/events'],
    ['https://evil.example.com', '/admin/events'],
    ['admin/events', '/admin/events'],
  ])('login redirect from %j → %s', (from, target) => {
    expect(loginRedirectTarget(from)).toBe(target);
  });

  it.each([
    [{ isAuthenticated: false, isLoading: true, isInitialised: false }, 'loading'],
    [{ isAuthenticated: false, isLoading: false, isInitialised: false }, 'loading'],
    [{ isAuthenticated: true, isLoading: false, isInitialised: true }, 'allow'],
    [{ isAuthenticated: false, isLoading: false, isInitialised: true }, 'redirect'],
  ])('%j → %s', (state, decision) => {
    expect(protectedRouteDecision(state)).toBe(decision);
  });
});
