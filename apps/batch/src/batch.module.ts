import { Module } from '@nestjs/common';
import { AccountDirectoryClient } from '@shipping/platform/account-directory';
import { idempotentRequestsRetention } from '@shipping/platform/idempotency';
import { retentionJob } from '@shipping/platform/retention';
import { BatchCommands } from './batches/batch-commands';
import { BatchCreations } from './batches/batch-creations';
import { BatchHistory } from './batches/batch-history';
import { BatchAsOf } from './read-model/batch-as-of';
import { BatchIds } from './batches/batch-ids';
import { BatchesController } from './batches/batches.controller';
import { LabelingJobs } from './labels/labeling-jobs';
import { LABELING_TIMINGS, LabelingProcess } from './labels/labeling.process';
import { readLabelingTimings } from './labels/labeling-timings-config';
import { BatchList } from './read-model/batch-list';
import { BatchReadModel } from './read-model/batch.read-model';
import { Ledger } from './shipping/ledger';
import { LedgerController } from './shipping/ledger.controller';
import { ValidationProcess } from './validation/validation.process';
import { ShipmentNotifications } from './webhooks/shipment-notifications';

/**
 * The batch aggregate (`batch-<id>` streams), the account ledger (`ledger-<account>`), the
 * validation and labelling process managers and the get-batch read model.
 */
@Module({
  controllers: [BatchesController, LedgerController],
  providers: [
    AccountDirectoryClient,
    BatchIds,
    BatchCommands,
    BatchCreations,
    BatchReadModel,
    BatchList,
    BatchHistory,
    BatchAsOf,
    Ledger,
    ValidationProcess,
    LabelingJobs,
    { provide: LABELING_TIMINGS, useFactory: () => readLabelingTimings(process.env) },
    LabelingProcess,
    ShipmentNotifications,
    retentionJob([], () => [idempotentRequestsRetention()]),
  ],
  exports: [LabelingProcess],
})
export class BatchModule {}
