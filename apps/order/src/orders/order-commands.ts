import { Inject, Injectable } from '@nestjs/common';
import {
  asJsonObject,
  type Envelope,
  FreightOrderRequest,
  mergeFieldErrors,
  ParcelOrderRequest,
  type SavedOrder,
  validateRequest,
  ValidationFailed,
  withSavedSender,
} from '@shipping/contracts';
import type { EventStore } from '@shipping/event-store';
import {
  applyForcedDimensions,
  applyUnitPreferences,
  decideOrder,
  evolveOrder,
  type FreightOrder,
  initialOrderState,
  type OrderCommand,
  orderStreamName,
  type ParcelOrder,
} from '@shipping/order-domain';
import { EVENT_STORE, handleCommand } from '@shipping/platform';
import { findFreightPackageType } from '@shipping/reference-data';
import { AccountDirectory } from '../accounts/account-directory';
import { postalFields, resolveAddressReferences } from './address-resolution';
import { OrderIds } from './order-ids';

const orderDecider = { decide: decideOrder, evolve: evolveOrder, initialState: initialOrderState };

/** A validated DTO instance as plain wire-shaped data (defaults included, no class prototypes). */
const plain = <T>(value: unknown): T => JSON.parse(JSON.stringify(value)) as T;

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
  ) {}

  async saveFreightOrder({ context, payload }: Envelope<unknown>): Promise<SavedOrder> {
    const body = asJsonObject(payload);
    const { errors, savedFrom } = resolveAddressReferences(body, await this.directory.addresses(context.accountId));
    const resolved = withSavedSender(body, savedFrom && { ...postalFields(savedFrom), residential: savedFrom.is_residential });
    const validated = validateRequest(FreightOrderRequest, resolved);
    this.throwIfInvalid(errors, validated);
    const { shipment_order_id: existingId, ...fields } = plain<FreightOrder & { shipment_order_id?: number }>(
      validated.ok ? validated.value : undefined,
    );
    const normalized: FreightOrder = {
      ...fields,
      from_address_id: savedFrom?.id ?? null,
      items: applyForcedDimensions(fields.items, (code) => findFreightPackageType(code)),
    };
    return this.save(context, existingId, (id, now) =>
      existingId === undefined
        ? { type: 'DraftFreightOrder', shipmentOrderId: id, accountId: context.accountId, order: normalized, now }
        : { type: 'ReviseFreightOrder', shipmentOrderId: id, accountId: context.accountId, order: normalized, now },
    );
  }

  async saveParcelOrder({ context, payload }: Envelope<unknown>): Promise<SavedOrder> {
    const body = asJsonObject(payload);
    const { errors, savedFrom } = resolveAddressReferences(body, await this.directory.addresses(context.accountId));
    const validated = validateRequest(ParcelOrderRequest, withSavedSender(body, savedFrom && postalFields(savedFrom)));
    this.throwIfInvalid(errors, validated);
    const { shipment_order_id: existingId, ...fields } = plain<ParcelOrder & { shipment_order_id?: number }>(
      validated.ok ? validated.value : undefined,
    );
    const order = applyUnitPreferences(
      { ...fields, from_address_id: savedFrom?.id ?? null },
      await this.directory.preferences(context.accountId),
    );
    return this.save(context, existingId, (id, now) =>
      existingId === undefined
        ? { type: 'DraftParcelOrder', shipmentOrderId: id, accountId: context.accountId, order, now }
        : { type: 'ReviseParcelOrder', shipmentOrderId: id, accountId: context.accountId, order, now },
    );
  }

  private throwIfInvalid(referenceErrors: Record<string, string[]>, validated: ReturnType<typeof validateRequest>): void {
    const all = mergeFieldErrors(referenceErrors, validated.ok ? {} : validated.errors);
    if (Object.keys(all).length > 0) throw new ValidationFailed(all);
  }

  private async save(
    context: Envelope<unknown>['context'],
    existingId: number | undefined,
    command: (id: number, now: string) => OrderCommand,
  ): Promise<SavedOrder> {
    const id = existingId ?? (await this.ids.next());
    await handleCommand(this.store, orderStreamName(id), command(id, new Date().toISOString()), orderDecider, {
      correlationId: context.correlationId,
      causationId: context.correlationId,
      accountId: context.accountId,
    });
    return { shipment_order_id: id, created: existingId === undefined };
  }
}
