import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  asJsonObject,
  type Envelope,
  INSTANT_SHIP_SHIPPER_MESSAGE,
  InstantShipRequest,
  type InstantShipment,
  ValidationFailed,
  withSavedSender,
} from '@shipping/contracts';
import { NO_RATE_MESSAGE, shipmentPriceCents } from '@shipping/batch-domain';
import type { EventStore } from '@shipping/event-store';
import {
  applyUnitPreferences,
  type InstantShipParcel,
  instantShipDecider,
  shipmentStreamName,
} from '@shipping/order-domain';
import { EVENT_STORE, handleCommand } from '@shipping/platform';
import { AccountDirectory } from '../accounts/account-directory';
import { postalFields, resolveAddressReferences } from '../orders/address-resolution';
import { OrderIds } from '../orders/order-ids';
import { validatedBody } from '../orders/validated-body';
import { InstantShipCompletion } from './instant-ship-completion';
import { PendingShipments } from './pending-shipments';

/**
 * `POST /parcel-orders/instant-ship`: validates the parcel against the saved sender and the
 * service's rate card, records the request in a new `shipment-<id>` stream, then charges and buys
 * the label at once. The shipment is pending from before its first event until after its last.
 */
@Injectable()
export class InstantShipCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly directory: AccountDirectory,
    private readonly ids: OrderIds,
    private readonly pending: PendingShipments,
    private readonly completion: InstantShipCompletion,
  ) {}

  async ship({ context, payload }: Envelope<unknown>): Promise<InstantShipment> {
    const { request, parcel } = await this.validated(context.accountId, asJsonObject(payload));
    const shipper = await this.directory.shipper(context.accountId, request.shipper_id);
    if (!shipper?.instant_ship_eligible)
      throw new AppError('validation_failed', INSTANT_SHIP_SHIPPER_MESSAGE);
    const priceCents = shipmentPriceCents(request.service, parcel);
    if (priceCents === undefined) throw new ValidationFailed({ package_list: [NO_RATE_MESSAGE] });

    const shipmentOrderId = await this.ids.next();
    await this.pending.add({
      shipment_order_id: shipmentOrderId,
      account_id: context.accountId,
      correlation_id: context.correlationId,
    });
    await handleCommand(
      this.store,
      shipmentStreamName(shipmentOrderId),
      {
        type: 'RequestInstantShip',
        shipmentOrderId,
        accountId: context.accountId,
        service: request.service,
        shipperId: shipper.id,
        priceCents,
        parcel,
        now: new Date().toISOString(),
      },
      instantShipDecider,
      {
        correlationId: context.correlationId,
        causationId: context.correlationId,
        accountId: context.accountId,
      },
    );
    return this.completion.complete(shipmentOrderId, context);
  }

  /** The body validated with the saved sender resolved and the account's units applied. */
  private async validated(accountId: string, body: Record<string, unknown>) {
    const { errors, savedFrom } = resolveAddressReferences(body, await this.directory.addresses(accountId));
    const request = validatedBody<InstantShipRequest>(
      InstantShipRequest,
      withSavedSender(body, savedFrom && postalFields(savedFrom)),
      errors,
    );
    const withUnits = applyUnitPreferences(
      { ...request, from_address_id: savedFrom?.id ?? null } as unknown as Parameters<
        typeof applyUnitPreferences
      >[0],
      await this.directory.preferences(accountId),
    ) as unknown as InstantShipParcel & { service: string; shipper_id: number };
    const { service: _service, shipper_id: _shipper, ...parcel } = withUnits;
    return { request, parcel: parcel as InstantShipParcel };
  }
}
