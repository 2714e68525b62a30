import type { KeyMode } from '@shipping/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The account an API key belongs to, and the key's mode (none for the admin key). */
export interface AuthenticatedAccount {
  accountId: string;
  name: string;
  mode?: KeyMode;
}

/** What the gateway's HTTP layer adds to a Fastify request. */
export interface GatewayRequest extends FastifyRequest {
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

/** The reply to a gateway request. */
export type GatewayReply = FastifyReply;

/** An onRequest, preValidation or preHandler hook of the gateway. */
export type GatewayHook = (
  request: GatewayRequest,
  reply: GatewayReply,
  done: (error?: Error) => void,
) => void;

/** The request's path, without its query: what routes and `/admin` are matched against. */
export function pathOf(request: FastifyRequest): string {
  const url = request.url;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** `scheme://host` as the client addressed the gateway (`trust proxy` decides the scheme). */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? 'localhost'}`;
}
