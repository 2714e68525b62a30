import { Inject, Injectable } from '@nestjs/common';
import {
  asJsonObject,
  type AppMessage,
  FreightOrderRequest,
  ParcelOrderRequest,
  type SavedOrder,
  tenantOf,
  withSavedSender,
} from '@shipping/contracts';
import type { EventStore } from '@shipping/event-store';
import {
  applyForcedDimensions,
  applyUnitPreferences,
  type FreightOrder,
  type OrderCommand,
  orderDecider,
  orderStreamName,
  type ParcelOrder,
  postalFields,
  resolveAddressReferences,
} from '@shipping/order-domain';
import { CLOCK, type Clock } from '@shipping/platform/clock';
import { eventMetadata, handleCommand } from '@shipping/platform/commands';
import { EVENT_STORE } from '@shipping/platform/storage';
import { findFreightPackageType } from '@shipping/reference-data';
import { AccountDirectory } from '../accounts/account-directory';
import { OrderIds } from './order-ids';
import { validatedBody } from './validated-body';

/** The tenant an order belongs to, as its commands name it: the account and the key's mode. */
const owner = (context: AppMessage<unknown>['context']) => {
  const { accountId, mode } = tenantOf(context);
  return { accountId, keyMode: mode };
};

/**
 * Saves draft freight and parcel orders. The gateway validated the body's shape already; it is
 * validated again here after saved addresses are resolved, because rules such as "items are
 * required on international shipments" depend on the address an id stands for.
 */
@Injectable()
export class OrderCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly directory: AccountDirectory,
    private readonly ids: OrderIds,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async saveFreightOrder({ context, payload }: AppMessage<unknown>): Promise<SavedOrder> {
    const body = asJsonObject(payload);
    const { errors, savedFrom } = resolveAddressReferences(
      body,
      await this.directory.addresses(context.accountId),
    );
    const resolved = withSavedSender(
      body,
      savedFrom && { ...postalFields(savedFrom), residential: savedFrom.is_residential },
    );
    const { shipment_order_id: existingId, ...fields } = validatedBody<
      FreightOrder & { shipment_order_id?: number }
    >(FreightOrderRequest, resolved, errors);
    const normalized: FreightOrder = {
      ...fields,
      from_address_id: savedFrom?.id ?? null,
      items: applyForcedDimensions(fields.items, (code) => findFreightPackageType(code)),
    };
    return this.save(context, existingId, (id, now) => ({
      type: existingId === undefined ? 'DraftFreightOrder' : 'ReviseFreightOrder',
      shipmentOrderId: id,
      ...owner(context),
      order: normalized,
      now,
    }));
  }

  async saveParcelOrder({ context, payload }: AppMessage<unknown>): Promise<SavedOrder> {
    const body = asJsonObject(payload);
    const { errors, savedFrom } = resolveAddressReferences(
      body,
      await this.directory.addresses(context.accountId),
    );
    const { shipment_order_id: existingId, ...fields } = validatedBody<
      ParcelOrder & { shipment_order_id?: number }
    >(ParcelOrderRequest, withSavedSender(body, savedFrom && postalFields(savedFrom)), errors);
    const order = applyUnitPreferences(
      { ...fields, from_address_id: savedFrom?.id ?? null },
      await this.directory.preferences(context.accountId),
    );
    return this.save(context, existingId, (id, now) => ({
      type: existingId === undefined ? 'DraftParcelOrder' : 'ReviseParcelOrder',
      shipmentOrderId: id,
      ...owner(context),
      order,
      now,
    }));
  }

  private async save(
    context: AppMessage<unknown>['context'],
    existingId: number | undefined,
    command: (id: number, now: string) => OrderCommand,
  ): Promise<SavedOrder> {
    const id = existingId ?? (await this.ids.next());
    await handleCommand({
      store: this.store,
      streamName: orderStreamName(id),
      command: command(id, this.clock.now().toISOString()),
      decider: orderDecider,
      metadata: eventMetadata(context),
    });
    return { shipment_order_id: id, created: existingId === undefined };
  }
}
