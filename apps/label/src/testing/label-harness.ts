import { createPgliteSqlClient, type SqlClient } from '@shipping/event-store';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CarrierLabelRequest, CarrierPort } from '../carrier/carrier-port';
import { SandboxCarrier } from '../carrier/sandbox-carrier';
import { SandboxCarrierSales } from '../carrier/sandbox-carrier-sales';
import { LabelFiles } from '../files/label-files';
import type { LabelConfig } from '../label-config';
import { LabelMerges } from '../merges/label-merges';
import { LabelPurchaseIntents } from '../purchases/label-purchase-intents';
import { LabelPurchaseStore } from '../purchases/label-purchase-store';
import { LabelPurchases } from '../purchases/label-purchases';
import { LabelWorkerPool } from '../workers/label-worker-pool';

/** The sandbox carrier, counting what it was asked for (a repeat of a key is asked, not sold). */
export class CountingCarrier implements CarrierPort {
  readonly requests: CarrierLabelRequest[] = [];

  constructor(readonly inner: SandboxCarrier) {}

  purchase(request: CarrierLabelRequest) {
    this.requests.push(request);
    return this.inner.purchase(request);
  }

  countFor(itemId: string): number {
    return this.requests.filter((request) => request.item_id === itemId).length;
  }

  /** Labels the sandbox carrier sold for the item, from its own books. */
  soldFor(itemId: string): Promise<number> {
    return this.inner.sales.countFor(itemId);
  }
}

export interface LabelHarness {
  sql: SqlClient;
  config: LabelConfig;
  workers: LabelWorkerPool;
  carrier: CountingCarrier;
  store: LabelPurchaseStore;
  intents: LabelPurchaseIntents;
  files: LabelFiles;
  purchases: LabelPurchases;
  merges: LabelMerges;
  /**
   * Another label app process on the same folder and the same database (through `sql`, its own
   * connections, when given): its own in-process state and its own claims.
   */
  secondProcess(sql?: SqlClient): LabelPurchases;
  close(): Promise<void>;
}

/**
 * The label app's services on a temporary label folder and a real worker pool, over `sql` (an
 * in-memory PGlite unless given; the harness closes it either way).
 */
export async function startLabelHarness(workerCount = 2, given?: SqlClient): Promise<LabelHarness> {
  const sql = given ?? (await createPgliteSqlClient());
  const labelsRoot = await mkdtemp(join(tmpdir(), 'labels-'));
  const config: LabelConfig = { labelsRoot, workers: workerCount };
  const workers = new LabelWorkerPool(workerCount);
  const carrierOn = (client: SqlClient) =>
    new CountingCarrier(new SandboxCarrier(workers, new SandboxCarrierSales(client)));
  const carrier = carrierOn(sql);
  const store = new LabelPurchaseStore(sql);
  const intents = new LabelPurchaseIntents(sql);
  await store.onModuleInit();
  await intents.onModuleInit();
  const files = new LabelFiles(config);
  return {
    sql,
    config,
    workers,
    carrier,
    store,
    intents,
    files,
    purchases: new LabelPurchases(carrier, store, files, intents),
    merges: new LabelMerges(store, files, workers),
    secondProcess: (other = sql) =>
      new LabelPurchases(
        other === sql ? carrier : carrierOn(other),
        new LabelPurchaseStore(other),
        new LabelFiles(config),
        new LabelPurchaseIntents(other),
      ),
    async close() {
      await workers.close();
      await sql.close();
      await rm(labelsRoot, { recursive: true, force: true });
    },
  };
}
