import { Module } from '@nestjs/common';
import { AccountDirectoryClient } from '@shipping/platform/account-directory';
import { idempotentRequestsRetention } from '@shipping/platform/idempotency';
import { retentionJob } from '@shipping/platform/retention';
import { CARRIER_PICKUP_TIMEOUT, readCarrierPickupTimeoutMs } from './pickups/carrier-pickup-timeout';
import { PickupCarrier } from './pickups/pickup-carrier';
import { PickupCarrierRecovery } from './pickups/pickup-carrier-recovery';
import { PickupCommands } from './pickups/pickup-commands';
import { PICKUP_RECOVERY_TIMINGS, readPickupRecoveryTimings } from './pickups/pickup-recovery-timings';
import { PickupIds } from './pickups/pickup-ids';
import { PickupRequestKeys, pickupRequestKeysRetention } from './pickups/pickup-request-keys';
import { PickupsController } from './pickups/pickups.controller';
import { PickupQuotes } from './rates/pickup-quotes';
import { PickupOrdersReadModel } from './read-model/pickup-orders.read-model';

/**
 * Pickup orders (`pickup-<id>` streams), their read model and pickup rates; a live key's pickup is
 * scheduled with its carrier through the label app.
 */
@Module({
  controllers: [PickupsController],
  providers: [
    AccountDirectoryClient,
    PickupIds,
    PickupRequestKeys,
    { provide: CARRIER_PICKUP_TIMEOUT, useFactory: () => readCarrierPickupTimeoutMs(process.env) },
    PickupCarrier,
    PickupCommands,
    { provide: PICKUP_RECOVERY_TIMINGS, useFactory: () => readPickupRecoveryTimings(process.env) },
    PickupCarrierRecovery,
    PickupQuotes,
    PickupOrdersReadModel,
    retentionJob([], () => [idempotentRequestsRetention(), pickupRequestKeysRetention()]),
  ],
})
export class PickupModule {}
