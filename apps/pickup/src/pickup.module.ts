import { Module } from '@nestjs/common';
import { AccountDirectoryClient, idempotentRequestsRetention, retentionJob } from '@shipping/platform';
import { PickupCommands } from './pickups/pickup-commands';
import { PickupIds } from './pickups/pickup-ids';
import { PickupsController } from './pickups/pickups.controller';
import { PickupQuotes } from './rates/pickup-quotes';
import { PickupOrdersReadModel } from './read-model/pickup-orders.read-model';

/** Pickup orders (`pickup-<id>` streams), their read model and pickup rates. */
@Module({
  controllers: [PickupsController],
  providers: [
    AccountDirectoryClient,
    PickupIds,
    PickupCommands,
    PickupQuotes,
    PickupOrdersReadModel,
    retentionJob([], () => [idempotentRequestsRetention()]),
  ],
})
export class PickupModule {}
