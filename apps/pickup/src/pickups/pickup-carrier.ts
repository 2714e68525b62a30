import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import {
  type CarrierPickupCancelReply,
  type CarrierPickupCancelRequest,
  type CarrierPickupScheduleReply,
  type CarrierPickupScheduleRequest,
  LabelPatterns,
  type RequestContext,
} from '@shipping/contracts';
import { MESSAGE_CLIENT, sendRequest } from '@shipping/messaging';
import { type PickupOrder, type PickupShipper, pickupStreamName } from '@shipping/pickup-domain';
import { CARRIER_PICKUP_TIMEOUT, DEFAULT_CARRIER_PICKUP_TIMEOUT_MS } from './carrier-pickup-timeout';

export interface CarrierPickupOf {
  pickupId: number;
  accountId: string;
  carrier: string;
  shipper: PickupShipper;
}

const oneDayMs = 24 * 60 * 60 * 1000;

/**
 * The label app's carrier, asked for a live pickup's shipper: the label app holds the carrier
 * adapters and the shippers' credentials, and schedules a pickup with the carrier once per pickup
 * order (`pickup-<id>`) however often it is asked. Each request waits CARRIER_PICKUP_TIMEOUT_MS for it.
 */
@Injectable()
export class PickupCarrier {
  constructor(
    @Inject(MESSAGE_CLIENT) private readonly client: ClientProxy,
    @Inject(CARRIER_PICKUP_TIMEOUT) private readonly timeoutMs: number = DEFAULT_CARRIER_PICKUP_TIMEOUT_MS,
  ) {}

  schedule(
    of: CarrierPickupOf,
    pickup: PickupOrder,
    context: RequestContext,
    now: Date,
  ): Promise<CarrierPickupScheduleReply> {
    const pieces = pickup.pieces.map((piece) => ({ service: piece.service, count: piece.quantity }));
    const weight = pickup.pieces.reduce((sum, piece) => sum + piece.quantity * piece.weight_hundredths, 0);
    const { id: _id, is_residential, ...address } = pickup.from_address;
    const payload: CarrierPickupScheduleRequest = {
      ...this.keyOf(of),
      pickup: {
        // A carrier that needs no date (USPS) picks up on the next day; it refuses a day it does not serve.
        date: pickup.pickup_date ?? new Date(now.getTime() + oneDayMs).toISOString().slice(0, 10),
        address,
        pieces,
        estimated_weight_lbs: Math.max(1, Math.ceil(weight / 100)),
        is_residential,
      },
    };
    return sendRequest(
      this.client,
      LabelPatterns.schedulePickup,
      { context, payload },
      { timeoutMs: this.timeoutMs },
    );
  }

  cancel(
    of: CarrierPickupOf,
    confirmationNumber: string,
    context: RequestContext,
  ): Promise<CarrierPickupCancelReply> {
    const payload: CarrierPickupCancelRequest = {
      ...this.keyOf(of),
      confirmation_number: confirmationNumber,
    };
    return sendRequest(
      this.client,
      LabelPatterns.cancelPickup,
      { context, payload },
      { timeoutMs: this.timeoutMs },
    );
  }

  private keyOf({ pickupId, accountId, carrier, shipper }: CarrierPickupOf) {
    return {
      pickup_key: pickupStreamName(pickupId),
      shipper: {
        carrier,
        integration: shipper.integration,
        account_id: accountId,
        shipper_id: shipper.shipper_id,
      },
      mode: 'live' as const,
    };
  }
}
