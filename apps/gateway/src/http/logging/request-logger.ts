import type { ServerResponse } from 'node:http';
import { type DestinationStream, type Level, type Logger, pino, stdSerializers } from 'pino';
import type { GatewayHook, GatewayReply, GatewayRequest } from '../gateway-request';
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
export function createRequestLogger(root: Logger): GatewayHook {
  return (request, reply, done) => {
    const startedAt = Date.now();
    const log = root.child({ reqId: request.id });
    request.log = log;
    const response = reply.raw;
    logged.add(response);
    const finished = (error?: Error) => {
      response.off('close', finished);
      response.off('finish', finished);
      logCompletion(log, request, reply, Date.now() - startedAt, error);
    };
    response.on('close', finished);
    response.on('finish', finished);
    done();
  };
}

/** The fault the exception filter noted on a response, for its request's log line. */
export type ResponseWithFault = ServerResponse & { err?: Error };

const logged = new WeakSet<ServerResponse>();

/** Whether the response's request has a log line to come (a fault noted on it is logged there). */
export const isLogged = (response: ServerResponse): boolean => logged.has(response);

function logCompletion(
  log: Logger,
  request: GatewayRequest,
  reply: GatewayReply,
  responseTime: number,
  error?: Error,
): void {
  const { statusCode } = reply.raw;
  const fault =
    error ??
    (reply.raw as ResponseWithFault).err ??
    (statusCode >= 500 ? new Error(`failed with status code ${statusCode}`) : undefined);
  const level: Level = fault ? 'error' : 'info';
  if (!log.isLevelEnabled(level)) return;
  const req = stdSerializers.req(request as never);
  const line = {
    req: { ...req, url: withoutSignature(req.url) },
    accountId: request.account?.accountId,
    res: stdSerializers.res({
      statusCode,
      headersSent: reply.raw.headersSent,
      getHeaders: () => reply.getHeaders(),
    } as never),
    ...(fault ? { err: fault } : {}),
    responseTime,
  };
  log[level](line, fault ? 'request errored' : 'request completed');
}
