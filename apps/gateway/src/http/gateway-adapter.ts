import { FastifyAdapter } from '@nestjs/platform-fastify';
import { answerClientErrorInEnvelope } from './client-errors';
import type { GatewayHttpConfig } from './gateway-http-config';
import { answerUndecodablePath } from './routing/undecodable-paths';

/** Longer than any path Node accepts (its headers, the request line among them, stop at 16 KB). */
const MAX_PARAM_LENGTH = 16 * 1024;

/**
 * How long an idle connection is kept: longer than the idle timeout of the proxies put in front
 * (60 s at AWS's load balancers), so a proxy never sends a request on a connection the gateway is
 * closing. At Node's 5 s a client reusing a connection idle four seconds met "other side closed"
 * whenever the gateway's event loop ran the close timer before reading the request that had come.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * The gateway's HTTP server: Fastify, routing as the API always routed (paths match whatever
 * their case and with or without a trailing slash, parameters of any length), `trust proxy` from
 * TRUST_PROXY, idle connections kept 72 s, Node's request timeout, and requests Node or the router refuse
 * answered in the envelope.
 */
export function createGatewayAdapter(config: Pick<GatewayHttpConfig, 'trustProxy'>): FastifyAdapter {
  return new FastifyAdapter({
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: 300_000,
    // While the app stops, requests still in reach are answered as any other, not with Fastify's own 503.
    return503OnClosing: false,
    clientErrorHandler: answerClientErrorInEnvelope,
    frameworkErrors: answerUndecodablePath,
  });
}
