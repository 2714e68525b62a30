import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AppError,
  type AppMessage,
  asJsonObject,
  mergeFieldErrors,
  PICKUP_NOT_SAVED_MESSAGE,
  PickupOrderRequest,
  type RequestContext,
  type Tenant,
  tenantOf,
  validateRequest,
  ValidationFailed,
  withSavedSender,
} from '@shipping/contracts';
import type { EventStore } from '@shipping/event-store';
import {
  type CarrierStanding,
  type PickupCommand,
  pickupDecider,
  type PickupEvent,
  pickupOrderView,
  type PickupOrderView,
  type PickupShipper,
  type PickupState,
  pickupStreamName,
  toPickupOrder,
} from '@shipping/pickup-domain';
import { AccountDirectoryClient } from '@shipping/platform/account-directory';
import { CLOCK, type Clock } from '@shipping/platform/clock';
import { eventMetadata, foldStream, handleCommand } from '@shipping/platform/commands';
import { EVENT_STORE } from '@shipping/platform/storage';
import { findPickupService } from '@shipping/reference-data';
import { PickupCarrier } from './pickup-carrier';
import { PickupIds } from './pickup-ids';
import { PickupRequestKeys, requestHashOf } from './pickup-request-keys';
import { resolveSender } from './sender';

export { PICKUP_NOT_SAVED_MESSAGE };

export const readableService = (code: string) => findPickupService(code)?.name ?? code;

export interface SavedPickup {
  created: boolean;
  pickup: PickupOrderView;
}

type Existing = Extract<PickupState, { status: 'ready' }>;

/**
 * Creates, updates and cancels pickup orders (`pickup-<id>` streams), each in the tenant of the
 * key that asks (decision 0101). A live key's pickup whose account has a shipper of the pickup's
 * carrier on its own integration is scheduled with that carrier through the label app, once per
 * pickup, and answered with the carrier's confirmation number (decision 0106); a test key's never
 * reaches a carrier.
 */
@Injectable()
export class PickupCommands {
  private readonly logger = new Logger(PickupCommands.name);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly directory: AccountDirectoryClient,
    private readonly ids: PickupIds,
    private readonly keys: PickupRequestKeys,
    private readonly carrier: PickupCarrier,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async save({ context, payload, claimedIdempotencyKey }: AppMessage<unknown>): Promise<SavedPickup> {
    const tenant = tenantOf(context);
    const body = asJsonObject(payload);
    const isCreate = body.id === undefined || body.id === null;
    // A retried create resumes the pickup its first attempt recorded, whatever failed in between.
    const boundId =
      isCreate && claimedIdempotencyKey !== undefined
        ? await this.keys.bind(tenant, claimedIdempotencyKey, requestHashOf(payload), () => this.ids.next())
        : undefined;
    if (boundId !== undefined) {
      const { state } = await foldStream(this.store, pickupStreamName(boundId), pickupDecider);
      if (state.status === 'ready') return { created: true, pickup: await this.scheduled(state, context) };
    }
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
    const id = existingId ?? boundId ?? (await this.ids.next());
    const now = this.clock.now().toISOString();
    const command: PickupCommand =
      existingId === undefined
        ? {
            type: 'SchedulePickup',
            pickupId: id,
            tenant,
            shipper: await this.carrierShipper(tenant, pickup.carrier, context),
            pickup,
            now,
          }
        : { type: 'RevisePickup', pickupId: id, tenant, pickup, now };
    const state = await this.handle(id, command, context);
    return { created: existingId === undefined, pickup: await this.scheduled(state, context) };
  }

  /** Cancels the tenant's pickup, with its carrier first when the carrier scheduled it. */
  async cancel(context: RequestContext, pickupId: number): Promise<PickupOrderView> {
    const tenant = tenantOf(context);
    const now = this.clock.now().toISOString();
    const command: PickupCommand = { type: 'CancelPickup', pickupId, tenant, now };
    const { state } = await foldStream(this.store, pickupStreamName(pickupId), pickupDecider);
    // Deciding first answers another tenant's pickup, or one still being scheduled, before any carrier call.
    pickupDecider.decide(command, state);
    const existing = state as Existing;
    if (existing.standing.status === 'scheduled' && existing.shipper) {
      const answer = await this.carrier.cancel(
        this.carrierPickupOf(existing),
        existing.standing.confirmation_number,
        context,
      );
      if (!answer.ok) throw new AppError('validation_failed', answer.reason);
    }
    return this.viewOf(await this.handle(pickupId, command, context));
  }

  /**
   * Asks the carrier of a pickup still pending and records its answer, for a pickup whose request
   * gave up on the way (the recovery): answers where the pickup stands.
   */
  async resume(pickupId: number, context: RequestContext): Promise<CarrierStanding['status'] | 'none'> {
    const { state } = await foldStream(this.store, pickupStreamName(pickupId), pickupDecider);
    if (state.status !== 'ready') return 'none';
    return (await this.askCarrier(state, context)).standing.status;
  }

  /** Asks the carrier of a pending pickup and answers the pickup; a refusal is the request's answer. */
  private async scheduled(state: Existing, context: RequestContext): Promise<PickupOrderView> {
    const current = await this.askCarrier(state, context);
    // The carrier's refusal (or a lost answer) is the answer to the request, as instant ship's is.
    if (current.standing.status === 'failed')
      throw new AppError('validation_failed', current.standing.reason, { id: current.pickupId });
    return this.viewOf(current);
  }

  private async askCarrier(state: Existing, context: RequestContext): Promise<Existing> {
    if (state.standing.status !== 'pending' || !state.shipper) return state;
    const answer = await this.carrier.schedule(
      this.carrierPickupOf(state),
      state.pickup,
      context,
      this.clock.now(),
    );
    const now = this.clock.now().toISOString();
    return this.handle(
      state.pickupId,
      { type: 'RecordCarrierAnswer', pickupId: state.pickupId, answer, now },
      context,
    );
  }

  /** A live key's pickup is scheduled by the account's first shipper of its carrier on its own integration. */
  private async carrierShipper(
    tenant: Tenant,
    carrier: string,
    context: RequestContext,
  ): Promise<PickupShipper | null> {
    if (tenant.mode !== 'live') return null;
    const own = (await this.directory.shippers(context))
      .filter((shipper) => shipper.carrier === carrier && shipper.integration === 'own')
      .sort((a, b) => a.id - b.id)[0];
    return own ? { shipper_id: own.id, integration: 'own' } : null;
  }

  private carrierPickupOf(state: Existing) {
    return {
      pickupId: state.pickupId,
      accountId: state.accountId,
      carrier: state.pickup.carrier,
      shipper: state.shipper as PickupShipper,
    };
  }

  private viewOf(state: Existing): PickupOrderView {
    return pickupOrderView(state.pickupId, state.pickup, readableService, state.standing);
  }

  private async handle(id: number, command: PickupCommand, context: RequestContext): Promise<Existing> {
    try {
      const { state } = await handleCommand<PickupCommand, PickupEvent, PickupState>({
        store: this.store,
        streamName: pickupStreamName(id),
        command,
        decider: pickupDecider,
        metadata: eventMetadata(context),
      });
      return state as Existing;
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The append is one transaction: when it fails nothing of it was stored.
      this.logger.error({ err: error, pickupId: id }, 'pickup order could not be saved');
      throw new AppError('unavailable', PICKUP_NOT_SAVED_MESSAGE);
    }
  }
}
