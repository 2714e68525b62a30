import { FastifyAdapter } from '@nestjs/platform-fastify';
import { answerClientErrorInEnvelope } from './client-errors';
import type { GatewayHttpConfig } from './gateway-http-config';
import { answerUndecodablePath } from './routing/undecodable-paths';

/** Longer than any path Node accepts (its headers, the request line among them, stop at 16 KB). */
const MAX_PARAM_LENGTH = 16 * 1024;

/**
 * The gateway's HTTP server: Fastify, routing as the API always routed (paths match whatever
 * their case and with or without a trailing slash, parameters of any length), `trust proxy` from
 * TRUST_PROXY, Node's own keep-alive and request timeouts, and requests Node or the router refuse
 * answered in the envelope.
 */
export function createGatewayAdapter(config: Pick<GatewayHttpConfig, 'trustProxy'>): FastifyAdapter {
  return new FastifyAdapter({
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    keepAliveTimeout: 5_000,
    requestTimeout: 300_000,
    // While the app stops, requests still in reach are answered as any other, not with Fastify's own 503.
    return503OnClosing: false,
    clientErrorHandler: answerClientErrorInEnvelope,
    frameworkErrors: answerUndecodablePath,
  });
}
