import type { KyInstance } from 'ky';
import {
  AUTH_MESSAGES,
  LOGIN_MESSAGES,
  PASSWORD_MIN_LENGTH,
  authErrorMessage,
  loginFailureMessage,
  parseSessionTimes,
  type AdminUser,
} from '@charity/domain';
import type { ApiLogger, Notify } from '../../../lib/api/client';
import { toRequestFailure } from '../../../lib/api/errors';
import { isRecord } from '../../../lib/api/replies';
import type { AuthStore } from '../stores/auth-store';
import { revokeToken } from './logout-on-server';

export interface LoginCredentials {
  username: string;
  password: string;
}

export interface ChangePasswordPayload {
  currentPassword: string;
  newPassword: string;
}

/** The profile object of PUT /auth/profile; the spec leaves its fields open, full_name is what the site edits. */
export type ProfileUpdate = { full_name?: string } & Record<string, unknown>;

export type LoginResult = { success: true; user: AdminUser } | { success: false; message: string };
export type VerifyResult = { valid: true; user: AdminUser } | { valid: false };
export type AuthCallResult = { success: true; message: string } | { success: false; message: string };
export type RefreshResult = { success: true; token: string } | { success: false; message: string };
/** A check of the session: still valid, ended (a 401: the store now says so), or not known (no reply, a 5xx). */
export type SessionCheck = 'valid' | 'ended' | 'unknown';

export interface AuthServiceOptions {
  /** The site's ky client (bearer token, logging, retries, 401 → session cleared). */
  client: KyInstance;
  /** The auth store, read at call time. */
  store: { getState: () => AuthStore };
  /** The stored token (captured before logout clears it). */
  getToken: () => string | null;
  /** Toasts for the calls whose outcome the spec says is shown (change password, profile). */
  notify: Notify;
  log?: ApiLogger;
}

/** A user from a reply: an object, with full_name and role as text ('' when missing). */
function toAdminUser(value: unknown): AdminUser | null {
  if (!isRecord(value)) return null;
  return {
    ...value,
    full_name: typeof value.full_name === 'string' ? value.full_name : '',
    role: typeof value.role === 'string' ? value.role : '',
  };
}

/** `data` of a `{success: true, data}` reply; null for a reply that says it failed or has no data. */
function successData(body: unknown): Record<string, unknown> | null {
  return isRecord(body) && body.success === true && isRecord(body.data) ? body.data : null;
}

function replyMessage(body: unknown): string | null {
  const message = isRecord(body) ? body.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : null;
}

/**
 * The auth calls of spec section 7 and the session rules of section 4. Every call is silent for the global
 * toast: the caller shows the spec's own text (the login banner, the admin page's toasts) instead.
 */
