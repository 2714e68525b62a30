import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { listenOnConfiguredPort } from '@shipping/platform/config';
import { runDistributedApp } from '@shipping/platform/distributed';
import { GATEWAY_ENVIRONMENT } from './gateway-config';
import { GatewayModule } from './gateway.module';
import { configureGatewayApp, createGatewayAdapter, readGatewayHttpConfig } from './http';
import { OpenApiDocument } from './openapi/openapi-document';

const httpConfig = readGatewayHttpConfig();

runDistributedApp({
  name: 'gateway',
  module: GatewayModule,
  ...GATEWAY_ENVIRONMENT,
  httpAdapter: () => createGatewayAdapter(httpConfig),
  bodyParser: false,
  configure: (app) => {
    configureGatewayApp(app as NestFastifyApplication, httpConfig);
    OpenApiDocument.describe(app);
  },
  listen: listenOnConfiguredPort,
});
