/** How the site reads a failed POST /contact (spec §8 "Contact" toasts, §5 "Contact" messages). */
import type { RequestFailure } from './http';
import { CONTACT_TOASTS } from './messages';
import type { ContactErrors, ContactField } from './validation/contact';

const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'subject', 'message'];

/**
 * The failure toast: the server's own message when it sent one, otherwise
 * 'Failed to send message. Please try again.' — also for time-outs and network faults, because the
 * spec gives the contact form this one fallback rather than the global catalogue's texts.
 */
export function contactErrorMessage(failure: RequestFailure): string {
  if (failure.kind === 'response' || failure.kind === 'other') {
    const message = typeof failure.message === 'string' ? failure.message.trim() : '';
    if (failure.kind === 'response' && message !== '') return message;
  }
  return CONTACT_TOASTS.failure;
}

/**
 * The per-field errors of a 400 reply (`{ success: false, message, errors: { field: message } }`),
 * keeping only the form's five fields with non-empty text; anything else in the body is ignored,
 * so a malformed reply can never put odd keys or non-text values on the form.
 */
export function contactFieldErrors(body: unknown): ContactErrors {
  const errors: ContactErrors = {};
  if (typeof body !== 'object' || body === null) return errors;
  const raw = (body as { errors?: unknown }).errors;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return errors;
  for (const field of CONTACT_FIELDS) {
    // Own keys only: an inherited property is never a message the server sent.
    const value = Object.hasOwn(raw, field) ? (raw as Record<string, unknown>)[field] : undefined;
    if (typeof value === 'string' && value.trim() !== '') errors[field] = value.trim();
  }
  return errors;
}
