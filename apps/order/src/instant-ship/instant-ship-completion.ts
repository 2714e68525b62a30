import { Inject, Injectable, Optional } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import {
  AppError,
  type InstantShipment,
  type LabelFileContent,
  LabelPatterns,
  type LabelPurchaseReply,
  type LabelShipment,
  LedgerPatterns,
  type RequestContext,
  tenantOf,
  Unavailable,
} from '@shipping/contracts';
import type { EventStore } from '@shipping/event-store';
import { MESSAGE_CLIENT, sendRequest } from '@shipping/messaging';
import {
  type InstantShipCommand,
  instantShipDecider,
  type InstantShipEvent,
  type InstantShipState,
  shipmentStreamName,
} from '@shipping/order-domain';
import { CLOCK, type Clock } from '@shipping/platform/clock';
import { eventMetadata, handleCommand } from '@shipping/platform/commands';
import { STILL_RUNNING_MESSAGE } from '@shipping/platform/idempotency';
import { HeldLease, type Lease, LeaseLost } from '@shipping/platform/leases';
import { EVENT_STORE } from '@shipping/platform/storage';
import { randomUUID } from 'node:crypto';
import { DEFAULT_INSTANT_SHIP_LABEL_TIMEOUT_MS, LABEL_TIMEOUT } from './instant-ship-timing';
import { PendingShipments } from './pending-shipments';

/**
 * The context of the ledger's charge and refund of a shipment: the ledger of the mode the shipment
 * was asked in (decision 101), whoever finishes it (the recovery's context names no key mode).
 */
const inModeOf = (request: Requested, context: RequestContext): RequestContext => ({
  ...context,
  keyMode: request.key_mode,
});

/** The label app's key for the shipment's one label; it also names the label file. */
export const shipmentLabelItemId = (shipmentOrderId: number) => `shipment-${shipmentOrderId}`;

export const carrierRefusedMessage = (reason: string) => `The parcel could not be shipped: ${reason}`;

type Requested = Extract<InstantShipState, { status: 'requested' }>['request'];
export type RequestInstantShip = Extract<InstantShipCommand, { type: 'RequestInstantShip' }>;

/** A retry waits this long for another finisher of its shipment; the gateway waits 10 s in all. */
const WAIT_FOR_OTHER_FINISHER_MS = 8_000;
const POLL_MS = 200;

export interface CompletionOptions {
  /** The validated request, recorded first when the shipment's stream is still empty. */
  request?: RequestInstantShip;
  /** How long to wait while another finisher holds the shipment (0: answer at once). */
  waitMs?: number;
}

/**
 * Takes a requested instant ship to its end: charge, buy the label, record the outcome, then
 * answers that outcome. Every step is idempotent by the shipment order id (the ledger's charge and
 * refund, the label app's purchase, the stream's outcome), and one finisher at a time holds the
 * shipment (PendingShipments' lease), so the request, a retry with its Idempotency-Key and the
 * recovery may all call it: the first to claim finishes, the others wait for its outcome or take
 * over once it fails, dies or stalls past its lease. Before each step it cannot undo (the charge,
 * the label, the refund, each append) the finisher asks the database whether it still holds the
 * lease, and one that lost it stops and waits for the outcome like any other.
 */
