import { Inject, Injectable } from '@nestjs/common';
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
import { EVENT_STORE, handleCommand } from '@shipping/platform';
import { PendingShipments } from './pending-shipments';

/** The label app's key for the shipment's one label; it also names the label file. */
export const shipmentLabelItemId = (shipmentOrderId: number) => `shipment-${shipmentOrderId}`;

export const carrierRefusedMessage = (reason: string) => `The parcel could not be shipped: ${reason}`;

const LABEL_TIMEOUT_MS = 30_000;

type Requested = Extract<InstantShipState, { status: 'requested' }>['request'];

/**
 * Takes a requested instant ship to its end: charge, buy the label, record the outcome. Every
 * step is idempotent by the shipment order id (the ledger's charge and refund, the label app's
 * purchase, the stream's outcome), so the request and a recovery after a crash may both run it.
 */
@Injectable()
export class InstantShipCompletion {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(MESSAGE_CLIENT) private readonly client: ClientProxy,
    private readonly pending: PendingShipments,
  ) {}

  async complete(shipmentOrderId: number, context: RequestContext): Promise<InstantShipment> {
    const state = await this.state(shipmentOrderId);
    if (state.status === 'none') {
      await this.pending.remove(shipmentOrderId);
      throw new AppError('not_found', `Shipment ${shipmentOrderId} was never requested.`);
    }
    const finished = state.status === 'requested' ? await this.finish(state.request, context) : state;
    await this.pending.remove(shipmentOrderId);
    if (finished.status === 'failed')
      throw new AppError(
        finished.code === 'insufficient_credit' ? 'insufficient_credit' : 'validation_failed',
        finished.reason,
      );
    if (finished.status !== 'shipped')
      throw new Unavailable(`Shipment ${shipmentOrderId} is still ${finished.status}.`);
    return {
      shipment_order_id: shipmentOrderId,
      main_tracking_number: finished.tracking_number,
      label_key: finished.label_key,
      documents: [{ format: 'pdf', content: await this.labelContent(finished.label_key, context) }],
    };
  }

  /** Charges, buys the label and records the outcome; answers the state that outcome left. */
  private async finish(request: Requested, context: RequestContext): Promise<InstantShipState> {
    const charge = { shipment_order_id: request.shipment_order_id, amount_cents: request.price_cents };
    try {
      await sendRequest(this.client, LedgerPatterns.chargeShipment, { context, payload: charge });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'insufficient_credit') throw error;
      const failed = {
        type: 'RecordInstantShipFailed',
        code: 'insufficient_credit',
        reason: error.message,
        refundedCents: 0,
        now: now(),
      } as const;
      return this.record(request, context, failed);
    }
    const itemId = shipmentLabelItemId(request.shipment_order_id);
    const [label] = await sendRequest<LabelPurchaseReply>(
      this.client,
      LabelPatterns.purchase,
      {
        context,
        payload: { service: request.service, items: [{ item_id: itemId, shipment: labelShipment(request) }] },
      },
      { timeoutMs: LABEL_TIMEOUT_MS },
    );
    if (label.ok) {
      return this.record(request, context, {
        type: 'RecordParcelShipped',
        trackingNumber: label.tracking_number,
        labelKey: label.label_key,
        now: now(),
      });
    }
    await sendRequest(this.client, LedgerPatterns.refundShipment, { context, payload: charge });
    return this.record(request, context, {
      type: 'RecordInstantShipFailed',
      code: 'carrier_refused',
      reason: carrierRefusedMessage(label.reason),
      refundedCents: request.price_cents,
      now: now(),
    });
  }

  /** The state after the command: its own outcome, or the one a concurrent finisher recorded first. */
  private async record(
    request: Requested,
    context: RequestContext,
    command: InstantShipCommand,
  ): Promise<InstantShipState> {
    const outcome = await handleCommand(
      this.store,
      shipmentStreamName(request.shipment_order_id),
      command,
      instantShipDecider,
      {
        correlationId: context.correlationId,
        causationId: context.correlationId,
        accountId: request.account_id,
      },
    );
    return outcome.state;
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

const now = () => new Date().toISOString();

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
