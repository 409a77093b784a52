/** Contact form (spec §3 "Contact message", §5 "Contact"). */
import { text } from '../internal/values';
import { isValidEmail } from './email';
import { normalisePhone } from './phone';

export const CONTACT_SUBJECTS = [
  { value: 'donation', label: 'Donation Inquiry' },
  { value: 'volunteer', label: 'Volunteer Opportunities' },
  { value: 'general', label: 'General Inquiry' },
  { value: 'other', label: 'Other' },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];

export const CONTACT_NAME_MIN_LENGTH = 2;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  phoneInvalid: 'Please enter a valid mobile number',
  subjectRequired: 'Please select a subject',
  messageRequired: 'Message is required',
  messageTooShort: 'Message must be at least 10 characters',
} as const;

export interface ContactForm {
  name: string;
  email: string;
  phone?: string | null;
  subject: string;
  message: string;
}

export type ContactField = 'name' | 'email' | 'phone' | 'subject' | 'message';
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The body of POST /contact: trimmed text, email lowercased, phone null when not given. */
export interface ContactPayload {
  name: string;
  email: string;
  phone: string | null;
  subject: ContactSubject;
  message: string;
}

export function isContactSubject(value: unknown): value is ContactSubject {
  return typeof value === 'string' && CONTACT_SUBJECTS.some((s) => s.value === value);
}

/**
 * The contact form's phone rule (any country): after removing spaces, dashes, parentheses and
 * dots, 8 to 15 digits with an optional leading + (covers Indian mobiles with or without +91).
 */
export function isValidContactPhone(value: string): boolean {
  return /^\+?\d{8,15}$/.test(normalisePhone(value));
}

/** Errors per field (inputs trimmed); an empty object when the message can be sent. */
export function validateContact(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  const name = text(form.name);
  const email = text(form.email);
  const phone = text(form.phone);
  const subject = text(form.subject);
  const message = text(form.message);

  if (name === '') errors.name = CONTACT_MESSAGES.nameRequired;
  else if (name.length < CONTACT_NAME_MIN_LENGTH) errors.name = CONTACT_MESSAGES.nameTooShort;

  if (email === '') errors.email = CONTACT_MESSAGES.emailRequired;
  else if (!isValidEmail(email)) errors.email = CONTACT_MESSAGES.emailInvalid;

  if (phone !== '' && !isValidContactPhone(phone)) errors.phone = CONTACT_MESSAGES.phoneInvalid;

  if (!isContactSubject(subject)) errors.subject = CONTACT_MESSAGES.subjectRequired;

  if (message === '') errors.message = CONTACT_MESSAGES.messageRequired;
  else if (message.length < CONTACT_MESSAGE_MIN_LENGTH) errors.message = CONTACT_MESSAGES.messageTooShort;

  return errors;
}

/** Builds the POST /contact body. Call after validateContact returned no errors. */
export function buildContactPayload(form: ContactForm): ContactPayload {
  const subject = text(form.subject);
  const phone = text(form.phone);
  return {
    name: text(form.name),
    email: text(form.email).toLowerCase(),
    phone: phone === '' ? null : phone,
    subject: isContactSubject(subject) ? subject : 'general',
    message: text(form.message),
  };
}
