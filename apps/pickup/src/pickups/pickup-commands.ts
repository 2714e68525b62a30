import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AppError,
  type AppMessage,
  mergeFieldErrors,
  PICKUP_NOT_SAVED_MESSAGE,
  PickupOrderRequest,
  validateRequest,
  ValidationFailed,
  asJsonObject,
  withSavedSender,
} from '@shipping/contracts';
import type { EventStore } from '@shipping/event-store';
import {
  type PickupCommand,
  pickupDecider,
  pickupOrderView,
  type PickupOrderView,
  pickupStreamName,
  toPickupOrder,
} from '@shipping/pickup-domain';
import {
  AccountDirectoryClient,
  CLOCK,
  type Clock,
  EVENT_STORE,
  eventMetadata,
  handleCommand,
} from '@shipping/platform';
import { findPickupService } from '@shipping/reference-data';
import { PickupIds } from './pickup-ids';
import { resolveSender } from './sender';

export { PICKUP_NOT_SAVED_MESSAGE };

export const readableService = (code: string) => findPickupService(code)?.name ?? code;

export interface SavedPickup {
  created: boolean;
  pickup: PickupOrderView;
}

/** Creates and updates pickup orders (`pickup-<id>` streams). */
@Injectable()
export class PickupCommands {
  private readonly logger = new Logger(PickupCommands.name);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly directory: AccountDirectoryClient,
    private readonly ids: PickupIds,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async save({ context, payload }: AppMessage<unknown>): Promise<SavedPickup> {
    const body = asJsonObject(payload);
    const sender = await resolveSender(this.directory, context, body);
    const validated = validateRequest(PickupOrderRequest, withSavedSender(body, sender.saved));
    const errors = mergeFieldErrors(
      sender.unknownId ? { from_address_id: ['The selected from_address_id is invalid.'] } : {},
      validated.ok ? {} : validated.errors,
    );
    if (!validated.ok || Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    const request = validated.value;
    const pickup = toPickupOrder(
      request,
      request.from_address as NonNullable<typeof request.from_address>,
      sender.saved?.id ?? null,
    );
    const existingId = request.id ?? undefined;
    const id = existingId ?? (await this.ids.next());
    const now = this.clock.now().toISOString();
    const command: PickupCommand =
      existingId === undefined
        ? { type: 'SchedulePickup', pickupId: id, accountId: context.accountId, pickup, now }
        : { type: 'RevisePickup', pickupId: id, accountId: context.accountId, pickup, now };
    try {
      await handleCommand({
        store: this.store,
        streamName: pickupStreamName(id),
        command,
        decider: pickupDecider,
        metadata: eventMetadata(context),
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The append is one transaction: when it fails nothing of the pickup was stored.
      this.logger.error({ err: error, pickupId: id }, 'pickup order could not be saved');
      throw new AppError('unavailable', PICKUP_NOT_SAVED_MESSAGE);
    }
    return { created: existingId === undefined, pickup: pickupOrderView(id, pickup, readableService) };
  }
}
