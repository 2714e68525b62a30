import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AppError } from '@shipping/contracts';
import type { GatewayRequest } from '../gateway-request';

export const RATE_LIMITED_MESSAGE = 'Too many requests.';

/**
 * Limits per API key (runs after the API key guard), per IP on public routes. The base guard
 * sets Retry-After before it throws.
 */
@Injectable()
export class GatewayThrottlerGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return context.getType() !== 'http';
  }

  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    const { apiKeyFingerprint, ip } = request as unknown as GatewayRequest;
    return apiKeyFingerprint ? `key:${apiKeyFingerprint}` : `ip:${ip ?? 'unknown'}`;
  }

  /** One budget per key across every route, not one per route. */
  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:${tracker}`;
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new AppError('rate_limited', RATE_LIMITED_MESSAGE);
  }
}
