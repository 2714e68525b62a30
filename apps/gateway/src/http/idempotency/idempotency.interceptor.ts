import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  StreamableFile,
} from '@nestjs/common';
import { AppError, IDEMPOTENCY_KEY_REUSED_MESSAGE, tenantOf } from '@shipping/contracts';
import {
  fieldsPresent,
  omittedFromReplay,
  replayNotice,
  withoutFields,
} from '@shipping/platform/idempotency';
import { metrics } from '@shipping/platform/observability';
import { MESSAGE_SECRETS, type SecretBox } from '@shipping/platform/secrets';
import { createHash } from 'node:crypto';
import { catchError, from, mergeMap, type Observable, of, throwError } from 'rxjs';
import { toErrorResponse } from '../errors/error-response';
import type { GatewayReply, GatewayRequest } from '../gateway-request';
import { IDEMPOTENT_REPLAYED_HEADER, readIdempotencyKey } from './idempotency-key';
import { type IdempotencyScope, IdempotencyStore } from './idempotency-store';

export const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is still being processed.';

/**
 * A POST with an Idempotency-Key runs its handler at most once per account, key mode and key: a repeat
 * gets the first status and body back. It runs outside the envelope interceptor (see
 * GatewayResponseInterceptor), so what it stores is the enveloped body; 4xx outcomes are stored
 * too, 5xx ones release the key. The key it claimed goes on the request, and `@Caller()` puts it
 * in the context of every command the handler sends, so a retry after a lost reply is not done
 * twice by the app.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly store: IdempotencyStore,
    @Inject(MESSAGE_SECRETS) private readonly messageSecrets: SecretBox,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<GatewayRequest>();
    const response = http.getResponse<GatewayReply>();
    if (request.method !== 'POST') return next.handle();
    const key = readIdempotencyKey(request.headers['idempotency-key']);
    if (key === undefined || !request.account) return next.handle();

    const { accountId, mode } = tenantOf({
      accountId: request.account.accountId,
      keyMode: request.account.mode,
    });
    const scope = { accountId, mode, key };
    const claim = await this.store.claim(scope, requestFingerprints(request, this.messageSecrets));
    switch (claim.outcome) {
      case 'in_progress':
        metrics.idempotencyConflicts.inc({ layer: 'gateway' });
        throw new AppError('conflict', IN_PROGRESS_MESSAGE);
      case 'mismatch':
        metrics.idempotencyConflicts.inc({ layer: 'gateway' });
        throw new AppError('validation_failed', IDEMPOTENCY_KEY_REUSED_MESSAGE);
      case 'completed':
        metrics.idempotencyReplays.inc({ layer: 'gateway' });
        response.status(claim.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return of(claim.body);
      case 'claimed': {
        request.claimedIdempotencyKey = key;
        const omitted = omittedFromReplay(context.getHandler());
        return next.handle().pipe(
          catchError((error: unknown) =>
            from(this.settleFailure(scope, error)).pipe(mergeMap(() => throwError(() => error))),
          ),
          mergeMap((body) => from(this.settleSuccess(scope, response.statusCode, body, omitted))),
        );
      }
    }
  }

  /**
   * What is stored is the enveloped body; fields marked @OmittedFromReplay are left out of its
   * data, and its message says they were.
   */
  private async settleSuccess(
    scope: IdempotencyScope,
    status: number,
    body: unknown,
    omitted: readonly string[],
  ): Promise<unknown> {
    if (body instanceof StreamableFile) await this.store.release(scope);
    else await this.store.complete(scope, status, withoutDataFields(body, omitted));
    return body;
  }

  private async settleFailure(scope: IdempotencyScope, error: unknown): Promise<void> {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) await this.store.release(scope);
    else await this.store.complete(scope, status, body);
  }
}

function withoutDataFields(body: unknown, omitted: readonly string[]): unknown {
  if (omitted.length === 0 || typeof body !== 'object' || body === null || !('data' in body)) return body;
  const left = fieldsPresent(body.data, omitted);
  if (left.length === 0) return body;
  return { ...body, data: withoutFields(body.data, left), message: replayNotice(left) };
}

/**
 * What a retry must repeat to be the same request: its method, URL and body, kept as a keyed
 * fingerprint under MESSAGE_SECRET_KEYS (a body can hold carrier credentials, which an unkeyed hash
 * would let be guessed back). Every key's fingerprint matches, so rotating the keys leaves retries
 * in flight the same requests, and so does the unkeyed SHA-256 kept by earlier versions, until
 * their keys expire (IDEMPOTENCY_TTL_HOURS).
 */
function requestFingerprints(request: GatewayRequest, secrets: SecretBox): string[] {
  const text = `${request.method} ${request.originalUrl}\n${JSON.stringify(request.body ?? null)}`;
  return [
    ...secrets.fingerprints(text, IDEMPOTENCY_FINGERPRINT),
    createHash('sha256').update(text).digest('hex'),
  ];
}

const IDEMPOTENCY_FINGERPRINT = 'gateway idempotency request';
