import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  Conflict,
  CreateBatchRequest,
  type AppMessage,
  validateRequest,
  tenantOf,
  ValidationFailed,
  SHIPPER_NOT_ELIGIBLE_MESSAGE,
} from '@shipping/contracts';
import {
  batchDecider,
  batchPrice,
  batchResults,
  batchStreamName,
  NOT_READY_MESSAGE,
  shippableBatch,
} from '@shipping/batch-domain';
import type { EventStore } from '@shipping/event-store';
import { AccountDirectoryClient } from '@shipping/platform/account-directory';
import { CLOCK, type Clock } from '@shipping/platform/clock';
import { eventMetadata, handleCommand } from '@shipping/platform/commands';
import { EVENT_STORE } from '@shipping/platform/storage';
import { BatchReadModel } from '../read-model/batch.read-model';
import { Ledger } from '../shipping/ledger';
import { BatchCreations } from './batch-creations';
import { BatchIds } from './batch-ids';
import { loadBatch } from './batch-stream';

export { SHIPPER_NOT_ELIGIBLE_MESSAGE };

/** Creates and ships batches; validation and labelling continue asynchronously in process managers. */
@Injectable()
export class BatchCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly directory: AccountDirectoryClient,
    private readonly ids: BatchIds,
    private readonly ledger: Ledger,
    private readonly readModel: BatchReadModel,
    private readonly creations: BatchCreations,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create({ context, payload }: AppMessage<unknown>) {
    const validated = validateRequest(CreateBatchRequest, payload);
    if (!validated.ok) throw new ValidationFailed(validated.errors);
    const request = validated.value;
    const shipper = (await this.directory.shippers(context)).find(
      (candidate) => candidate.id === request.shipper_id,
    );
    if (!shipper?.batch_eligible) throw new AppError('validation_failed', SHIPPER_NOT_ELIGIBLE_MESSAGE);
    const batchId = await this.ids.nextBatchId();
    const itemIds = await this.ids.nextItemIds(request.batch_shipments.length);
    const items = request.batch_shipments.map((shipment, index) => ({
      item_id: itemIds[index],
      index,
      shipment,
    }));
    await this.creations.create(
      {
        type: 'CreateBatch',
        batchId,
        accountId: context.accountId,
        shipperId: shipper.id,
        shipperHashId: shipper.hash_id,
        shipper: { carrier: shipper.carrier, integration: shipper.integration },
        keyMode: tenantOf(context).mode,
        service: request.service,
        items,
        now: this.clock.now().toISOString(),
      },
      eventMetadata(context),
    );
    await this.readModel.catchUp(batchId);
    return {
      id: batchId,
      status: 'validating',
      default_service: request.service,
      default_shipper_id: shipper.hash_id,
    };
  }

  /**
   * Charges the account the batch's price (`batchPrice`) once it can ship (`shippableBatch`; the
   * ledger dedupes by batch), then decides the ship, once, marking the batch processing. A
   * batch of another account or of the other key mode is not found (decision 101), so the charge
   * goes to the ledger of the batch's mode, which is the key's.
   * The call whose charge was recorded is the one that ships: of concurrent calls, the others
   * find the batch charged already and are told it is not ready. The process manager reacting to
   * BatchCharged may append BatchShipped first (it also finishes a ship cut short by a crash),
   * so the winner ships only if the batch is still ready.
   */
  async ship({ context, payload }: AppMessage<{ batch_id: string }>) {
    const batchId = payload.batch_id;
    const tenant = tenantOf(context);
    const command = {
      type: 'ShipBatch' as const,
      batchId,
      accountId: tenant.accountId,
      keyMode: tenant.mode,
      now: this.clock.now().toISOString(),
    };
    const batch = shippableBatch(command, await loadBatch(this.store, batchId));
    const charged = await this.ledger.chargeBatch(context, batchId, batchPrice(batch).cents);
    if (!charged) throw new Conflict(NOT_READY_MESSAGE);
    const outcome = await handleCommand({
      store: this.store,
      streamName: batchStreamName(batchId),
      command: { ...command, onlyIfReady: true },
      decider: batchDecider,
      metadata: eventMetadata(context),
    });
    await this.readModel.catchUp(batchId);
    return {
      id: batchId,
      status: 'processing',
      default_service: batch.service,
      default_shipper_id: batch.shipperHashId,
      results: batchResults(outcome.state),
    };
  }
}
