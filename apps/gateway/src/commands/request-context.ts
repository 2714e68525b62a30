import type { RequestContext } from '@shipping/contracts';
import { type AuthenticatedAccount, claimedIdempotencyKey } from '../http';

export const requestContext = (account: AuthenticatedAccount, requestId: string): RequestContext => {
  const idempotencyKey = claimedIdempotencyKey();
  return {
    accountId: account.accountId,
    correlationId: requestId,
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  };
};
