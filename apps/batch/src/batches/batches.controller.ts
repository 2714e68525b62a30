import { Controller } from '@nestjs/common';
import {
  type BatchEventsQuery,
  type BatchEventView,
  type BatchListEntry,
  BatchPatterns,
  type BatchPage,
  type AppMessage,
  type GetBatchQuery,
  type PageRequest,
  tenantOf,
} from '@shipping/contracts';
import { BatchList } from '../read-model/batch-list';
import { BatchAsOf } from '../read-model/batch-as-of';
import { BatchReadModel } from '../read-model/batch.read-model';
import { BatchCommands } from './batch-commands';
import { BatchHistory } from './batch-history';
import { CommandPattern, QueryPattern } from '@shipping/platform/idempotency';

@Controller()
export class BatchesController {
  constructor(
    private readonly commands: BatchCommands,
    private readonly readModel: BatchReadModel,
    private readonly batchList: BatchList,
    private readonly history: BatchHistory,
    private readonly asOf: BatchAsOf,
  ) {}

  @CommandPattern(BatchPatterns.create)
  create(message: AppMessage<unknown>) {
    return this.commands.create(message);
  }

  @CommandPattern(BatchPatterns.ship)
  ship(message: AppMessage<{ batch_id: string }>) {
    return this.commands.ship(message);
  }

  @QueryPattern(BatchPatterns.get)
  get({ context, payload }: AppMessage<GetBatchQuery>): Promise<BatchPage> {
    const { as_of: asOf } = payload;
    if (asOf) return this.asOf.get(tenantOf(context), { ...payload, as_of: asOf });
    return this.readModel.get(tenantOf(context), payload);
  }

  @QueryPattern(BatchPatterns.list)
  list({ context, payload }: AppMessage<PageRequest>): Promise<BatchListEntry[]> {
    return this.batchList.list(tenantOf(context), payload);
  }

  @QueryPattern(BatchPatterns.events)
  events({ context, payload }: AppMessage<BatchEventsQuery>): Promise<BatchEventView[]> {
    return this.history.page(tenantOf(context), payload);
  }
}
