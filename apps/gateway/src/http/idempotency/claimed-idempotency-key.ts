import { AsyncLocalStorage } from 'node:async_hooks';

const claimedKeys = new AsyncLocalStorage<string>();

/**
 * Runs a request's handler knowing the Idempotency-Key it claimed, so that every command it sends
 * carries the key and the receiving app does the work once even when the gateway retries after
 * losing a reply (Nest binds `next.handle()` to the async context it is called in).
 */
export function withClaimedIdempotencyKey<T>(key: string, handle: () => T): T {
  return claimedKeys.run(key, handle);
}

/** The Idempotency-Key the current request claimed, if any. */
export function claimedIdempotencyKey(): string | undefined {
  return claimedKeys.getStore();
}
