import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { accountNotFoundMessage, NotFound, type RequestContext } from '@shipping/contracts';
import type { GatewayRequest } from '../http';

/** The admin request: its request id and claimed Idempotency-Key, and the admin key's id. */
export interface AdminCaller {
  correlationId: string;
  actor: string;
  idempotencyKey?: string;
  /** The context of a command about `accountId`, on behalf of the admin key. */
  about(accountId: string): RequestContext;
}

export const AdminRequest = createParamDecorator((_data: unknown, context: ExecutionContext): AdminCaller => {
  const request = context.switchToHttp().getRequest<GatewayRequest>();
  const actor = request.adminKeyId;
  if (actor === undefined) throw new Error('@AdminRequest() used on a route the admin key does not open');
  const idempotency =
    request.claimedIdempotencyKey === undefined ? {} : { idempotencyKey: request.claimedIdempotencyKey };
  return {
    correlationId: request.id,
    actor,
    ...idempotency,
    about: (accountId) => ({ accountId, correlationId: request.id, actor, ...idempotency }),
  };
});

const ACCOUNT_ID = /^acct_[A-Za-z0-9_-]{1,64}$/;

/** An account id from the path: anything that cannot be one is simply not found. */
export function accountIdOf(raw: string): string {
  if (!ACCOUNT_ID.test(raw)) throw new NotFound(accountNotFoundMessage(raw.slice(0, 80)));
  return raw;
}
