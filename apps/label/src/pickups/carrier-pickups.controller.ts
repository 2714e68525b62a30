import { Controller } from '@nestjs/common';
import {
  type AppMessage,
  type CarrierPickupCancelReply,
  type CarrierPickupScheduleReply,
  LabelPatterns,
} from '@shipping/contracts';
import { CommandPattern } from '@shipping/platform/idempotency';
import { CarrierPickups } from './carrier-pickups';

/** The pickup app's live pickups, scheduled with and cancelled at the shipper's carrier. */
@Controller()
export class CarrierPickupsController {
  constructor(private readonly pickups: CarrierPickups) {}

  @CommandPattern(LabelPatterns.schedulePickup)
  schedule({ payload }: AppMessage<unknown>): Promise<CarrierPickupScheduleReply> {
    return this.pickups.schedule(payload);
  }

  @CommandPattern(LabelPatterns.cancelPickup)
  cancel({ payload }: AppMessage<unknown>): Promise<CarrierPickupCancelReply> {
    return this.pickups.cancel(payload);
  }
}
