import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { GatewayHook, GatewayRequest } from '../gateway-request';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is reused only when it is harmless in logs and headers. */
const SANE_REQUEST_ID = /^[A-Za-z0-9\-_.]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Runs first, so every response (even a refused body) carries the id and every log line has it. */
export const assignRequestId: GatewayHook = (request, reply, done) => {
  const id = requestIdFrom(request.headers['x-request-id']);
  request.id = id;
  reply.header(REQUEST_ID_HEADER, id);
  done();
};

/** The request's id, to become the correlation id of the commands it sends. */
export const RequestId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string =>
    context.switchToHttp().getRequest<GatewayRequest>().id,
);
