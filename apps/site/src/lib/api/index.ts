export { api } from './api';
export {
  createApiClient,
  isRetryable,
  type ApiClientOptions,
  type ApiLogger,
  type ApiRequestContext,
  type Notify,
  type NotifyKind,
} from './client';
export { ApiError, toApiError, toRequestFailure } from './errors';
export { authErrorMessage, campaignErrorMessage, eventErrorMessage } from './catalogues';
