import type { Request } from 'express';

/** The account an API key belongs to. */
export interface AuthenticatedAccount {
  accountId: string;
  name: string;
}

/** What the gateway's HTTP layer adds to an Express request. */
export interface GatewayRequest extends Request {
  /** Set for every request before anything else runs (see request-id.ts). */
  id: string;
  account?: AuthenticatedAccount;
  /** Set when the admin key authenticated the request (admin routes only): the key's id. */
  adminKeyId?: string;
  /** A one-way fingerprint of the API key, so limits are per key without keeping the key. */
  apiKeyFingerprint?: string;
  /** The Idempotency-Key this request claimed (see IdempotencyInterceptor); its commands carry it. */
  claimedIdempotencyKey?: string;
}
