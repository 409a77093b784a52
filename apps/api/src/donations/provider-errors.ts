import { HttpError } from '../http-errors.js';
import { PaymentProviderError } from './provider/provider.js';
import { SandboxError } from './provider/sandbox-provider.js';

// The one place the donations module turns a provider's refusal into an answer: a provider error carries the
// status and the sentence a donor may read (PaymentProviderError: Stripe or the sandbox refused or failed;
// SandboxError: the sandbox's browser-facing steps). Anything else is not the provider's to explain: null.

export function providerHttpError(error: unknown): HttpError | null {
  if (error instanceof PaymentProviderError) return new HttpError(error.statusCode, error.publicMessage);
  if (error instanceof SandboxError) return new HttpError(error.statusCode, error.message);
  return null;
}
