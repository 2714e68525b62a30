import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { CheckableThrottlerStorage } from './rate-limit/rate-limit-check';
import { Logger } from 'nestjs-pino';
import { bodyDepthLimit } from './body/body-depth';
import { parseAuthenticatedBodies } from './body/body-parsers';
import { tagAndRevalidate } from './conditional/tag-and-revalidate';
import type { GatewayHttpConfig } from './gateway-http-config';
import type { GatewayHook } from './gateway-request';
import { GATEWAY_HTTP_CONFIG, REQUEST_LOGGER, RATE_LIMIT_STORAGE } from './gateway-http.tokens';
import { ApiKeyDirectory } from './auth/api-key-directory';
import { preAuthentication } from './auth/pre-authentication';
import { observeRequests, serveMetrics } from './observability/request-observer';
import { assignRequestId } from './request-id/request-id';
import { serveNamedWildcards } from './routing/named-wildcards';
import { serveApiVersion } from './versioning/api-version';

/**
 * What has to be applied on the app (made with createGatewayAdapter) rather than in a module.
 * onRequest hooks, in order: GET /metrics and the request's span and timing, request id and
 * request log (so a refused body is answered with an id and logged), the API version the request
 * pins (refused 400 when unknown; every answer names the one that served it), then the API key and the
 * limit on requests without one. Then the body parsers with their limit (for authenticated
 * requests only), the nesting limit (preValidation), and the ETag and 304 of every answer
 * (onSend). Call before init/listen.
 */
export function configureGatewayApp(
  app: NestFastifyApplication,
  config: GatewayHttpConfig = app.get<GatewayHttpConfig>(GATEWAY_HTTP_CONFIG),
): NestFastifyApplication {
  const instance = app.getHttpAdapter().getInstance();
  const onRequest = (hook: GatewayHook) => instance.addHook('onRequest', hook as never);
  serveNamedWildcards(instance);
  onRequest(serveMetrics);
  onRequest(observeRequests);
  onRequest(assignRequestId);
  onRequest(app.get<GatewayHook>(REQUEST_LOGGER));
  onRequest(serveApiVersion);
  onRequest(
    preAuthentication(
      app.get(ApiKeyDirectory),
      app.get<CheckableThrottlerStorage>(RATE_LIMIT_STORAGE),
      config.unauthenticatedRateLimitPerMinute,
      config.adminApiKey,
    ),
  );
  parseAuthenticatedBodies(instance, config.bodyLimit);
  instance.addHook('preValidation', bodyDepthLimit(config.maxBodyDepth) as never);
  instance.addHook('onSend', tagAndRevalidate);
  app.useLogger(app.get(Logger));
  return app;
}
