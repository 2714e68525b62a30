import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ThrottlerModule, type ThrottlerStorage } from '@nestjs/throttler';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { retentionJob } from '@shipping/platform/retention';
import { SQL_CLIENT } from '@shipping/platform/storage';
import type { SqlClient } from '@shipping/event-store';
import { ApiKeyDirectory, KEY_CACHE_MAX_AGE_MS, StoredApiKeyDirectory } from './auth/api-key-directory';
import { ApiKeyProjection } from './auth/api-key-projection';
import { ApiKeys } from './auth/api-keys';
import { readSandboxApiKeysSwitch } from './auth/sandbox-api-keys';
import { ApiKeyGuard } from './auth/api-key.guard';
import { EnvelopeInterceptor } from './envelope/envelope.interceptor';
import { GatewayExceptionFilter } from './errors/gateway-exception.filter';
import type { GatewayHttpConfig } from './gateway-http-config';
import { GatewayHttpConfigModule } from './gateway-http-config.module';
import { GatewayResponseInterceptor } from './gateway-response.interceptor';
import { GATEWAY_HTTP_CONFIG, RATE_LIMIT_STORAGE, ROOT_LOGGER } from './gateway-http.tokens';
import { gatewayIdempotencyRetention, IdempotencyStore } from './idempotency/idempotency-store';
import { messageSecretsProvider } from '@shipping/platform/secrets';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { GatewayThrottlerGuard } from './rate-limit/gateway-throttler.guard';
import { RateLimitStorageModule } from './rate-limit/rate-limit-storage.module';

/**
 * The HTTP conventions every gateway endpoint shares. Needs SQL_CLIENT and EVENT_STORE (API keys
 * are event-sourced) from a global module, and
 * configureGatewayApp(app) on the application. The configuration is read from the environment;
 * tests override the GATEWAY_HTTP_CONFIG (and LOG_DESTINATION) providers.
 */
@Module({
  imports: [
    GatewayHttpConfigModule,
    // Nest's own logger writes through the root pino logger. The request logger runs as app-level
    // middleware (configureGatewayApp), ahead of body parsing, so nestjs-pino mounts none
    // (`forRoutes: []`): its middleware would run each request in an AsyncLocalStorage, and on
    // Node 20 a live AsyncLocalStorage turns on promise hooks that slow every promise in the process.
    LoggerModule.forRootAsync({
      imports: [GatewayHttpConfigModule],
      inject: [ROOT_LOGGER],
      useFactory: (logger: Logger) => ({ pinoHttp: { logger }, useExisting: true, forRoutes: [] }),
    }),
    RateLimitStorageModule,
    ThrottlerModule.forRootAsync({
      imports: [GatewayHttpConfigModule, RateLimitStorageModule],
      inject: [GATEWAY_HTTP_CONFIG, RATE_LIMIT_STORAGE],
      useFactory: ({ rateLimitPerMinute }: GatewayHttpConfig, storage: ThrottlerStorage) => ({
        throttlers: [{ ttl: 60_000, limit: Math.max(rateLimitPerMinute, 1) }],
        skipIf: () => rateLimitPerMinute === 0,
        storage,
      }),
    }),
  ],
  providers: [
    {
      provide: ApiKeyDirectory,
      inject: [SQL_CLIENT],
      useFactory: (sql: SqlClient) =>
        new StoredApiKeyDirectory(sql, {
          sandboxKeys: readSandboxApiKeysSwitch(),
          maxAgeMs: KEY_CACHE_MAX_AGE_MS,
        }),
    },
    ApiKeys,
    ApiKeyProjection,
    IdempotencyStore,
    retentionJob([], () => [gatewayIdempotencyRetention()]),
    // The idempotency fingerprints are keyed under MESSAGE_SECRET_KEYS.
    messageSecretsProvider,
    IdempotencyInterceptor,
    EnvelopeInterceptor,
    // Global guards run in this order: authenticate before limiting per key.
    { provide: APP_GUARD, useClass: ApiKeyGuard },
    { provide: APP_GUARD, useClass: GatewayThrottlerGuard },
    { provide: APP_INTERCEPTOR, useClass: GatewayResponseInterceptor },
    { provide: APP_FILTER, useClass: GatewayExceptionFilter },
  ],
  exports: [GatewayHttpConfigModule, RateLimitStorageModule, ApiKeyDirectory, ApiKeys],
})
export class GatewayHttpModule {}
