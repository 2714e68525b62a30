import type { RequestContext } from '@shipping/contracts';
import type { AuthenticatedAccount } from '../http';

export const requestContext = (account: AuthenticatedAccount, requestId: string): RequestContext => ({
  accountId: account.accountId,
  correlationId: requestId,
});
