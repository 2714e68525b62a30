import { Module } from '@nestjs/common';
import type { DestinationStream, Logger } from 'pino';
import { type GatewayHttpConfig, readGatewayHttpConfig } from './gateway-http-config';
import { GATEWAY_HTTP_CONFIG, LOG_DESTINATION, REQUEST_LOGGER, ROOT_LOGGER } from './gateway-http.tokens';
import { createRequestLogger, createRootLogger } from './logging/request-logger';

/** Configuration and loggers, in a module of their own so the throttler and logger modules can use them. */
@Module({
  providers: [
    { provide: GATEWAY_HTTP_CONFIG, useFactory: () => readGatewayHttpConfig(process.env) },
    { provide: LOG_DESTINATION, useValue: null },
    {
      provide: ROOT_LOGGER,
      inject: [GATEWAY_HTTP_CONFIG, LOG_DESTINATION],
      useFactory: (config: GatewayHttpConfig, destination: DestinationStream | null) =>
        createRootLogger(config.logLevel, destination ?? undefined),
    },
    {
      provide: REQUEST_LOGGER,
      inject: [ROOT_LOGGER],
      useFactory: (root: Logger) => createRequestLogger(root),
    },
  ],
  exports: [GATEWAY_HTTP_CONFIG, ROOT_LOGGER, REQUEST_LOGGER],
})
export class GatewayHttpConfigModule {}
