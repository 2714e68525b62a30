import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { weakEtag } from '../envelope/serialised-success';

/** `Cache-Control: no-cache` in a request asks for the answer whatever the client holds. */
const NO_CACHE = /(?:^|,)\s*?no-cache\s*?(?:,|$)/;

/**
 * Every body the gateway sends as text or bytes carries a weak ETag (its length and SHA-1, unless
 * the handler set one), and a GET or HEAD whose If-None-Match names it is answered 304 without
 * a body: the tags and revalidation clients had from the gateway before, kept exactly.
 * Streamed bodies (files, labels) carry none.
 */
export function tagAndRevalidate(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
  let etag = reply.getHeader('etag');
  if (etag === undefined) {
    etag = weakEtag(payload);
    reply.header('ETag', etag);
  }
  if (!isFresh(request, reply.statusCode, String(etag), reply.getHeader('last-modified'))) {
    return done(null, payload);
  }
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  reply.removeHeader('transfer-encoding');
  done(null, null);
}

function isFresh(request: FastifyRequest, status: number, etag: string, lastModified: unknown): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if ((status < 200 || status >= 300) && status !== 304) return false;
  return fresh(request.headers, etag, typeof lastModified === 'string' ? lastModified : undefined);
}

/** Whether the client's copy is current, as the `fresh` package (and so Express) decided it. */
function fresh(headers: IncomingHttpHeaders, etag: string, lastModified?: string): boolean {
  const noneMatch = headers['if-none-match'];
  const modifiedSince = headers['if-modified-since'];
  if (!noneMatch && !modifiedSince) return false;
  const cacheControl = headers['cache-control'];
  if (cacheControl && NO_CACHE.test(cacheControl)) return false;
  if (noneMatch) {
    return (
      noneMatch === '*' ||
      noneMatch
        .split(',')
        .map((tag) => tag.trim())
        .some((tag) => tag === etag || tag === `W/${etag}` || `W/${tag}` === etag)
    );
  }
  const modified = lastModified === undefined ? NaN : Date.parse(lastModified);
  if (Number.isNaN(modified) || !(modified <= Date.parse(modifiedSince as string))) return false;
  return true;
}
