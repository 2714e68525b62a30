import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { RequestContext } from '@shipping/contracts';
import type { GatewayRequest } from '../http';

/**
 * What every command and query carries of its HTTP request: the account, the request id as the
 * correlation id, the API key's mode (none behind the admin key), and the Idempotency-Key the request claimed, so the receiving app does the work
 * once even when the gateway retries after losing a reply.
 */
export function requestContextOf(request: GatewayRequest): RequestContext {
  const { account, id, claimedIdempotencyKey } = request;
  if (!account) throw new Error('A request context needs an authenticated account; the route is public');
  return {
    accountId: account.accountId,
    correlationId: id,
    ...(account.mode === undefined ? {} : { keyMode: account.mode }),
    ...(claimedIdempotencyKey === undefined ? {} : { idempotencyKey: claimedIdempotencyKey }),
  };
}

/** The caller's request context (`requestContextOf`), for a route that is not public. */
export const Caller = createParamDecorator((_data: unknown, context: ExecutionContext): RequestContext =>
  requestContextOf(context.switchToHttp().getRequest<GatewayRequest>()),
);
