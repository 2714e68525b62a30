import { REQUEST_ID_HEADER } from '../http/request-id/request-id';
import { IDEMPOTENT_REPLAYED_HEADER } from '../http/idempotency/idempotency-key';
import { API_VERSION_HEADER, API_VERSIONS } from '../http/versioning/api-version';

const integer = { type: 'integer', minimum: 0 };

/** The headers the gateway sends, as `#/components/headers/<name>`. */
export const RESPONSE_HEADERS: Record<string, { description: string; required?: boolean; schema: object }> = {
  RequestId: {
    description:
      "The request's id: the caller's `X-Request-Id` when it is a sane one, else a new UUID. Logs and traces carry it.",
    required: true,
    schema: { type: 'string' },
  },
  RequestIdWhenRead: {
    description:
      "The request's id, as on every answer, except when Node could not read the request line at all.",
    schema: { type: 'string' },
  },
  ApiVersion: {
    description: 'The dated API version that served the request: the one it pinned, else the current one.',
    required: true,
    schema: { type: 'string', enum: [...API_VERSIONS] },
  },
  ApiVersionWhenRead: {
    description:
      'The version that served the request, as on every answer, except when Node could not read the request line at all.',
    schema: { type: 'string', enum: [...API_VERSIONS] },
  },
  ETag: {
    description:
      'A weak tag of the body. A GET sent again with it in `If-None-Match` is answered 304 while the body is the same.',
    required: true,
    schema: { type: 'string', example: 'W/"5c-4LzJ0bJkMEoLH9Wb4rN6fbkC0jQ"' },
  },
  IdempotentReplayed: {
    description:
      '`true` on an answer replayed for an Idempotency-Key that was sent before; absent otherwise.',
    schema: { type: 'string', enum: ['true'] },
  },
  RateLimitLimit: {
    description:
      'Requests an API key may make per minute (RATE_LIMIT_PER_MINUTE); absent when the limit is off.',
    schema: integer,
  },
  RateLimitRemaining: { description: 'Requests left in the current minute.', schema: integer },
  RateLimitReset: { description: 'Seconds until the current minute ends.', schema: integer },
  RetryAfter: {
    description: 'Seconds to wait before trying again.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
};

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The headers of one response: every answer's request id, then what its status and route add. */
export function responseHeaders(answer: {
  status: number;
  isPublic: boolean;
  idempotent?: boolean;
  /** A streamed body (a label file) carries no ETag: only text and byte bodies are tagged. */
  streamed?: boolean;
}): Record<string, { $ref: string }> {
  // A request Node's parser refused (431, and a 400 of an unreadable request line) never reached
  // the gateway's hooks: Node answers it without a request id.
  if (answer.status === 431) return {};
  const headers: Record<string, { $ref: string }> = {
    [REQUEST_ID_HEADER]: ref(answer.status === 400 ? 'RequestIdWhenRead' : 'RequestId'),
    [API_VERSION_HEADER]: ref(answer.status === 400 ? 'ApiVersionWhenRead' : 'ApiVersion'),
  };
  if (answer.status === 429 || answer.status === 503) headers['Retry-After'] = ref('RetryAfter');
  if (answer.status >= 300) return headers;
  if (!answer.streamed) headers['ETag'] = ref('ETag');
  if (answer.idempotent) headers[IDEMPOTENT_REPLAYED_HEADER] = ref('IdempotentReplayed');
  if (!answer.isPublic) {
    headers['X-RateLimit-Limit'] = ref('RateLimitLimit');
    headers['X-RateLimit-Remaining'] = ref('RateLimitRemaining');
    headers['X-RateLimit-Reset'] = ref('RateLimitReset');
  }
  return headers;
}
