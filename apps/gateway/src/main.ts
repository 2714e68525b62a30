import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DistributedConfig, runDistributedApp } from '@shipping/platform';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { GatewayModule } from './gateway.module';
import { configureGatewayApp, readGatewayHttpConfig } from './http';

class GatewayConfig extends DistributedConfig {
  @Type(() => Number)
  @IsInt({ message: 'PORT must be an integer' })
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '127.0.0.1';
}

const httpConfig = readGatewayHttpConfig();

runDistributedApp({
  name: 'gateway',
  module: GatewayModule,
  config: GatewayConfig,
  bodyParser: false,
  configure: (app) => configureGatewayApp(app as NestExpressApplication, httpConfig),
  listen: async (app, config) => {
    await app.listen(config.PORT, config.HOST);
    process.stdout.write(`${JSON.stringify({ level: 30, msg: 'listening', url: await app.getUrl() })}\n`);
  },
});
