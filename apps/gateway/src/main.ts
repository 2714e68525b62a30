import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { listenOnConfiguredPort, runDistributedApp } from '@shipping/platform';
import { GATEWAY_ENVIRONMENT } from './gateway-config';
import { GatewayModule } from './gateway.module';
import { configureGatewayApp, readGatewayHttpConfig } from './http';
import { OpenApiDocument } from './openapi/openapi-document';

const httpConfig = readGatewayHttpConfig();

runDistributedApp({
  name: 'gateway',
  module: GatewayModule,
  ...GATEWAY_ENVIRONMENT,
  bodyParser: false,
  configure: (app) => {
    configureGatewayApp(app as NestExpressApplication, httpConfig);
    OpenApiDocument.describe(app);
  },
  listen: listenOnConfiguredPort,
});
