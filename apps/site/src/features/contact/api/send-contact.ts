import type { KyInstance } from 'ky';
import {
  CONTACT_TOASTS,
  contactErrorMessage,
  contactFieldErrors,
  type ContactErrors,
  type ContactPayload,
} from '@charity/domain';
import { ApiError, toRequestFailure } from '../../../lib/api';

/** What the page needs after a send: the toast text, and on a 400 the server's per-field errors. */
export type ContactSendResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors: ContactErrors };

/**
 * POST /contact (spec §7). The request is silent: the global error toast would repeat the contact form's own
 * failure toast (spec §8 "Contact"), so this call's outcome is reported once, by the caller, with the texts
 * returned here. A send is never retried: a repeated POST would store the message twice.
 */
export async function sendContactMessage(client: KyInstance, payload: ContactPayload): Promise<ContactSendResult> {
  try {
    const body = await client.post('contact', { json: payload, context: { silent: true } }).json<unknown>();
    // A 2xx that says it failed is still a failure (never tell a visitor a lost message was sent).
    if (typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false) {
      const message = (body as { message?: unknown }).message;
      return {
        ok: false,
        message: contactErrorMessage({ kind: 'response', status: 200, message: typeof message === 'string' ? message : null }),
        fieldErrors: contactFieldErrors(body),
      };
    }
    return { ok: true, message: CONTACT_TOASTS.success };
  } catch (error) {
    return {
      ok: false,
      message: contactErrorMessage(toRequestFailure(error)),
      fieldErrors: error instanceof ApiError && error.status === 400 ? contactFieldErrors(error.data) : {},
    };
  }
}
