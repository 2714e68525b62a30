import { AppError } from '@shipping/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import type { GatewayRequest } from '../gateway-request';
import { bytesOf, readBody, UNREADABLE_BODY_MESSAGE } from './read-body';

export const MALFORMED_JSON_MESSAGE = 'Malformed JSON body.';

/** Leading whitespace as JSON allows it, then the first character of the text. */
const FIRST_CHARACTER = /^[ \t\n\r]*([^ \t\n\r])/;

type TextParser = (text: string) => unknown;

/**
 * The only bodies read: JSON and URL-encoded forms, up to `limit`, of requests that carry an
 * account (pre-authentication ran in onRequest, before parsing). A stranger's body is never read,
 * and a body of any other content type reaches the handler as no body. Read errors are AppErrors
 * (413 naming the limit, 400 "Malformed JSON body."), so they are answered in the envelope.
 */
export function parseAuthenticatedBodies(instance: FastifyInstance, limit: string): void {
  const maxBytes = bytesOf(limit);
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser(
    'application/json',
    whenAuthenticated(maxBytes, limit, ['utf-8', 'utf-16le'], parseJson),
  );
  instance.addContentTypeParser(
    'application/x-www-form-urlencoded',
    whenAuthenticated(maxBytes, limit, ['utf-8'], (text) => ({ ...parseQueryString(text) })),
  );
  instance.addContentTypeParser('*', (_request: FastifyRequest, _payload: IncomingMessage, done) =>
    done(null, undefined),
  );
}

function whenAuthenticated(maxBytes: number, limit: string, charsets: string[], parse: TextParser) {
  return (
    request: FastifyRequest,
    payload: IncomingMessage,
    done: (error: Error | null, body?: unknown) => void,
  ) => {
    if (!(request as GatewayRequest).account) return done(null, undefined);
    const charset = charsetOf(request.headers['content-type']);
    if (!charsets.includes(charset)) return done(new AppError('bad_request', UNREADABLE_BODY_MESSAGE));
    readBody(payload, request.headers, maxBytes, limit).then(
      (bytes) => {
        let body: unknown;
        try {
          body = parse(bytes.toString(charset === 'utf-8' ? 'utf8' : 'utf16le').replace(/^\uFEFF/, ''));
        } catch (error) {
          return done(error as Error);
        }
        done(null, body);
      },
      (error: Error) => done(error),
    );
  };
}

/** JSON as body-parser's strict mode took it: an object or an array; an empty body is `{}`. */
function parseJson(text: string): unknown {
  if (text.length === 0) return {};
  const first = FIRST_CHARACTER.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw new AppError('bad_request', MALFORMED_JSON_MESSAGE);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', MALFORMED_JSON_MESSAGE);
  }
}

function charsetOf(contentType: string | undefined): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match ? match[1].toLowerCase() : 'utf-8';
}
