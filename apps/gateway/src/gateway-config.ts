import { type AppEnvironment, DistributedConfig, readLabelUrlConfig } from '@shipping/platform';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { readSandboxApiKeysSwitch } from './http/auth/sandbox-api-keys';
import { readGatewayHttpConfig } from './http/gateway-http-config';
import { readInstantShipEnabled } from './orders/instant-ship-switch';

export class GatewayConfig extends DistributedConfig {
  @Type(() => Number)
  @IsInt({ message: 'PORT must be an integer' })
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '127.0.0.1';
}

export const GATEWAY_ENVIRONMENT = {
  config: GatewayConfig,
  readers: [readGatewayHttpConfig, readSandboxApiKeysSwitch, readInstantShipEnabled, readLabelUrlConfig],
} satisfies AppEnvironment;
