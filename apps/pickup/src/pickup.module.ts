import { Module } from '@nestjs/common';

/** Pickup orders and pickup rates (pickup-<id> streams). Its handlers arrive with its own issue; the module is wired into both runtimes already. */
@Module({})
export class PickupModule {}
