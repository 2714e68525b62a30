import type { ClientProxy } from '@nestjs/microservices';
import { batchResults, batchStreamName } from '@shipping/batch-domain';
import { ledgerStreamName } from '@shipping/ledger-domain';
import {
  ACCOUNT,
  BATCH,
  completed as itemCompleted,
  item,
  processingBatch,
} from '@shipping/batch-domain/src/batches/batch-history.fixture';
import { AppError, LabelPatterns, type LabelPurchaseResult } from '@shipping/contracts';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import {
  type EventStore,
  PostgresEventStore,
  type SqlClient,
  type Subscription,
} from '@shipping/event-store';
import type { TimedRequest } from '@shipping/messaging';
import { SystemClock } from '@shipping/platform/clock';
import { startSubscriber, StoredEventFeed } from '@shipping/platform/subscriptions';
import { createTestDatabase, eventually, stallable, type TestDatabase } from '@shipping/testing';
import { defer, mergeMap } from 'rxjs';
import { loadBatch } from '../batches/batch-stream';
import { Ledger } from '../shipping/ledger';
import { LabelingJobs } from './labeling-jobs';
import { LabelingProcess, type LabelingTimings } from './labeling.process';

const PRICE = 500;
const ITEMS = 5;
const timings: LabelingTimings = {
  sweepMs: 50,
  leaseMs: 2_000,
  purchaseAttempts: 3,
  retryDelayMs: 10,
  maxRetryDelayMs: 40,
};

type Purchase = { service: string; items: { item_id: string }[]; shipper?: unknown; mode?: unknown };

/**
 * The label app as the batch app sees it over the transport: answers purchases and merges, or
 * fails them as `fault` says (a carrier fault comes back as an internal error).
 */
class LabelApp {
  readonly purchases: string[][] = [];
  /** What each purchase asked beside its items. */
  readonly terms: Omit<Purchase, 'items'>[] = [];
  merges = 0;
  /** Each merge request's payload, as sent. */
  readonly mergeRequests: { batch_id: string; files: unknown[] }[] = [];
  mergesOf = (batchId: string) =>
    this.mergeRequests.filter((request) => request.batch_id === batchId).map((request) => request.files);
  constructor(private readonly fault: (pattern: string, itemIds: string[]) => AppError | undefined) {}

  client(): ClientProxy {
    return {
      send: (pattern: string, request: TimedRequest<{ payload: unknown }>) =>
        defer(async () => this.answer(pattern, request.data.payload)),
    } as unknown as ClientProxy;
  }

  private async answer(pattern: string, payload: unknown): Promise<unknown> {
    if (pattern === LabelPatterns.purchase) {
      const { items, ...terms } = payload as Purchase;
      const itemIds = items.map((one) => one.item_id);
      this.purchases.push(itemIds);
      this.terms.push(terms);
      const fault = this.fault(pattern, itemIds);
      if (fault) throw fault;
      return itemIds.map((itemId): LabelPurchaseResult => ({
        item_id: itemId,
        ok: true,
        tracking_number: `TRK-${itemId}`,
        label_key: `labels/${itemId}.pdf`,
      }));
    }
    this.merges += 1;
    const fault = this.fault(pattern, []);
    if (fault) throw fault;
    const { batch_id, files } = payload as { batch_id: string; files: { file: number }[] };
    this.mergeRequests.push({ batch_id, files });
    return { files: files.map(({ file }) => ({ file, key: `labels/${batch_id}-${file}.pdf` })) };
  }
}

const carrierFault = () => new AppError('internal', 'The carrier answered 500.');

