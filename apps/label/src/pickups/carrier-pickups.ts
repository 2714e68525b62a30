import { Injectable, Logger } from '@nestjs/common';
import {
  type CarrierPickupCancelReply,
  type CarrierPickupScheduleReply,
  type CarrierPickupScheduleRequest,
  Unavailable,
} from '@shipping/contracts';
import type { CarrierChoice } from '../carrier/carrier-choice';
import { CarrierRegistry } from '../carrier/carrier-registry';
import { surelyUnprocessed } from '../carrier/guard/carrier-fault';
import { assertCancelRequest, assertScheduleRequest } from './carrier-pickup-requests';
import { type CarrierPickupRow, CarrierPickupStore } from './carrier-pickup-store';
import { pickupOutcomeUnknownReason } from './pickup-outcome-unknown';

/**
 * How long a pickup being asked by another request is waited out before it is taken for lost:
 * longer than a guarded call lasts (its timeout, the account's queue and circuit).
 */
export const PICKUP_ASKED_STALE_MS = 5 * 60_000;

const choiceOf = ({
  shipper,
  mode,
}: Pick<CarrierPickupScheduleRequest, 'shipper' | 'mode'>): CarrierChoice => ({
  carrier: shipper.carrier,
  integration: shipper.integration,
  mode,
  shipper: { account_id: shipper.account_id, shipper_id: shipper.shipper_id },
});

function replyOf(row: CarrierPickupRow): CarrierPickupScheduleReply | undefined {
  switch (row.outcome) {
    case 'confirmed':
    case 'cancelled':
    case 'unscheduled':
      return { ok: true, confirmation_number: row.confirmation_number };
    case 'refused':
      return { ok: false, reason: row.reason ?? '' };
    case 'unknown':
      return { ok: false, reason: row.reason ?? '', outcome_unknown: true };
    default:
      return undefined;
  }
}

/**
 * Schedules pickup orders with the shipper's carrier, once per pickup order. Carriers take no
 * idempotency key for a pickup (USPS Carrier Pickup 3.0 has none), so the row is written before
 * the carrier is asked: a repeat (a redelivery, a retry, another instance) answers the row, and a
 * call whose answer was lost is never asked again (decision 0106).
 */
@Injectable()
export class CarrierPickups {
  private readonly logger = new Logger(CarrierPickups.name);

  constructor(
    private readonly carriers: CarrierRegistry,
    private readonly store: CarrierPickupStore,
  ) {}

  async schedule(request: unknown): Promise<CarrierPickupScheduleReply> {
    assertScheduleRequest(request);
    const adapter = this.carriers.pickupAdapterFor(choiceOf(request));
    if (!adapter) return { ok: true, confirmation_number: null };
    if (!(await this.store.claim(request))) return this.answerOfEarlier(request);
    const { pickup, pickup_key } = request;
    try {
      const answer = await adapter.schedulePickup({
        date: pickup.date,
        address: pickup.address,
        pieces: pickup.pieces,
        estimated_weight_lbs: pickup.estimated_weight_lbs,
        residential: pickup.is_residential,
      });
      const row = answer.ok
        ? await this.store.settle(pickup_key, answer.confirmation_number ? 'confirmed' : 'unscheduled', {
            confirmation_number: answer.confirmation_number,
          })
        : await this.store.settle(pickup_key, 'refused', { reason: answer.reason });
      return replyOf(row) as CarrierPickupScheduleReply;
    } catch (error) {
      if (surelyUnprocessed(error)) {
        await this.store.forget(pickup_key);
        throw new Unavailable(
          `The carrier could not be reached for pickup ${pickup_key}: ${messageOf(error)}`,
        );
      }
      this.logger.warn({ pickupKey: pickup_key, err: messageOf(error) }, 'carrier pickup answer lost');
      return this.settleUnknown(request, error);
    }
  }

  async cancel(request: unknown): Promise<CarrierPickupCancelReply> {
    assertCancelRequest(request);
    const row = await this.store.find(request.pickup_key);
    if (row?.outcome === 'cancelled') return { ok: true };
    if (row?.outcome !== 'confirmed' || row.confirmation_number !== request.confirmation_number)
      return { ok: false, reason: 'No pickup with this confirmation number was scheduled with the carrier.' };
    const adapter = this.carriers.pickupAdapterFor(choiceOf(request));
    if (!adapter)
      return {
        ok: false,
        reason: `${request.shipper.carrier.toUpperCase()} pickups cannot be cancelled here.`,
      };
    let answer: CarrierPickupCancelReply;
    try {
      answer = await adapter.cancelPickup(request.confirmation_number);
    } catch (error) {
      throw new Unavailable(
        `The carrier could not cancel pickup ${request.pickup_key} now: ${messageOf(error)}`,
      );
    }
    if (answer.ok) await this.store.cancelled(request.pickup_key);
    return answer.ok ? { ok: true } : { ok: false, reason: answer.reason };
  }

  /** Another request wrote the row: its outcome, or a wait while it asks, or lost once stale. */
  private async answerOfEarlier(request: CarrierPickupScheduleRequest): Promise<CarrierPickupScheduleReply> {
    const row = await this.store.find(request.pickup_key);
    if (!row) throw new Unavailable(`Pickup ${request.pickup_key} is being scheduled; try again.`);
    const reply = replyOf(row);
    if (reply) return reply;
    if (row.asked_ms_ago < PICKUP_ASKED_STALE_MS)
      throw new Unavailable(`Pickup ${request.pickup_key} is being scheduled with the carrier; try again.`);
    return this.settleUnknown(request, new Error('the label app stopped while the carrier was asked'));
  }

  private async settleUnknown(
    request: CarrierPickupScheduleRequest,
    cause: unknown,
  ): Promise<CarrierPickupScheduleReply> {
    const reason = pickupOutcomeUnknownReason(request, messageOf(cause));
    const row = await this.store.settle(request.pickup_key, 'unknown', { reason });
    return replyOf(row) as CarrierPickupScheduleReply;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
