import { Type, type Static } from 'typebox';
import { FIELD_MAX_LENGTHS } from '../field-limits';
import { PASSWORD_MIN_LENGTH } from '../validation/login';
import { MessageReply, Ok } from './common';

// Sign-in and the signed-in user's own account (spec sections 4 "Authentication", 7 "Auth").

/** The user as every auth answer shows it: never the hash, never timestamps. */
export const UserReply = Type.Object({ id: Type.Integer(), username: Type.String(), full_name: Type.String(), role: Type.String() });
export type UserReply = Static<typeof UserReply>;

/**
 * When this sign-in ends at the latest (decision 037): the absolute end, and how long without a request ends it
 * sooner. The admin area warns before either and keeps an unsaved form when it happens.
 */
export const SessionReply = Type.Object({
  expires_at: Type.String({ format: 'date-time', description: 'The absolute end; refreshing never moves it.' }),
  idle_timeout_seconds: Type.Integer({ minimum: 1, description: 'A session unused this long has ended.' }),
});
export type SessionReply = Static<typeof SessionReply>;

export const SignedInReply = Ok(Type.Object({ user: UserReply, token: Type.String(), session: SessionReply }));
export type SignedInReply = Static<typeof SignedInReply>;
export const UserOnlyReply = Ok(Type.Object({ user: UserReply }));
export type UserOnlyReply = Static<typeof UserOnlyReply>;
export const VerifyReply = Ok(Type.Object({ user: UserReply, session: SessionReply }));
export type VerifyReply = Static<typeof VerifyReply>;
export const AuthMessageReply = MessageReply;

const LIMITS = FIELD_MAX_LENGTHS.auth;

export const LoginFields = Type.Object({
  username: Type.String({ maxLength: LIMITS.username }),
  password: Type.String({ maxLength: LIMITS.login_password }),
});
export type LoginFields = Static<typeof LoginFields>;
export const ChangePasswordFields = Type.Object({
  currentPassword: Type.String({ maxLength: LIMITS.login_password }),
  newPassword: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: LIMITS.password }),
});
export type ChangePasswordFields = Static<typeof ChangePasswordFields>;
export const ProfileFields = Type.Object({ full_name: Type.String({ maxLength: LIMITS.full_name }) });
export type ProfileFields = Static<typeof ProfileFields>;
