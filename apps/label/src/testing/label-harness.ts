import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { type SqlClient } from '@shipping/event-store';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CarrierLabelRequest, CarrierPort } from '../carrier/carrier-port';
import { CarrierRegistry } from '../carrier/carrier-registry';
import { SandboxCarrier } from '../carrier/sandbox-carrier';
import { SandboxCarrierSales } from '../carrier/sandbox-carrier-sales';
import type { LabelFileStore } from '../files/label-file-store';
import { openLabelFileStore } from '../files/open-label-file-store';
import { type LabelConfig, type LabelStoreKind, readLabelConfig } from '../label-config';
import { LabelMerges } from '../merges/label-merges';
import { LabelPurchaseIntents } from '../purchases/label-purchase-intents';
import { LabelPurchaseStore } from '../purchases/label-purchase-store';
import { LabelPurchases } from '../purchases/label-purchases';
import { LabelWorkerPool } from '../workers/label-worker-pool';

/** The sandbox carrier, counting what it was asked for (a repeat of a key is asked, not sold). */
export class CountingCarrier implements CarrierPort {
  readonly idempotencyKeys = 'honoured';
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
  files: LabelFileStore;
  purchases: LabelPurchases;
  merges: LabelMerges;
  /**
   * Another label app process on the same label file store and the same database (through `sql`,
   * its own connections, when given): its own in-process state and its own claims.
   */
  secondProcess(sql?: SqlClient): LabelPurchases;
  close(): Promise<void>;
}

/**
 * One label app instance's services on a temporary label folder (its DATA_DIR) and a worker pool
 * of its own, over `sql` (an in-memory PGlite unless given; the harness closes it either way). Its
 * label file store is `store`, else the one the app would choose on that SQL store.
 */
export async function startLabelHarness(
  workerCount = 2,
  given?: SqlClient,
  store?: LabelStoreKind,
): Promise<LabelHarness> {
  const sql = given ?? (await createPgliteSqlClient());
  const labelsRoot = await mkdtemp(join(tmpdir(), 'labels-'));
  const config: LabelConfig = {
    ...readLabelConfig({}),
    labelsRoot,
    workers: workerCount,
    ...(store && { store }),
  };
  const workers = new LabelWorkerPool(workerCount);
  const carrierOn = (client: SqlClient) =>
    new CountingCarrier(new SandboxCarrier(workers, new SandboxCarrierSales(client)));
  const carrier = carrierOn(sql);
  const purchaseStore = new LabelPurchaseStore(sql);
  const intents = new LabelPurchaseIntents(sql);
  await purchaseStore.onModuleInit();
  await intents.onModuleInit();
  const files = openLabelFileStore(config, sql);
  return {
    sql,
    config,
    workers,
    carrier,
    store: purchaseStore,
    intents,
    files,
    purchases: new LabelPurchases(new CarrierRegistry(carrier), purchaseStore, files, intents),
    merges: new LabelMerges(purchaseStore, files, workers),
    secondProcess: (other = sql) =>
      new LabelPurchases(
        new CarrierRegistry(other === sql ? carrier : carrierOn(other)),
        new LabelPurchaseStore(other),
        other === sql ? files : openLabelFileStore(config, other),
        new LabelPurchaseIntents(other),
      ),
    async close() {
      await workers.close();
      await sql.close();
      await rm(labelsRoot, { recursive: true, force: true });
    },
  };
}
