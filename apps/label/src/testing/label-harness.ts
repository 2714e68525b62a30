import { createPgliteSqlClient, type SqlClient } from '@shipping/event-store';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CarrierLabelRequest, CarrierPort } from '../carrier/carrier-port';
import { SandboxCarrier } from '../carrier/sandbox-carrier';
import { LabelFiles } from '../files/label-files';
import type { LabelConfig } from '../label-config';
import { LabelMerges } from '../merges/label-merges';
import { LabelPurchaseStore } from '../purchases/label-purchase-store';
import { LabelPurchases } from '../purchases/label-purchases';
import { LabelWorkerPool } from '../workers/label-worker-pool';

/** The sandbox carrier, counting what it was asked to buy. */
export class CountingCarrier implements CarrierPort {
  readonly requests: CarrierLabelRequest[] = [];

  constructor(private readonly inner: CarrierPort) {}

  purchase(request: CarrierLabelRequest) {
    this.requests.push(request);
    return this.inner.purchase(request);
  }

  countFor(itemId: string): number {
    return this.requests.filter((request) => request.item_id === itemId).length;
  }
}

export interface LabelHarness {
  sql: SqlClient;
  config: LabelConfig;
  workers: LabelWorkerPool;
  carrier: CountingCarrier;
  store: LabelPurchaseStore;
  files: LabelFiles;
  purchases: LabelPurchases;
  merges: LabelMerges;
  /** Another label app process on the same database and folder: its own in-process state. */
  secondProcess(): LabelPurchases;
  close(): Promise<void>;
}

/** The label app's services on an in-memory PGlite, a temporary label folder and a real worker pool. */
export async function startLabelHarness(workerCount = 2): Promise<LabelHarness> {
  const sql = await createPgliteSqlClient();
  const labelsRoot = await mkdtemp(join(tmpdir(), 'labels-'));
  const config: LabelConfig = { labelsRoot, workers: workerCount };
  const workers = new LabelWorkerPool(workerCount);
  const carrier = new CountingCarrier(new SandboxCarrier(workers));
  const store = new LabelPurchaseStore(sql);
  await store.onModuleInit();
  const files = new LabelFiles(config);
  return {
    sql,
    config,
    workers,
    carrier,
    store,
    files,
    purchases: new LabelPurchases(carrier, store, files),
    merges: new LabelMerges(store, files, workers),
    secondProcess: () => new LabelPurchases(carrier, new LabelPurchaseStore(sql), new LabelFiles(config)),
    async close() {
      await workers.close();
      await sql.close();
      await rm(labelsRoot, { recursive: true, force: true });
    },
  };
}
