import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '@shipping/contracts';
import type { GatewayReply, GatewayRequest } from '../gateway-request';
import { ApiKeyDirectory, apiKeyDigest } from './api-key-directory';
import { IS_ADMIN } from './admin-key';
import { IS_PUBLIC } from './auth.decorators';
import { BEARER } from './pre-authentication';

export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';

@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly directory: ApiKeyDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;

    const http = context.switchToHttp();
    const request = http.getRequest<GatewayRequest>();
    const adminRoute = Boolean(
      this.reflector.getAllAndOverride<boolean>(IS_ADMIN, [context.getHandler(), context.getClass()]),
    );
    // The admin key opens admin routes only, and an API key never opens them.
    if (adminRoute !== (request.adminKeyId !== undefined))
      return this.refuse(http.getResponse<GatewayReply>());
    // Authenticated before its body was read (preAuthentication).
    if (request.account) return true;
    const apiKey = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const digest = apiKey === undefined ? undefined : apiKeyDigest(apiKey);
    const account = digest === undefined ? undefined : await this.directory.findAccount(digest);
    if (!digest || !account) return this.refuse(http.getResponse<GatewayReply>());
    request.account = account;
    request.apiKeyFingerprint = digest.toString('hex', 0, 16);
    return true;
  }

  private refuse(reply: GatewayReply): never {
    reply.header('WWW-Authenticate', 'Bearer');
    throw new AppError('unauthenticated', UNAUTHENTICATED_MESSAGE);
  }
}
