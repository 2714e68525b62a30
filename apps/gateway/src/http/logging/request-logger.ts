import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type DestinationStream, type Level, type Logger, pino, stdSerializers } from 'pino';
import type { GatewayRequest } from '../gateway-request';
import type { LogLevel } from '../gateway-http-config';

/**
 * Credentials never reach a log: the API key, the key that replays a stored response, and a label
 * link's signature (the link's credential), in the parsed query as in the URL (withoutSignature).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["idempotency-key"]',
  'req.query.signature',
];

/** The logged URL keeps a label link's path and expiry, not its signature. */
export function withoutSignature(url: string): string {
  return url.replace(/([?&]signature=)[^&#]*/gi, '$1[redacted]');
}

export function createRootLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * One JSON line per finished request, in pino-http's shape: method, url, status, response time,
 * request id and account. `req.log` (and so every line logged during the request) carries the
 * request id as `reqId`. Unlike pino-http, nothing is serialised unless the line is written.
 */
export function createRequestLogger(root: Logger): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const startedAt = Date.now();
    const log = root.child({ reqId: (request as GatewayRequest).id });
    request.log = log;
    const finished = (error?: Error) => {
      response.off('close', finished);
      response.off('finish', finished);
      logCompletion(log, request, response, Date.now() - startedAt, error);
    };
    response.on('close', finished);
    response.on('finish', finished);
    next();
  };
}

function logCompletion(
  log: Logger,
  request: Request,
  response: Response,
  responseTime: number,
  error?: Error,
): void {
  const fault =
    error ??
    response.err ??
    (response.statusCode >= 500 ? new Error(`failed with status code ${response.statusCode}`) : undefined);
  const level: Level = fault ? 'error' : 'info';
  if (!log.isLevelEnabled(level)) return;
  const req = stdSerializers.req(request);
  const line = {
    req: { ...req, url: withoutSignature(req.url) },
    accountId: (request as GatewayRequest).account?.accountId,
    res: stdSerializers.res(response),
    ...(fault ? { err: fault } : {}),
    responseTime,
  };
  log[level](line, fault ? 'request errored' : 'request completed');
}
