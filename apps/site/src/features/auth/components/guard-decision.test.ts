import { describe, expect, it } from 'vitest';
import { decideGuard, redirectAfterLogin, type GuardInput } from './guard-decision';

const resolved = { isInitialised: true, isLoading: false, elapsedMs: 150 } as const;

describe('decideGuard (spec section 2, protected-route rule)', () => {
  it.each<[string, Omit<GuardInput, 'access'>]>([
    ['auth not initialised', { isInitialised: false, isAuthenticated: false, elapsedMs: null }],
    ['still loading', { isInitialised: true, isLoading: true, isAuthenticated: false, elapsedMs: 500 }],
    ['initialised but not yet seen resolved', { isInitialised: true, isAuthenticated: true, elapsedMs: null }],
    ['initialised 0 ms ago', { isInitialised: true, isAuthenticated: true, elapsedMs: 0 }],
    ['initialised 99 ms ago', { isInitialised: true, isAuthenticated: false, elapsedMs: 99 }],
  ])('waits (spinner) while %s', (_label, input) => {
    expect(decideGuard({ access: 'signed-in', ...input })).toBe('wait');
    expect(decideGuard({ access: 'signed-out', ...input })).toBe('wait');
  });

  it('decides from 100 ms after resolution', () => {
    expect(decideGuard({ access: 'signed-in', isInitialised: true, isAuthenticated: true, elapsedMs: 100 })).toBe('render');
  });

  it('protected pages: render when signed in, redirect to /login when not', () => {
    expect(decideGuard({ access: 'signed-in', isAuthenticated: true, ...resolved })).toBe('render');
    expect(decideGuard({ access: 'signed-in', isAuthenticated: false, ...resolved })).toBe('redirect');
  });

  it('/login: render when signed out, redirect away when signed in', () => {
    expect(decideGuard({ access: 'signed-out', isAuthenticated: false, ...resolved })).toBe('render');
    expect(decideGuard({ access: 'signed-out', isAuthenticated: true, ...resolved })).toBe('redirect');
  });

  it('keeps a signed-in screen whose session ended on it (the sign-in dialog goes over it), but not /login', () => {
    expect(decideGuard({ access: 'signed-in', isAuthenticated: false, ...resolved, sessionEnded: true })).toBe('render');
    expect(decideGuard({ access: 'signed-in', isAuthenticated: false, ...resolved, sessionEnded: false })).toBe('redirect');
    expect(decideGuard({ access: 'signed-out', isAuthenticated: false, ...resolved, sessionEnded: true })).toBe('render');
  });

  it('the wait can be configured', () => {
    expect(decideGuard({ access: 'signed-in', isAuthenticated: true, ...resolved, elapsedMs: 10, graceMs: 0 })).toBe('render');
  });
});

describe('redirectAfterLogin', () => {
  it('returns to the remembered page with its query and hash', () => {
    expect(redirectAfterLogin({ from: { pathname: '/admin/events', search: '?tab=images', hash: '#top' } })).toBe('/admin/events?tab=images#top');
  });

  it.each([
    ['no state', null],
    ['state without from', { other: 1 }],
    ['from that is not a location', { from: 'nowhere' }],
    ['from without a pathname', { from: { search: '?x' } }],
    ['from /login itself (would loop)', { from: { pathname: '/login', search: '', hash: '' } }],
    ['a protocol-relative path (another site)', { from: { pathname: '//evil.example/x' } }],
  ])('falls back to /admin/events with %s', (_label, state) => {
    expect(redirectAfterLogin(state)).toBe('/admin/events');
  });
});
