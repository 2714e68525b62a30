import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  Optional,
} from '@nestjs/common';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { AppError, type ErrorCode, type RequestContext, tenantOf, Unavailable } from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';
import { isTransientFault } from '@shipping/messaging';
import { createHash } from 'node:crypto';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { SQL_CLIENT } from '../tokens';
import { metrics } from '../observability/metrics';
import { IDEMPOTENCY_TTL_MS, readIdempotencyTtlMs } from '../retention/retention-config';
import { IDEMPOTENCY_CLAIM_LEASE_MS, readClaimLeaseMs } from './claim-lease-config';
import { omittedFromReplay, withoutFields } from './omitted-from-replay';
import {
  type IdempotentRequest,
  IdempotentRequestStore,
  type RequestOutcome,
} from './idempotent-request-store';

/** Failures that say nothing about the command: a retry must do it. */
const PASSING_FAILURES = new Set<ErrorCode>(['unavailable', 'internal']);

/** A duplicate waits this long for the first attempt's reply; its sender waits 10 s at most. */
const WAIT_FOR_FIRST_MS = 8_000;
const POLL_MS = 100;

/**
 * How often the write that settles or releases a claim is tried when it meets a passing fault (a
 * terminated backend): the pool's next connection is a fresh one. A claim left unsettled after a
 * command was done would run the command again for the retry once its lease ran out.
 */
const CLAIM_WRITE_ATTEMPTS = 3;

export const STILL_RUNNING_MESSAGE =
  'A request with this Idempotency-Key is still being processed. Try again shortly.';

/**
 * Does a command once per account and mode, Idempotency-Key, pattern and payload: the gateway releases a
 * key when no reply came (an app down, slow, or killed after doing the work), and the client's
 * retry must not do the work again. The first attempt claims the request before running; a
 * repeat gets the stored reply or domain error, and one that arrives while the first still runs
 * waits for it. The key is taken off the context, so commands the handler sends on are not keyed,
 * and handed to the handler as the message's `claimedIdempotencyKey`. Every `@CommandPattern`
 * handler runs behind it.
 */
@Injectable()
export class IdempotentRequestsInterceptor implements NestInterceptor {
  private readonly store: IdempotentRequestStore;

  constructor(
    @Inject(SQL_CLIENT) sql: SqlClient,
    @Optional() @Inject(IDEMPOTENCY_TTL_MS) keepMs?: number,
    @Optional() @Inject(IDEMPOTENCY_CLAIM_LEASE_MS) leaseMs?: number,
  ) {
    this.store = new IdempotentRequestStore(
      sql,
      keepMs ?? readIdempotencyTtlMs(),
      leaseMs ?? readClaimLeaseMs(),
    );
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.getType() === 'rpc' ? keyedRequest(context) : undefined;
    if (!request) return next.handle();
    const omitted = omittedFromReplay(context.getHandler());
    return from(this.once(request, omitted, () => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }

  private async once(
    request: IdempotentRequest,
    omitted: readonly string[],
    run: () => Promise<unknown>,
  ): Promise<unknown> {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const claim = await this.store.claim(request);
      if (claim.outcome === 'settled') {
        metrics.idempotencyReplays.inc({ layer: 'handler' });
        return replay(claim.settled);
      }
      if (claim.outcome === 'claimed') return this.runClaimed(request, omitted, run);
      if (Date.now() > deadline) throw new Unavailable(STILL_RUNNING_MESSAGE);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private async runClaimed(
    request: IdempotentRequest,
    omitted: readonly string[],
    run: () => Promise<unknown>,
  ): Promise<unknown> {
    let reply: unknown;
    try {
      reply = await run();
    } catch (error) {
      if (error instanceof AppError && !PASSING_FAILURES.has(error.code)) {
        await again(() => this.store.settle(request, { error: error.toPayload() }));
      } else {
        await again(() => this.store.release(request)).catch(() => undefined);
      }
      throw error;
    }
    await again(() => this.store.settle(request, { reply: withoutFields(reply ?? null, omitted) }));
    return reply;
  }
}

/** Does a claim's write, again while it fails for a passing fault, CLAIM_WRITE_ATTEMPTS times at most. */
async function again(write: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= CLAIM_WRITE_ATTEMPTS || !isTransientFault(error)) throw error;
    }
  }
}

function replay(outcome: RequestOutcome): unknown {
  if ('error' in outcome) throw AppError.fromPayload(outcome.error);
  return outcome.reply;
}

function keyedRequest(context: ExecutionContext): IdempotentRequest | undefined {
  const handler = context.getHandler();
  const message = context
    .switchToRpc()
    .getData<{ context?: Partial<RequestContext>; payload?: unknown; claimedIdempotencyKey?: string }>();
  const requestContext = message?.context;
  const key = requestContext?.idempotencyKey;
  if (typeof key !== 'string' || typeof requestContext?.accountId !== 'string') return undefined;
  delete requestContext.idempotencyKey;
  message.claimedIdempotencyKey = key;
  const patterns: unknown[] = Reflect.getMetadata(PATTERN_METADATA, handler) ?? [];
  return {
    accountId: requestContext.accountId,
    mode: tenantOf({ accountId: requestContext.accountId, keyMode: requestContext.keyMode }).mode,
    key,
    pattern: String(patterns[0]),
    payloadHash: createHash('sha256')
      .update(JSON.stringify(message?.payload ?? null))
      .digest('hex'),
  };
}
