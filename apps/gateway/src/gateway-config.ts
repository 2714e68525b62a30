import { readAuditConfig } from '@shipping/platform/audit';
import {
  type AppEnvironment,
  DEFAULT_HTTP_PORT,
  HostVariable,
  type HttpListenerConfig,
  LOOPBACK_HOST,
  PortVariable,
} from '@shipping/platform/config';
import { DistributedConfig } from '@shipping/platform/distributed';
import { readClaimLeaseMs } from '@shipping/platform/idempotency';
import { readLabelUrlConfig } from '@shipping/platform/label-urls';
import { readMessageSecrets } from '@shipping/platform/secrets';
import { readSandboxApiKeysSwitch } from './http/auth/sandbox-api-keys';
import { readGatewayHttpConfig } from './http/gateway-http-config';
import { readInstantShipEnabled } from './orders/instant-ship-switch';

export class GatewayConfig extends DistributedConfig implements HttpListenerConfig {
  @PortVariable()
  PORT = DEFAULT_HTTP_PORT;

  @HostVariable()
  HOST = LOOPBACK_HOST;
}

export const GATEWAY_ENVIRONMENT = {
  config: GatewayConfig,
  readers: [
    readGatewayHttpConfig,
    readSandboxApiKeysSwitch,
    readInstantShipEnabled,
    readLabelUrlConfig,
    readMessageSecrets,
    readAuditConfig,
    readClaimLeaseMs,
  ],
} satisfies AppEnvironment;
