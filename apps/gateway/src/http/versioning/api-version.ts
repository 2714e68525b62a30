import { AppError } from '@shipping/contracts';
import type { GatewayHook } from '../gateway-request';

/** The request header that pins a version, and the answer's header naming the version that served it. */
export const API_VERSION_HEADER = 'Shipping-Version';

/**
 * Every dated version the gateway serves, oldest first; the last is the current one, served when a
 * request pins none. A version stays here until its deprecation period ends (docs/api-conventions.md).
 */
export const API_VERSIONS = ['2026-11-28'] as const;

export type ApiVersion = (typeof API_VERSIONS)[number];

export const CURRENT_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1];

/** The version a request's header asks for, or why it cannot be served. */
export function requestedVersion(header: string | string[] | undefined): ApiVersion | AppError {
  if (header === undefined || header === '') return CURRENT_API_VERSION;
  const known = API_VERSIONS.find((version) => version === header);
  if (known) return known;
  return new AppError(
    'bad_request',
    unknownVersionMessage(JSON.stringify(String(header)), API_VERSIONS.join(', ')),
  );
}

/** The refusal of a version the gateway does not serve: the header as sent (quoted), and those it serves. */
export const unknownVersionMessage = (quotedHeader: string, served: string) =>
  `${API_VERSION_HEADER} ${quotedHeader} is not a version of this API: it serves ${served}.`;

/** Every answer names the version that served it; a request pinning an unknown version is refused 400. */
export const serveApiVersion: GatewayHook = (request, reply, done) => {
  const version = requestedVersion(request.headers[API_VERSION_HEADER.toLowerCase()]);
  const refused = version instanceof AppError;
  reply.header(API_VERSION_HEADER, refused ? CURRENT_API_VERSION : version);
  done(refused ? version : undefined);
};
