import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AppError } from '@shipping/contracts';
import type { GatewayRequest } from '../gateway-request';

export const RATE_LIMITED_MESSAGE = 'Too many requests.';

/**
 * Limits per API key (runs after the API key guard). Requests without a valid key were counted
 * per client address before their bodies were read (preAuthentication), so they are skipped here.
 * The base guard sets Retry-After before it throws.
 */
@Injectable()
export class GatewayThrottlerGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return (
      context.getType() !== 'http' || !context.switchToHttp().getRequest<GatewayRequest>().apiKeyFingerprint
    );
  }

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    return `key:${(request as unknown as GatewayRequest).apiKeyFingerprint}`;
  }

  /** One budget per key across every route, not one per route. */
  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:${tracker}`;
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new AppError('rate_limited', RATE_LIMITED_MESSAGE);
  }
}
