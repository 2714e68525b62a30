import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  asJsonObject,
  type AppMessage,
  INSTANT_SHIP_SHIPPER_MESSAGE,
  InstantShipRequest,
  type InstantShipment,
  tenantOf,
  ValidationFailed,
  withSavedSender,
} from '@shipping/contracts';
import { NO_RATE_MESSAGE, shipmentPriceCents } from '@shipping/batch-domain';
import {
  applyUnitPreferences,
  type InstantShipParcel,
  postalFields,
  resolveAddressReferences,
} from '@shipping/order-domain';
import { CLOCK, type Clock } from '@shipping/platform/clock';
import { createHash } from 'node:crypto';
import { AccountDirectory } from '../accounts/account-directory';
import { OrderIds } from '../orders/order-ids';
import { validatedBody } from '../orders/validated-body';
import { InstantShipCompletion } from './instant-ship-completion';
import { InstantShipKeys } from './instant-ship-keys';

/**
 * `POST /parcel-orders/instant-ship`: validates the parcel against the saved sender and the
 * service's rate card, records the request in a new `shipment-<id>` stream, then charges and buys
 * the label at once. The shipment is pending from before its first event until after its last.
 * With an Idempotency-Key the shipment id is bound to the key before anything else, so a retry
 * (after a 503, a crash of any app, however late) finishes and answers that same shipment; without
 * one, every request is a new shipment.
 */
@Injectable()
export class InstantShipCommands {
  constructor(
    private readonly directory: AccountDirectory,
    private readonly ids: OrderIds,
    private readonly keys: InstantShipKeys,
    private readonly completion: InstantShipCompletion,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async ship({ context, payload, claimedIdempotencyKey }: AppMessage<unknown>): Promise<InstantShipment> {
    const body = asJsonObject(payload);
    const shipmentOrderId =
      claimedIdempotencyKey === undefined
        ? await this.ids.next()
        : await this.keys.bind(
            {
              ...tenantOf(context),
              idempotencyKey: claimedIdempotencyKey,
              requestHash: requestHash(payload),
            },
            await this.ids.next(),
            this.clock.now(),
          );
    if (await this.completion.begun(shipmentOrderId))
      return this.completion.complete(shipmentOrderId, context);

    const { request, parcel } = await this.validated(context.accountId, body);
    const shipper = await this.directory.shipper(context.accountId, request.shipper_id);
    if (!shipper?.instant_ship_eligible)
      throw new AppError('validation_failed', INSTANT_SHIP_SHIPPER_MESSAGE);
    const priceCents = shipmentPriceCents(request.service, parcel);
    if (priceCents === undefined) throw new ValidationFailed({ package_list: [NO_RATE_MESSAGE] });
    return this.completion.complete(shipmentOrderId, context, {
      request: {
        type: 'RequestInstantShip',
        shipmentOrderId,
        accountId: context.accountId,
        service: request.service,
        shipperId: shipper.id,
        shipper: { carrier: shipper.carrier, integration: shipper.integration },
        keyMode: tenantOf(context).mode,
        priceCents,
        parcel,
        now: this.clock.now().toISOString(),
      },
    });
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

/** The request as the idempotent-requests interceptor hashes it: the same body, the same hash. */
function requestHash(payload: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(payload ?? null))
    .digest('hex');
}
