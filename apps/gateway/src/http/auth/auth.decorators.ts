import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthenticatedAccount, GatewayRequest } from '../gateway-request';

export const IS_PUBLIC = 'gateway:public';

/** Lets a route (or a whole controller) be called without an API key. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The authenticated caller's account. Only meaningful on routes that are not public. */
export const CurrentAccount = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedAccount => {
    const account = context.switchToHttp().getRequest<GatewayRequest>().account;
    if (!account) throw new Error('@CurrentAccount() used on a route without an authenticated account');
    return account;
  },
);
