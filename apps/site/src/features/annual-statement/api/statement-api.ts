import type { KyInstance } from 'ky';
import { isRecord } from '../../../lib/api/replies';
import { ApiError } from '../../../lib/api/errors';

// The donor's request for their annual statement (docs/decisions/027-tax-year.md, packages/domain/src/contract/tax-year.ts):
// POST /api/statements/request {email, financial_year}. The server answers the same sentence whether or not the
// address gave that year and mails a signed link (GET /api/statements/<token>.pdf) only when it did. Silent for the
// global toast: the form shows its own alert. A POST, so never retried.

export interface StatementRequestBody {
  email: string;
  financial_year: string;
}

export type StatementRequestFieldErrors = Partial<Record<keyof StatementRequestBody, string>>;

/** POST /api/statements/request: the server's sentence (STATEMENT_REQUEST_MESSAGES.sent), or null without one. */
export async function requestStatement(client: KyInstance, request: StatementRequestBody): Promise<string | null> {
  const body = await client.post('statements/request', { json: request, context: { silent: true } }).json<unknown>();
  return isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '' ? body.message.trim() : null;
}

/** The per-field sentences of a refused request (a 400's `errors`): the form's two fields, with text only. */
export function statementFieldErrors(error: unknown): StatementRequestFieldErrors {
  if (!(error instanceof ApiError) || error.status !== 400 || !isRecord(error.data) || !isRecord(error.data.errors)) return {};
  const found: StatementRequestFieldErrors = {};
  for (const key of ['email', 'financial_year'] as const) {
    const value = error.data.errors[key];
    if (typeof value === 'string' && value.trim() !== '') found[key] = value.trim();
  }
  return found;
}
