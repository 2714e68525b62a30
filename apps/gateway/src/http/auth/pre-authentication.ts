import type { ThrottlerStorage } from '@nestjs/throttler';
import { AppError } from '@shipping/contracts';
import { type GatewayHook, type GatewayRequest, pathOf } from '../gateway-request';
import { RATE_LIMITED_MESSAGE } from '../rate-limit/gateway-throttler.guard';
import { NotFound } from '@shipping/contracts';
import { adminAccountId, adminKeyId, isAdminKey, isAdminPath } from './admin-key';
import { ApiKeyDirectory, apiKeyDigest } from './api-key-directory';

/** RFC 6750 bearer credentials; the scheme is case-insensitive (RFC 7235). */
export const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

const MINUTE_MS = 60_000;

/**
 * Runs before the body parsers: a request with a valid API key gets its account (the API key
 * guard and the per-key limit take it from there); any other request is counted against its
 * client address (`trust proxy` decides what that is) and, over `limitPerMinute`, answered 429
 * at once. Bodies are parsed only for requests with an account (see body/body-parsers.ts), so a stranger's
 * 4 MB body is never parsed and its 401s count.
 *
 * Under /admin only the admin key authenticates (API keys do not), and without an admin key
 * configured every /admin request is answered 404 here, before anything else.
 */
export function preAuthentication(
  directory: ApiKeyDirectory,
  storage: ThrottlerStorage,
  limitPerMinute: number,
  adminApiKey?: string,
): GatewayHook {
  return (request, reply, done) => {
    const admin = isAdminPath(pathOf(request));
    if (admin && adminApiKey === undefined) return done(new NotFound(NOT_FOUND_MESSAGE));
    void (
      admin
        ? Promise.resolve(authenticateAdmin(request, adminApiKey as string))
        : authenticate(request, directory)
    )
      .then(async (authenticated) => {
        if (authenticated || limitPerMinute === 0) return done();
        const { isBlocked, timeToBlockExpire } = await storage.increment(
          `address:${request.ip ?? 'unknown'}`,
          MINUTE_MS,
          limitPerMinute,
          0,
          'unauthenticated',
        );
        if (!isBlocked) return done();
        reply.header('Retry-After', String(Math.max(timeToBlockExpire, 1)));
        done(new AppError('rate_limited', RATE_LIMITED_MESSAGE));
      })
      .catch((error: unknown) => done(error as Error));
  };
}

export const NOT_FOUND_MESSAGE = 'Not found.';

function authenticateAdmin(request: GatewayRequest, adminApiKey: string): boolean {
  const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (presented === undefined) return false;
  const digest = apiKeyDigest(presented);
  if (!isAdminKey(digest, adminApiKey)) return false;
  const keyId = adminKeyId(adminApiKey);
  request.account = { accountId: adminAccountId(keyId), name: 'admin' };
  request.adminKeyId = keyId;
  request.apiKeyFingerprint = digest.toString('hex', 0, 16);
  return true;
}

async function authenticate(request: GatewayRequest, directory: ApiKeyDirectory): Promise<boolean> {
  const apiKey = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (apiKey === undefined) return false;
  const digest = apiKeyDigest(apiKey);
  const account = await directory.findAccount(digest);
  if (!account) return false;
  request.account = account;
  request.apiKeyFingerprint = digest.toString('hex', 0, 16);
  return true;
}
