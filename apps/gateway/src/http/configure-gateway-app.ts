import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { json, type RequestHandler, urlencoded } from 'express';
import { Logger } from 'nestjs-pino';
import { bodyDepthLimit } from './body/body-depth';
import { bodyParserErrors } from './body/body-parser-errors';
import { answerClientErrorsInEnvelope } from './client-errors';
import type { GatewayHttpConfig } from './gateway-http-config';
import { GATEWAY_HTTP_CONFIG, REQUEST_LOGGER, RATE_LIMIT_STORAGE } from './gateway-http.tokens';
import { ApiKeyDirectory } from './auth/api-key-directory';
import { preAuthentication, whenAuthenticated } from './auth/pre-authentication';
import { observeRequests, serveMetrics } from './observability/request-observer';
import { assignRequestId } from './request-id/request-id';

/**
 * What has to be applied on the app rather than in a module, in order: `trust proxy`, GET /metrics
 * and the request's span and timing, request id
 * and request log first (so a refused body is answered with an id and logged), then the API key
 * and the limit on requests without one, then the body parsers with their limit (for authenticated
 * requests only), the translation of their errors, and the nesting limit. Call before init/listen.
 */
export function configureGatewayApp(
  app: NestExpressApplication,
  config: GatewayHttpConfig = app.get<GatewayHttpConfig>(GATEWAY_HTTP_CONFIG),
): NestExpressApplication {
  app.disable('x-powered-by');
  answerClientErrorsInEnvelope(app.getHttpServer());
  app.set('trust proxy', config.trustProxy);
  app.use(serveMetrics);
  app.use(observeRequests);
  app.use(assignRequestId);
  app.use(app.get<RequestHandler>(REQUEST_LOGGER));
  app.use(
    preAuthentication(
      app.get(ApiKeyDirectory),
      app.get<ThrottlerStorage>(RATE_LIMIT_STORAGE),
      config.unauthenticatedRateLimitPerMinute,
      config.adminApiKey,
    ),
  );
  app.use(whenAuthenticated(json({ limit: config.bodyLimit })));
  app.use(whenAuthenticated(urlencoded({ limit: config.bodyLimit, extended: false })));
  app.use(bodyParserErrors(config.bodyLimit));
  app.use(bodyDepthLimit(config.maxBodyDepth));
  app.useLogger(app.get(Logger));
  return app;
}