export function createAuthService({ client, store, getToken, notify, log = console }: AuthServiceOptions) {
  /** A reply's `data.session` (sign-in, refresh, verify: decision 037) kept by the store, when it has one. */
  function noteSessionTimes(data: Record<string, unknown> | null): void {
    const times = parseSessionTimes(data?.session);
    if (times) store.getState().sessionTimesReceived(times);
  }

  /**
   * Runs an auth call whose success and failure are both announced by a toast. `onData` reads the reply's
   * data; returning false means the reply was unusable (reported as 'An unexpected error occurred.').
   */
  async function announced(
    request: () => Promise<unknown>,
    successMessage: string,
    onData: (data: Record<string, unknown>) => boolean = () => true,
  ): Promise<AuthCallResult> {
    let message: string;
    try {
      const body = await request();
      if (isRecord(body) && body.success === true) {
        if (onData(isRecord(body.data) ? body.data : {})) {
          notify('success', successMessage);
          return { success: true, message: successMessage };
        }
        message = AUTH_MESSAGES.unexpected;
      } else {
        message = replyMessage(body) ?? AUTH_MESSAGES.unexpected;
      }
    } catch (error) {
      message = authErrorMessage(toRequestFailure(error));
    }
    notify('error', message);
    return { success: false, message };
  }

  return {
    /** POST /auth/login. Success stores token and user (authenticated); failure gives the banner text. */
    async login(credentials: LoginCredentials): Promise<LoginResult> {
      let body: unknown;
      try {
        body = await client.post('auth/login', { json: credentials, context: { silent: true } }).json<unknown>();
      } catch (error) {
        return { success: false, message: loginFailureMessage(toRequestFailure(error)) };
      }
      const data = successData(body);
      const user = toAdminUser(data?.user);
      const token = typeof data?.token === 'string' && data.token.trim() !== '' ? data.token : null;
      if (!user || !token) return { success: false, message: replyMessage(body) ?? AUTH_MESSAGES.loginFailed };
      store.getState().loginSuccess(user, token);
      noteSessionTimes(data);
      return { success: true, user };
    },

    /**
     * POST /auth/logout (only with a token; a failure only logged), then the local session is cleared
     * whatever happened. Resolves false when the server could not be told, so the page can say 'Logout failed'.
     */
    async logout(): Promise<boolean> {
      const token = getToken();
      try {
        return await revokeToken(client, token, log);
      } finally {
        store.getState().logout();
      }
    },

    /** GET /auth/verify: the current user, or invalid, in which case the session is cleared. */
    async verify(): Promise<VerifyResult> {
      if (!getToken()) {
        store.getState().sessionRejected('verify_failed');
        return { valid: false };
      }
      try {
        const body = await client.get('auth/verify', { context: { silent: true } }).json<unknown>();
        const user = toAdminUser(successData(body)?.user);
        if (!user) throw new TypeError('The verify reply has no user');
        store.getState().updateUser(user);
        noteSessionTimes(successData(body));
        return { valid: true, user };
      } catch (error) {
        log.error(`[auth] Session check failed: ${error instanceof Error ? error.message : String(error)}`);
        store.getState().sessionRejected('verify_failed');
        return { valid: false };
      }
    },

    /**
     * GET /auth/verify as a background check (returning to the tab, 'Stay signed in'; decision 037). Unlike verify,
     * only the server's 401 ends the session (the API client's 401 rule): a laptop waking without a network must not
     * sign anyone out. Marks the session used on the server, so it also keeps an idle session going.
     */
    async checkSession(): Promise<SessionCheck> {
      if (!store.getState().isAuthenticated || !getToken()) return 'unknown';
      try {
        const body = await client.get('auth/verify', { context: { silent: true } }).json<unknown>();
        const data = successData(body);
        const user = toAdminUser(data?.user);
        if (user) store.getState().updateUser(user);
        noteSessionTimes(data);
        return 'valid';
      } catch (error) {
        const failure = toRequestFailure(error);
        if (failure.kind === 'response' && failure.status === 401) return 'ended';
        log.error(`[auth] Session check failed: ${error instanceof Error ? error.message : String(error)}`);
        return 'unknown';
      }
    },

    /**
     * The session's time is up by the browser's count (decision 037): the token is revoked on the server (a failure
     * only logged) and the session ends as a 401 would end it, keeping the screen for the sign-in dialog.
     */
    async endSession(): Promise<void> {
      const token = getToken();
      try {
        await revokeToken(client, token, log);
      } finally {
        store.getState().clearSession();
      }
    },

    /** POST /auth/refresh: stores the new token from data.token; any failure clears the session. */
    async refresh(): Promise<RefreshResult> {
      if (!getToken()) {
        store.getState().sessionRejected('refresh_failed');
        return { success: false, message: AUTH_MESSAGES.noTokenToRefresh };
      }
      try {
        const body = await client.post('auth/refresh', { context: { silent: true } }).json<unknown>();
        const data = successData(body);
        const token = typeof data?.token === 'string' && data.token.trim() !== '' ? data.token : null;
        if (!token) {
          store.getState().sessionRejected('refresh_failed');
          return { success: false, message: replyMessage(body) ?? AUTH_MESSAGES.unexpected };
        }
        store.getState().tokenRefreshed(token, toAdminUser(data?.user));
        noteSessionTimes(data);
        return { success: true, token };
      } catch (error) {
        store.getState().sessionRejected('refresh_failed');
        return { success: false, message: authErrorMessage(toRequestFailure(error)) };
      }
    },

    /** POST /auth/change-password; shows 'Password changed successfully', or the auth catalogue's message. */
    async changePassword(payload: ChangePasswordPayload): Promise<AuthCallResult> {
      // The same minimum as sign-in (spec section 9), checked before a round trip.
      if (payload.newPassword.length < PASSWORD_MIN_LENGTH) {
        notify('error', LOGIN_MESSAGES.passwordTooShort);
        return { success: false, message: LOGIN_MESSAGES.passwordTooShort };
      }
      return announced(
        () => client.post('auth/change-password', { json: payload, context: { silent: true } }).json<unknown>(),
        AUTH_MESSAGES.passwordChanged,
      );
    },

    /** PUT /auth/profile; replaces the stored user with the returned one and shows 'Profile updated successfully'. */
    async updateProfile(profile: ProfileUpdate): Promise<AuthCallResult> {
      return announced(
        () => client.put('auth/profile', { json: profile, context: { silent: true } }).json<unknown>(),
        AUTH_MESSAGES.profileUpdated,
        (data) => {
          const user = toAdminUser(data.user);
          if (!user) return false;
          store.getState().updateUser(user);
          return true;
        },
      );
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
