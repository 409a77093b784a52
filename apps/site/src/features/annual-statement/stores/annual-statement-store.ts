import type { KyInstance } from 'ky';
import { create } from 'zustand';
import { STATEMENT_REQUEST_MESSAGES } from '@charity/domain';
import type { ApiLogger } from '../../../lib/api/client';
import { toApiError } from '../../../lib/api/errors';
import { describeFailure, serverReason } from '../../../lib/api/replies';
import {
  requestStatement,
  statementFieldErrors,
  type StatementRequestBody,
  type StatementRequestFieldErrors,
} from '../api/statement-api';

export interface AnnualStatementState {
  status: 'idle' | 'sending' | 'sent';
  /** The server's sentence once it has answered (the same whether or not the address gave). */
  sentMessage: string | null;
  /** A refusal or failure not tied to a field: too many requests, the network, the server. */
  error: string | null;
  /** The server's per-field refusals (a 400). */
  fieldErrors: StatementRequestFieldErrors;
}

export interface AnnualStatementActions {
  /** Sends the request; false when it was refused or failed (the reason is in the state). */
  request: (body: StatementRequestBody) => Promise<boolean>;
  reset: () => void;
}

export type AnnualStatementStore = AnnualStatementState & AnnualStatementActions;

export const INITIAL_ANNUAL_STATEMENT_STATE: AnnualStatementState = { status: 'idle', sentMessage: null, error: null, fieldErrors: {} };

/**
 * /annual-statement: a donor asks for the link to their annual statement of a financial year. A 400's field
 * sentences go under their fields, a 429 says to try again in an hour, anything else is the client's catalogue
 * sentence ('Network error…'); the form stays usable after each.
 */
export function createAnnualStatementStore({ client, log = console }: { client: KyInstance; log?: ApiLogger }) {
  return create<AnnualStatementStore>()((set, get) => ({
    ...INITIAL_ANNUAL_STATEMENT_STATE,

    request: async (body) => {
      if (get().status === 'sending') return false;
      set({ status: 'sending', error: null, fieldErrors: {}, sentMessage: null });
      try {
        const message = await requestStatement(client, { email: body.email.trim(), financial_year: body.financial_year });
        set({ status: 'sent', sentMessage: message ?? STATEMENT_REQUEST_MESSAGES.sent(body.email.trim()) });
        return true;
      } catch (error) {
        log.error(`[annual-statement] Asking for a statement failed: ${describeFailure(error)}`);
        const apiError = toApiError(error);
        const fieldErrors = statementFieldErrors(apiError);
        const onFields = Object.keys(fieldErrors).length > 0;
        // A 429 from a proxy in front of the API has no sentence of ours: say the form's own.
        const refusal = apiError.status === 429 ? (serverReason(apiError) ?? STATEMENT_REQUEST_MESSAGES.tooMany) : apiError.message;
        set({ status: 'idle', fieldErrors, error: onFields ? null : refusal });
        return false;
      }
    },

    reset: () => set(INITIAL_ANNUAL_STATEMENT_STATE),
  }));
}

export type AnnualStatementStoreHook = ReturnType<typeof createAnnualStatementStore>;