@Injectable()
export class InstantShipCompletion {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(MESSAGE_CLIENT) private readonly client: ClientProxy,
    private readonly pending: PendingShipments,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional()
    @Inject(LABEL_TIMEOUT)
    private readonly labelTimeoutMs: number = DEFAULT_INSTANT_SHIP_LABEL_TIMEOUT_MS,
  ) {}

  async complete(
    shipmentOrderId: number,
    context: RequestContext,
    options: CompletionOptions = {},
  ): Promise<InstantShipment> {
    return this.answer(shipmentOrderId, await this.settle(shipmentOrderId, context, options), context);
  }

  /** The shipment's outcome, finishing it first unless another finisher does (then waiting for it). */
  async settle(
    shipmentOrderId: number,
    context: RequestContext,
    options: CompletionOptions = {},
  ): Promise<InstantShipState> {
    const holder = randomUUID();
    const deadline = Date.now() + (options.waitMs ?? WAIT_FOR_OTHER_FINISHER_MS);
    const pending = {
      shipment_order_id: shipmentOrderId,
      account_id: context.accountId,
      mode: tenantOf(context).mode,
      correlation_id: context.correlationId,
    };
    for (;;) {
      const state = await this.state(shipmentOrderId);
      if (state.status === 'shipped' || state.status === 'failed') {
        // A finisher that died right after recording the outcome left its row behind, and maybe
        // the refund of a failure: the row goes once that is refunded.
        await this.refundOwed(state, context);
        await this.pending.removeSettled(shipmentOrderId);
        return state;
      }
      const lease = await this.pending.claim(pending, holder);
      if (lease) {
        try {
          return await this.finishClaimed(shipmentOrderId, context, lease, options.request);
        } catch (error) {
          // Another finisher took the shipment over: its outcome is waited for like any other's.
          if (!(error instanceof LeaseLost)) throw error;
        }
      }
      if (Date.now() >= deadline) throw new Unavailable(STILL_RUNNING_MESSAGE);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Whether the shipment's request was recorded: from then on, its stream holds what to do. */
  async begun(shipmentOrderId: number): Promise<boolean> {
    return (await this.state(shipmentOrderId)).status !== 'none';
  }

  /** Under the claim, the state is read again: a finisher that just let go may have settled it. */
  private async finishClaimed(
    shipmentOrderId: number,
    context: RequestContext,
    lease: Lease,
    request: RequestInstantShip | undefined,
  ): Promise<InstantShipState> {
    const held = new HeldLease(this.pending.leases, lease);
    try {
      let state = await this.state(shipmentOrderId);
      if (state.status === 'none') {
        if (!request) {
          await this.pending.leases.remove(lease);
          throw new AppError('not_found', `Shipment ${shipmentOrderId} was never requested.`);
        }
        await held.assertHeld();
        state = await this.request(request, context);
      }
      if (state.status === 'requested') state = await this.finish(state.request, context, held);
      await this.pending.leases.remove(lease);
      return state;
    } finally {
      await held.stop();
      await this.pending.leases.release(lease).catch(() => undefined);
    }
  }

  private async answer(
    shipmentOrderId: number,
    state: InstantShipState,
    context: RequestContext,
  ): Promise<InstantShipment> {
    if (state.status === 'failed')
      throw new AppError(
        state.code === 'insufficient_credit' ? 'insufficient_credit' : 'validation_failed',
        state.reason,
      );
    if (state.status !== 'shipped')
      throw new Unavailable(`Shipment ${shipmentOrderId} is still ${state.status}.`);
    return {
      shipment_order_id: shipmentOrderId,
      main_tracking_number: state.tracking_number,
      label_key: state.label_key,
      documents: [{ format: 'pdf', content: await this.labelContent(state.label_key, context) }],
    };
  }

  /** Records the request; one recorded by a finisher before this one (it died since) stands. */
  private async request(request: RequestInstantShip, context: RequestContext): Promise<InstantShipState> {
    try {
      return (
        await handleCommand({
          store: this.store,
          streamName: shipmentStreamName(request.shipmentOrderId),
          command: request,
          decider: instantShipDecider,
          metadata: eventMetadata(context),
        })
      ).state;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'conflict') throw error;
      return this.state(request.shipmentOrderId);
    }
  }

  /** Charges, buys the label and records the outcome; answers the state that outcome left. */
  private async finish(
    request: Requested,
    context: RequestContext,
    held: HeldLease,
  ): Promise<InstantShipState> {
    const charge = { shipment_order_id: request.shipment_order_id, amount_cents: request.price_cents };
    await held.assertHeld();
    try {
      await sendRequest(this.client, LedgerPatterns.chargeShipment, {
        context: inModeOf(request, context),
        payload: charge,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'insufficient_credit') throw error;
      const failed = {
        type: 'RecordInstantShipFailed',
        code: 'insufficient_credit',
        reason: error.message,
        refundedCents: 0,
        now: this.clock.now().toISOString(),
      } as const;
      return this.record(request, context, failed, held);
    }
    await held.assertHeld();
    const itemId = shipmentLabelItemId(request.shipment_order_id);
    const [label] = await sendRequest<LabelPurchaseReply>(
      this.client,
      LabelPatterns.purchase,
      {
        context,
        payload: {
          service: request.service,
          // The shipper (its account's stored carrier credentials buy a live label) and mode the
          // shipment was asked with, whoever finishes it.
          shipper: { ...request.shipper, account_id: request.account_id, shipper_id: request.shipper_id },
          mode: request.key_mode,
          items: [{ item_id: itemId, shipment: labelShipment(request) }],
        },
      },
      { timeoutMs: this.labelTimeoutMs },
    );
    if (label.ok) {
      return this.record(
        request,
        context,
        {
          type: 'RecordParcelShipped',
          trackingNumber: label.tracking_number,
          labelKey: label.label_key,
          now: this.clock.now().toISOString(),
        },
        held,
      );
    }
    // The failure is recorded before the refund: the stream's expected revision lets one outcome
    // stand, so a finisher that lost the shipment to another one while it waited on the carrier
    // finds that one's outcome and refunds nothing. A crash in between leaves the refund owed to
    // whoever settles the shipment next (the ledger refunds a shipment once).
    const failed = await this.record(
      request,
      context,
      {
        type: 'RecordInstantShipFailed',
        code: 'carrier_refused',
        reason: carrierRefusedMessage(label.reason),
        refundedCents: request.price_cents,
        now: this.clock.now().toISOString(),
      },
      held,
    );
    await this.refundOwed(failed, context);
    return failed;
  }

  /** A shipment that failed after its charge is refunded; asking again refunds nothing more. */
  private async refundOwed(state: InstantShipState, context: RequestContext): Promise<void> {
    if (state.status !== 'failed' || state.code !== 'carrier_refused') return;
    const { shipment_order_id, price_cents } = state.request;
    await sendRequest(this.client, LedgerPatterns.refundShipment, {
      context: inModeOf(state.request, context),
      payload: { shipment_order_id, amount_cents: price_cents },
    });
  }

  /** The state after the command: its own outcome, or the one a concurrent finisher recorded first. */
  private async record(
    request: Requested,
    context: RequestContext,
    command: InstantShipCommand,
    held: HeldLease,
  ): Promise<InstantShipState> {
    await held.assertHeld();
    try {
      const outcome = await handleCommand({
        store: this.store,
        streamName: shipmentStreamName(request.shipment_order_id),
        command,
        decider: instantShipDecider,
        metadata: eventMetadata({ ...context, accountId: request.account_id }),
      });
      return outcome.state;
    } catch (error) {
      // Another finisher's outcome stood first (this one's check of its lease came just before
      // it lost it): that outcome is the shipment's.
      if (!(error instanceof AppError) || error.code !== 'conflict') throw error;
      return this.state(request.shipment_order_id);
    }
  }

  private async state(shipmentOrderId: number): Promise<InstantShipState> {
    const events = await this.store.readStream(shipmentStreamName(shipmentOrderId));
    return events.reduce<InstantShipState>(
      (state, event) => instantShipDecider.evolve(state, event as unknown as InstantShipEvent),
      instantShipDecider.initialState,
    );
  }

  private async labelContent(key: string, context: RequestContext): Promise<string> {
    const file = await sendRequest<LabelFileContent>(this.client, LabelPatterns.readFile, {
      context,
      payload: { key },
    });
    if (!file) throw new Unavailable('The label file of the shipment could not be read.');
    return file.content_base64;
  }
}

function labelShipment({ parcel }: Requested): LabelShipment {
  return {
    from_address: parcel.from_address as unknown as LabelShipment['from_address'],
    to_address: parcel.to_address as unknown as LabelShipment['to_address'],
    weight_unit: parcel.weight_unit,
    length_unit: parcel.length_unit,
    package_list: parcel.package_list as unknown as LabelShipment['package_list'],
    ignore_bad_address: parcel.to_address.ignore_bad_address !== false,
  };
}
