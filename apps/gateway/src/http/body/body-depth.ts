import { AppError } from '@shipping/contracts';
import type { GatewayHook } from '../gateway-request';
import { bodyTooDeepMessage } from '../gateway-messages';

/**
 * The nesting depth of a parsed JSON value: a scalar is 0, `{}` and `[]` are 1. Walked with an
 * explicit stack, because the bodies this exists to refuse are deeper than the call stack.
 */
export function exceedsDepth(value: unknown, maxDepth: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop() as { value: unknown; depth: number };
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Object.values(current)) pending.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/** Refuses bodies nested deeper than the limit, before any DTO transformation recurses into them. */
export function bodyDepthLimit(maxDepth: number): GatewayHook {
  return (request, _reply, done) => {
    done(
      exceedsDepth(request.body, maxDepth)
        ? new AppError('bad_request', bodyTooDeepMessage(maxDepth))
        : undefined,
    );
  };
}