describe('the labelling process manager on PostgreSQL', () => {
  let database: TestDatabase;
  let sql: SqlClient;
  let store: PostgresEventStore;
  let ledger: Ledger;
  const processes: LabelingProcess[] = [];
  const subscriptions: Subscription[] = [];
  const stopAll = async () => {
    await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
    await Promise.all(processes.splice(0).map((process) => process.onModuleDestroy()));
  };

  beforeEach(async () => {
    database = await createTestDatabase('labeling_process');
    sql = createPgSqlClient(database.url);
    store = new PostgresEventStore(sql, { pollIntervalMs: 20 });
    await store.init();
    ledger = new Ledger(store, sql, new SystemClock());
    await ledger.onModuleInit();
    const prices = Array.from({ length: ITEMS }, () => PRICE);
    await ledger.chargeBatch({ accountId: ACCOUNT, correlationId: 'spec' }, BATCH, PRICE * ITEMS);
    await store.appendToStream(
      batchStreamName(BATCH),
      processingBatch(prices).map((event) => ({ ...event, version: event.type === 'BatchCreated' ? 3 : 1 })),
    );
  });

  afterEach(async () => {
    await stopAll();
    await store.close();
    await database.drop();
  });

  async function started(
    labels: Pick<LabelApp, 'client'>,
    on: { store: EventStore; sql: SqlClient } = { store, sql },
    withTimings = timings,
  ) {
    const jobs = new LabelingJobs(on.sql);
    await jobs.onModuleInit();
    const process = new LabelingProcess(
      on.store,
      labels.client(),
      jobs,
      ledger,
      new SystemClock(),
      withTimings,
    );
    processes.push(process);
    subscriptions.push(await startSubscriber(new StoredEventFeed(on.sql, on.store), process));
    await process.onApplicationBootstrap();
    return process;
  }

  const completed = () =>
    eventually(async () => {
      const state = await loadBatch(store, BATCH);
      return state.status === 'completed' ? state : undefined;
    }, 20_000);
  const ledgerEvents = async (type: string) =>
    (await store.readStream(ledgerStreamName(ACCOUNT))).filter((event) => event.type === type);

  it('completes a batch whose first attempts hit a carrier fault, a database blip and a failing merge', async () => {
    let purchaseFaults = 2;
    let mergeFaults = timings.purchaseAttempts;
    const labels = new LabelApp((pattern) => {
      if (pattern === LabelPatterns.purchase && purchaseFaults-- > 0) return carrierFault();
      if (pattern === LabelPatterns.merge && mergeFaults-- > 0) return carrierFault();
      return undefined;
    });
    let blips = 1;
    const flaky = Object.create(store) as EventStore;
    flaky.appendToStream = async (...args) => {
      if (blips-- > 0) throw new Error('Connection terminated unexpectedly');
      return store.appendToStream(...args);
    };
    await started(labels, { store: flaky, sql });

    const state = await completed();
    expect(batchResults(state)).toMatchObject({ completed_count: ITEMS, failed_count: 0 });
    expect(labels.merges).toBeGreaterThan(timings.purchaseAttempts);
    expect(await ledgerEvents('ItemRefunded')).toHaveLength(0);
    // The job is closed right after the batch's last append.
    await eventually(async () => {
      const jobs = await sql.query('select * from batch_labeling_jobs');
      return jobs.rows.length === 0 ? true : undefined;
    }, 20_000);
  });

  it('asks for each merge by the label keys the purchases answered, in item order, never by item ids', async () => {
    const labels = new LabelApp(() => undefined);
    await started(labels);

    await completed();
    expect(labels.mergesOf(BATCH)).toEqual([
      [{ file: 1, label_keys: Array.from({ length: ITEMS }, (_, index) => `labels/${item(index)}.pdf`) }],
    ]);
  });

  it('merges the groups that settle together in one request: a job taken over once every label was bought', async () => {
    const big = 'b250';
    const count = 250;
    const history = [
      ...processingBatch(Array.from({ length: count }, () => PRICE)),
      ...Array.from({ length: count }, (_, index) => itemCompleted(index, PRICE)),
    ].map((event) => ({
      ...event,
      data: { ...event.data, batch_id: big },
      version: event.type === 'BatchCreated' ? 3 : 1,
    }));
    const labels = new LabelApp(() => undefined);
    await store.appendToStream(batchStreamName(big), history);
    await started(labels);

    const state = await eventually(async () => {
      const batch = await loadBatch(store, big);
      return batch.status === 'completed' ? batch : undefined;
    }, 20_000);
    expect(labels.purchases.flat().filter((itemId) => Number(itemId.slice(1)) >= ITEMS)).toEqual([]);
    const keys = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, index) => `labels/${item(from + index)}.pdf`);
    expect(labels.mergesOf(big)).toEqual([
      [
        { file: 1, label_keys: keys(0, 100) },
        { file: 2, label_keys: keys(100, 200) },
        { file: 3, label_keys: keys(200, 250) },
      ],
    ]);
    expect(state.status === 'completed' && state.files.map((file) => file.item_ids.length)).toEqual([
      100, 100, 50,
    ]);
  });

  it("buys every label with the batch's shipper, its account, and the mode of the key that created it", async () => {
    const labels = new LabelApp(() => undefined);
    await started(labels);

    await completed();
    expect(labels.terms.length).toBeGreaterThan(0);
    for (const terms of labels.terms)
      expect(terms).toEqual({
        service: 'USPS-1',
        shipper: { carrier: 'usps', integration: 'own', account_id: ACCOUNT, shipper_id: 1 },
        mode: 'test',
      });
  });

  it('fails an item the carrier keeps failing on after the bounded attempts, and refunds it once', async () => {
    const poisoned = item(2);
    const labels = new LabelApp((pattern, itemIds) =>
      pattern === LabelPatterns.purchase && itemIds.includes(poisoned) ? carrierFault() : undefined,
    );
    await started(labels);

    const state = await completed();
    expect(batchResults(state)).toMatchObject({ completed_count: ITEMS - 1, failed_count: 1 });
    const failedItem = state.items.find((one) => one.id === poisoned);
    expect(failedItem).toMatchObject({ status: 'failed' });
    const events = await store.readStream(batchStreamName(BATCH));
    expect(events.find((event) => event.type === 'ItemFailed')?.data).toMatchObject({
      item_id: poisoned,
      reason: expect.stringMatching(/after 3 attempts: The carrier answered 500/),
      refund_cents: PRICE,
    });
    // The chunk three times, then the item alone three times: bounded.
    expect(labels.purchases.filter((itemIds) => itemIds.includes(poisoned))).toHaveLength(6);
    const refunds = await ledgerEvents('ItemRefunded');
    expect(refunds.map((event) => (event.data as { item_id: string }).item_id)).toEqual([poisoned]);
  });

  it('refunds a failed item of a live batch to the live ledger, and one of a test batch to test credit', async () => {
    const liveBatch = `${BATCH}-live`;
    const live = { accountId: ACCOUNT, correlationId: 'spec', keyMode: 'live' as const };
    await ledger.addCredit(live, {
      creditId: 'live-credit',
      amountCents: PRICE * ITEMS,
      reference: 'spec',
      actor: 'adm_spec',
      mode: 'live',
    });
    await ledger.chargeBatch(live, liveBatch, PRICE * ITEMS);
    await store.appendToStream(
      batchStreamName(liveBatch),
      processingBatch(Array.from({ length: ITEMS }, () => PRICE)).map((event) => ({
        type: event.type,
        data: {
          ...event.data,
          batch_id: liveBatch,
          ...(event.type === 'BatchCreated' ? { key_mode: 'live' } : {}),
        },
        version: event.type === 'BatchCreated' ? 3 : 1,
      })),
    );
    const poisoned = item(1);
    const labels = new LabelApp((pattern, itemIds) =>
      pattern === LabelPatterns.purchase && itemIds.includes(poisoned) ? carrierFault() : undefined,
    );
    await started(labels);

    await completed();
    await eventually(
      async () => ((await loadBatch(store, liveBatch)).status === 'completed' ? true : undefined),
      20_000,
    );
    const refundedBatches = async (stream: string) =>
      (await store.readStream(stream))
        .filter((event) => event.type === 'ItemRefunded')
        .map((event) => (event.data as { batch_id: string }).batch_id);
    expect(await refundedBatches(ledgerStreamName(ACCOUNT, 'live'))).toEqual([liveBatch]);
    expect(await refundedBatches(ledgerStreamName(ACCOUNT))).toEqual([BATCH]);
    expect(new Set(labels.terms.map((terms) => terms.mode))).toEqual(new Set(['test', 'live']));
  });

  it('two instances on separate pools, both finding the job unfinished, label the batch once between them', async () => {
    let bothStarted: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (bothStarted = resolve));
    const labels = new LabelApp(() => undefined);
    const answer = labels.client();
    const gated = {
      send: (...args: [string, never]) => defer(() => gate).pipe(mergeMap(() => answer.send(...args))),
    };
    const jobs = new LabelingJobs(sql);
    await jobs.onModuleInit();
    await jobs.open(BATCH, { accountId: ACCOUNT, mode: 'test' }, 'spec');
    const other = createPgSqlClient(database.url);
    const otherStore = new PostgresEventStore(other, { pollIntervalMs: 20 });
    try {
      const both = { client: () => gated as unknown as ClientProxy } as LabelApp;
      await Promise.all([started(both), started(both, { store: otherStore, sql: other })]);
      bothStarted();
      await completed();
      await Promise.all(processes.map((process) => process.idle()));
      expect(labels.purchases.flat().sort()).toEqual(
        Array.from({ length: ITEMS }, (_, index) => item(index)),
      );
      expect(labels.merges).toBe(1);
    } finally {
      await stopAll();
      await otherStore.close();
    }
  });

  it('an instance stalled past its lease while buying records nothing once it resumes; the instance that took the job over labels the batch', async () => {
    type Instance = 'A' | 'B';
    const purchasesBy: Instance[] = [];
    const answerTo = new Map<Instance, () => void>();
    const a = stallable(createPgSqlClient(database.url));
    const labelsFor = (by: Instance) => ({
      client: () =>
        ({
          send: (pattern: string, request: TimedRequest<{ payload: Purchase }>) =>
            defer(async () => {
              if (pattern !== LabelPatterns.purchase) {
                const { files } = request.data.payload as unknown as { files: { file: number }[] };
                return { files: files.map(({ file }) => ({ file, key: `labels/${BATCH}-${file}.pdf` })) };
              }
              purchasesBy.push(by);
              if (by === 'A') a.stall();
              await new Promise<void>((answer) => answerTo.set(by, answer));
              return request.data.payload.items.map(({ item_id }): LabelPurchaseResult =>
                by === 'A'
                  ? { item_id, ok: false, reason: 'address not deliverable' }
                  : {
                      item_id,
                      ok: true,
                      tracking_number: `TRK-${item_id}`,
                      label_key: `labels/${item_id}.pdf`,
                    },
              );
            }),
        }) as unknown as ClientProxy,
    });
    const jobs = new LabelingJobs(sql);
    await jobs.onModuleInit();
    await jobs.open(BATCH, { accountId: ACCOUNT, mode: 'test' }, 'spec');
    const storeA = new PostgresEventStore(a.client, { pollIntervalMs: 20 });
    const other = createPgSqlClient(database.url);
    const storeB = new PostgresEventStore(other, { pollIntervalMs: 20 });
    const short = { ...timings, leaseMs: 500 };
    try {
      const first = await started(labelsFor('A'), { store: storeA, sql: a.client }, short);
      await eventually(async () => (purchasesBy.includes('A') ? true : undefined));
      await started(labelsFor('B'), { store: storeB, sql: other }, short);
      await eventually(async () => (purchasesBy.includes('B') ? true : undefined), 20_000);

      a.resume();
      answerTo.get('A')?.();
      await first.idle();
      answerTo.get('B')?.();

      const state = await completed();
      expect(batchResults(state)).toMatchObject({ completed_count: ITEMS, failed_count: 0 });
      expect(await ledgerEvents('ItemRefunded')).toHaveLength(0);
      expect(purchasesBy).toEqual(['A', 'B']);
    } finally {
      a.resume();
      await stopAll();
      await Promise.all([storeA.close(), storeB.close()]);
    }
  });
});
