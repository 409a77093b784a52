import {
  authErrorMessage as authMessageFor,
  campaignErrorMessage as campaignMessageFor,
  eventErrorMessage as eventMessageFor,
} from '@charity/domain';
import { toRequestFailure } from './errors';

// The per-domain catalogues of spec section 8 for any caught error (an ApiError from the client,
// or anything else a page's own code threw). The rules live in @charity/domain; this only adapts.

export const authErrorMessage = (error: unknown): string => authMessageFor(toRequestFailure(error));
export const campaignErrorMessage = (error: unknown): string => campaignMessageFor(toRequestFailure(error));
export const eventErrorMessage = (error: unknown): string => eventMessageFor(toRequestFailure(error));
