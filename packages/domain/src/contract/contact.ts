import { Type, type Static } from 'typebox';
import { FIELD_MAX_LENGTHS } from '../field-limits';
import { MessageReply, Nullable } from './common';

const LIMITS = FIELD_MAX_LENGTHS.contact;

// POST /api/contact (spec sections 3, 5, 7, 8).

/** The contact form: every field is checked by the form's rules, all at once, in this order (lengths after trimming). */
export const ContactFields = Type.Object({
  name: Type.String({ maxLength: LIMITS.name }),
  email: Type.String({ maxLength: LIMITS.email }),
  phone: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.phone }))),
  subject: Type.String({ maxLength: LIMITS.subject, description: 'donation, volunteer, general or other' }),
  message: Type.String({ maxLength: LIMITS.message }),
});
export type ContactFields = Static<typeof ContactFields>;

export const ContactReply = MessageReply;
export type ContactReply = Static<typeof ContactReply>;
