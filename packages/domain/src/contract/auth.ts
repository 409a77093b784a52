import { Type, type Static } from 'typebox';
import { MessageReply, Ok } from './common';

// Sign-in and the signed-in user's own account (spec sections 4 "Authentication", 7 "Auth").

/** The user as every auth answer shows it: never the hash, never timestamps. */
export const UserReply = Type.Object({ id: Type.Integer(), username: Type.String(), full_name: Type.String(), role: Type.String() });
export type UserReply = Static<typeof UserReply>;

export const SignedInReply = Ok(Type.Object({ user: UserReply, token: Type.String() }));
export type SignedInReply = Static<typeof SignedInReply>;
export const UserOnlyReply = Ok(Type.Object({ user: UserReply }));
export type UserOnlyReply = Static<typeof UserOnlyReply>;
export const AuthMessageReply = MessageReply;

export const LoginFields = Type.Object({ username: Type.String({ maxLength: 64 }), password: Type.String({ maxLength: 1024 }) });
export type LoginFields = Static<typeof LoginFields>;
export const ChangePasswordFields = Type.Object({
  currentPassword: Type.String({ maxLength: 1024 }),
  newPassword: Type.String({ minLength: 6, maxLength: 256 }),
});
export type ChangePasswordFields = Static<typeof ChangePasswordFields>;
export const ProfileFields = Type.Object({ full_name: Type.String({ maxLength: 100 }) });
export type ProfileFields = Static<typeof ProfileFields>;
