import { AppError } from '@shipping/contracts';
import {
  type AuthenticatedAccount,
  type GatewayHook,
  type GatewayReply,
  type GatewayRequest,
  pathOf,
} from '../gateway-request';
import { clientOfAddress } from '../rate-limit/client-address';
import { RATE_LIMITED_MESSAGE } from '../rate-limit/gateway-throttler.guard';
import type { CheckableThrottlerStorage } from '../rate-limit/rate-limit-check';
import { NotFound } from '@shipping/contracts';
import { adminAccountId, adminKeyId, isAdminKey, isAdminPath } from './admin-key';
import { ApiKeyDirectory, apiKeyDigest } from './api-key-directory';

/** RFC 6750 bearer credentials; the scheme is case-insensitive (RFC 7235). */
export const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

const MINUTE_MS = 60_000;

/**
 * Runs before the body parsers: a request with a valid API key gets its account (the API key
 * guard and the per-key limit take it from there); any other request is counted against its
 * client (`trust proxy` decides its address; an IPv6 client is its /64) and, over
 * `limitPerMinute`, answered 429 at once. A key this instance found lately opens at once, one it
 * found before is looked up; any other is looked up only while its client's budget is not spent,
 * so a client over the limit costs no query. Bodies are parsed only for requests with an account (see body/body-parsers.ts), so a
 * stranger's 4 MB body is never parsed and its 401s count.
 *
 * Under /admin only the admin key authenticates (API keys do not), and without an admin key
 * configured every /admin request is answered 404 here, before anything else.
 */
export function preAuthentication(
  directory: ApiKeyDirectory,
  storage: CheckableThrottlerStorage,
  limitPerMinute: number,
  adminApiKey?: string,
): GatewayHook {
  const refuse = (reply: GatewayReply, retryAfterSeconds: number) => {
    reply.header('Retry-After', String(Math.max(retryAfterSeconds, 1)));
    return new AppError('rate_limited', RATE_LIMITED_MESSAGE);
  };
  const count = async (client: string, reply: GatewayReply) => {
    const { isBlocked, timeToBlockExpire } = await storage.increment(
      client,
      MINUTE_MS,
      limitPerMinute,
      0,
      'unauthenticated',
    );
    return isBlocked ? refuse(reply, timeToBlockExpire) : undefined;
  };
  /** Undefined when the request may go on (with an account or without), else its 429. */
  const authenticateOrCount = async (request: GatewayRequest, reply: GatewayReply, admin: boolean) => {
    const presented = admin ? undefined : BEARER.exec(request.headers.authorization ?? '')?.[1];
    const digest = presented === undefined ? undefined : apiKeyDigest(presented);
    const known = digest && directory.knownAccount(digest);
    if (digest && known) return authenticated(request, known, digest);
    if (limitPerMinute === 0) {
      if (digest) await authenticate(request, directory, digest);
      return undefined;
    }
    const client = `address:${clientOfAddress(request.ip)}`;
    if (digest) {
      // A key this instance found before is looked up whatever its address did; only the table opens it.
      const spent = directory.foundBefore(digest)
        ? undefined
        : await storage.check(client, limitPerMinute, 'unauthenticated');
      if (spent?.isSpent) return refuse(reply, spent.retryAfterSeconds);
      if (await authenticate(request, directory, digest)) return undefined;
    }
    return count(client, reply);
  };
  return (request, reply, done) => {
    const admin = isAdminPath(pathOf(request));
    if (admin && adminApiKey === undefined) return done(new NotFound(NOT_FOUND_MESSAGE));
    if (admin && authenticateAdmin(request, adminApiKey as string)) return done();
    void authenticateOrCount(request, reply, admin)
      .then((refusal) => (refusal ? done(refusal) : done()))
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

async function authenticate(
  request: GatewayRequest,
  directory: ApiKeyDirectory,
  digest: Buffer,
): Promise<boolean> {
  const account = await directory.findAccount(digest);
  if (account) authenticated(request, account, digest);
  return account !== undefined;
}

function authenticated(request: GatewayRequest, account: AuthenticatedAccount, digest: Buffer): undefined {
  request.account = account;
  request.apiKeyFingerprint = digest.toString('hex', 0, 16);
  return undefined;
}
