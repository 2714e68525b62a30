import { type DestinationStream, type Logger, pino } from 'pino';
import { type HttpLogger, pinoHttp } from 'pino-http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayRequest } from '../gateway-request';
import type { LogLevel } from '../gateway-http-config';

/** Credentials never reach a log: the API key, and the key that replays a stored response. */
export const REDACTED_PATHS = ['req.headers.authorization', 'req.headers["idempotency-key"]'];

export function createRootLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * One JSON line per finished request: method, url, status, response time, request id and account.
 * `req.log` (and so every line logged during the request) carries the request id as `reqId`.
 */
export function createRequestLogger(root: Logger): HttpLogger {
  return pinoHttp({
    logger: root,
    quietReqLogger: true,
    customProps: (request: IncomingMessage) => ({
      accountId: (request as GatewayRequest).account?.accountId,
    }),
    customLogLevel: (_request: IncomingMessage, response: ServerResponse, error?: Error) =>
      error || response.statusCode >= 500 ? 'error' : 'info',
  });
}
