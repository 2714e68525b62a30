export type { components, operations, paths } from './generated/api-schema';
export { API_VERSION } from './generated/api-version';
export { DEFAULT_RETRY, retryAfterMs, retryDelayMs, type RetryOptions } from './retry-policy';
export { IDEMPOTENCY_KEY_HEADER, retryingFetch } from './retrying-fetch';
export { type FieldErrors, ShippingApiError, unwrap } from './shipping-api-error';
export {
  API_VERSION_HEADER,
  createShippingClient,
  type ShippingClient,
  type ShippingClientOptions,
} from './shipping-client';
export { type Batch, type BatchStatus, type WaitOptions, waitForBatchStatus } from './wait-for-batch';
