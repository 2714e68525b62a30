import { Module } from '@nestjs/common';
import { CARRIER_PORT } from './carrier/carrier-port';
import { SandboxCarrier } from './carrier/sandbox-carrier';
import { LabelFiles } from './files/label-files';
import { LABEL_CONFIG, type LabelConfig, readLabelConfig } from './label-config';
import { LabelsController } from './labels.controller';
import { LabelMerges } from './merges/label-merges';
import { LabelPurchaseStore } from './purchases/label-purchase-store';
import { LabelPurchases } from './purchases/label-purchases';
import { LabelWarmUp } from './workers/label-warm-up';
import { LabelWorkerPool } from './workers/label-worker-pool';

/**
 * Carrier labels bought once per batch item, and merged label files (100 a file), kept under
 * `${DATA_DIR}/labels`. PDFs are made on a worker-thread pool; the gateway serves the files at
 * signed URLs. Tests override LABEL_CONFIG (label folder, pool size) or CARRIER_PORT.
 */
@Module({
  controllers: [LabelsController],
  providers: [
    { provide: LABEL_CONFIG, useFactory: () => readLabelConfig(process.env) },
    {
      provide: LabelWorkerPool,
      inject: [LABEL_CONFIG],
      useFactory: (config: LabelConfig) => new LabelWorkerPool(config.workers),
    },
    {
      provide: CARRIER_PORT,
      inject: [LabelWorkerPool],
      useFactory: (workers: LabelWorkerPool) => new SandboxCarrier(workers),
    },
    LabelFiles,
    LabelPurchaseStore,
    LabelPurchases,
    LabelMerges,
    LabelWarmUp,
  ],
})
export class LabelModule {}
