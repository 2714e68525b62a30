import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { failureEnvelope } from '../envelope/envelope';
import { JSON_CONTENT_TYPE, weakEtag } from '../envelope/serialised-success';
import { NOT_FOUND_MESSAGE } from '../auth/pre-authentication';
import { pathOf } from '../gateway-request';
import { undecodableParamMessage } from '../gateway-messages';
import { REQUEST_ID_HEADER, requestIdFrom } from '../request-id/request-id';

/**
 * A path with an escape that decodes to no UTF-8 text (`/batches/%FF`) is refused by the router
 * before any route or hook. It is answered as routes always answered it: 400 naming the escape
 * when it stands where a route has a parameter, 404 "Not found." otherwise, in the envelope and
 * with a request id. (For Fastify's `frameworkErrors`.)
 */
export function answerUndecodablePath(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const segments = pathOf(request).split('/');
  const undecodable = segments.find((segment) => !decodes(segment));
  const readable = segments.map((segment) => (decodes(segment) ? segment : 'x')).join('/');
  const routed =
    error.code === 'FST_ERR_BAD_URL' &&
    undecodable !== undefined &&
    request.server.findRoute({ method: request.raw.method as 'GET', url: readable }) !== null;
  const body = JSON.stringify(
    failureEnvelope(routed ? undecodableParamMessage(undecodable) : NOT_FOUND_MESSAGE),
  );
  reply
    .code(routed ? 400 : 404)
    .header(REQUEST_ID_HEADER, requestIdFrom(request.headers['x-request-id']))
    .header('Content-Type', JSON_CONTENT_TYPE)
    .header('ETag', weakEtag(body))
    .send(body);
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
