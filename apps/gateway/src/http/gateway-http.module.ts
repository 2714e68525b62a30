import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { ApiKeyDirectory, sandboxApiKeyDirectory } from './auth/api-key-directory';
import { ApiKeyGuard } from './auth/api-key.guard';
import { EnvelopeInterceptor } from './envelope/envelope.interceptor';
import { GatewayExceptionFilter } from './errors/gateway-exception.filter';
import type { GatewayHttpConfig } from './gateway-http-config';
import { GatewayHttpConfigModule } from './gateway-http-config.module';
import { GATEWAY_HTTP_CONFIG, ROOT_LOGGER } from './gateway-http.tokens';
import { IdempotencyStore } from './idempotency/idempotency-store';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { GatewayThrottlerGuard } from './rate-limit/gateway-throttler.guard';
import { HitLogThrottlerStorage } from './rate-limit/hit-log-throttler-storage';

/**
 * The HTTP conventions every gateway endpoint shares. Needs SQL_CLIENT from a global module, and
 * configureGatewayApp(app) on the application. The configuration is read from the environment;
 * tests override the GATEWAY_HTTP_CONFIG (and LOG_DESTINATION) providers.
 */
@Module({
  imports: [
    GatewayHttpConfigModule,
    // The request logger runs as app-level middleware (configureGatewayApp), ahead of body parsing.
    LoggerModule.forRootAsync({
      imports: [GatewayHttpConfigModule],
      inject: [ROOT_LOGGER],
      useFactory: (logger: Logger) => ({ pinoHttp: { logger }, useExisting: true }),
    }),
    ThrottlerModule.forRootAsync({
      imports: [GatewayHttpConfigModule],
      inject: [GATEWAY_HTTP_CONFIG],
      useFactory: ({ rateLimitPerMinute }: GatewayHttpConfig) => ({
        throttlers: [{ ttl: 60_000, limit: Math.max(rateLimitPerMinute, 1) }],
        skipIf: () => rateLimitPerMinute === 0,
        storage: new HitLogThrottlerStorage(),
      }),
    }),
  ],
  providers: [
    { provide: ApiKeyDirectory, useFactory: sandboxApiKeyDirectory },
    IdempotencyStore,
    // Global guards and interceptors run in this order: authenticate before limiting per key;
    // idempotency outside the envelope, so it stores and replays enveloped bodies.
    { provide: APP_GUARD, useClass: ApiKeyGuard },
    { provide: APP_GUARD, useClass: GatewayThrottlerGuard },
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_FILTER, useClass: GatewayExceptionFilter },
  ],
  exports: [GatewayHttpConfigModule, ApiKeyDirectory],
})
export class GatewayHttpModule {}
