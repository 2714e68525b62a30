import { readAuditConfig } from '@shipping/platform/audit';
import { type AppEnvironment } from '@shipping/platform/config';
import { DistributedConfig } from '@shipping/platform/distributed';
import { readClaimLeaseMs } from '@shipping/platform/idempotency';
import { readIdempotencyTtlMs } from '@shipping/platform/retention';
import { readMessageSecrets } from '@shipping/platform/secrets';
import { readUspsApiUrl } from './carrier/usps/usps-api-url';
import { readCarrierCredentialKeys } from './credentials/credential-keys';
import { readCarrierGuardConfig } from './carrier/guard/carrier-guard-config';
import { readCarrierLimitsRedisUrl } from './carrier/guard/open-carrier-limits';
import { readLabelConfig } from './label-config';

export const LABEL_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [
    readLabelConfig,
    readCarrierCredentialKeys,
    readMessageSecrets,
    readUspsApiUrl,
    readIdempotencyTtlMs,
    readClaimLeaseMs,
    readCarrierGuardConfig,
    readCarrierLimitsRedisUrl,
    readAuditConfig,
  ],
} satisfies AppEnvironment;
