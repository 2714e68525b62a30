import { Inject, Injectable } from '@nestjs/common';
import {
  type AppMessage,
  PickupRatesRequest,
  type Tenant,
  tenantOf,
  VALID_FROM_ADDRESS_MESSAGE,
  validateRequest,
  ValidationFailed,
  asJsonObject,
  withSavedSender,
} from '@shipping/contracts';
import type { EventStore } from '@shipping/event-store';
import {
  isPickupEvent,
  pickupDecider,
  pickupRateView,
  pickupStreamName,
  quotePickup,
  UNKNOWN_PICKUP_MESSAGE,
} from '@shipping/pickup-domain';
import { AccountDirectoryClient } from '@shipping/platform/account-directory';
import { EVENT_STORE } from '@shipping/platform/storage';
import { findPickupRateCard } from '@shipping/reference-data';
import { resolveSender } from '../pickups/sender';

export type PickupRate = ReturnType<typeof pickupRateView>;

/** The price of a pickup from the carrier's rate card; money in integer cents throughout. */
@Injectable()
export class PickupQuotes {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly directory: AccountDirectoryClient,
  ) {}

  async quote({ context, payload }: AppMessage<unknown>): Promise<PickupRate> {
    const body = asJsonObject(payload);
    const sender = await resolveSender(this.directory, context, body);
    if (sender.unknownId) throw ValidationFailed.field('from_address_id', VALID_FROM_ADDRESS_MESSAGE);
    const validated = validateRequest(PickupRatesRequest, withSavedSender(body, sender.saved));
    if (!validated.ok) throw new ValidationFailed(validated.errors);
    const request = validated.value;
    if (request.id !== undefined && request.id !== null)
      await this.assertOwnPickup(tenantOf(context), request.id);
    const card = findPickupRateCard(request.carrier);
    if (!card) throw ValidationFailed.field('carrier', 'The selected carrier is invalid.');
    const residential = request.from_address?.is_residential ?? sender.saved?.is_residential ?? false;
    return pickupRateView(request.id ?? null, quotePickup(request.pieces, residential, card));
  }

  /** Another tenant's pickup (account or key mode) is as unknown as a missing one. */
  private async assertOwnPickup(tenant: Tenant, id: number): Promise<void> {
    const state = (await this.store.readStream(pickupStreamName(id))).reduce(
      (current, event) => (isPickupEvent(event) ? pickupDecider.evolve(current, event) : current),
      pickupDecider.initialState,
    );
    if (state.status !== 'ready' || state.accountId !== tenant.accountId || state.mode !== tenant.mode)
      throw ValidationFailed.field('id', UNKNOWN_PICKUP_MESSAGE);
  }
}
