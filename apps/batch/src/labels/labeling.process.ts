import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import {
  BATCH_STREAM_PREFIX,
  batchDecider,
  type BatchEvent,
  type BatchState,
  batchStreamName,
  isBatchEvent,
  type LabelFileGroup,
  type MergedLabelFile,
  failedItems,
  pendingLabelItems,
  labelTermsOf,
  type BatchLabelTerms,
  settledLabelFileGroups,
} from '@shipping/batch-domain';
import { isLedgerEvent, LEDGER_STREAM_PREFIX, type LedgerEvent } from '@shipping/ledger-domain';
import {
  AppError,
  LabelPatterns,
  type LabelMergeReply,
  type LabelMergeRequest,
  type LabelPurchaseResult,
  type RequestContext,
} from '@shipping/contracts';
import type { EventStore } from '@shipping/event-store';
import { MESSAGE_CLIENT, sendRequest } from '@shipping/messaging';
import { randomUUID } from 'node:crypto';
import { CLOCK, type Clock } from '@shipping/platform/clock';
import {
  type CommandOutcome,
  eventMetadata,
  handleCommand,
  requestContextOf,
} from '@shipping/platform/commands';
import { HeldLease, LeaseLost, LeaseSweep } from '@shipping/platform/leases';
import { EVENT_STORE } from '@shipping/platform/storage';
import { type EventSubscriber, type Recorded, Subscribes } from '@shipping/platform/subscriptions';
import { observeBatchPhases } from '../batches/batch-phase-metrics';
import { loadBatch, loadBatchWithRevision } from '../batches/batch-stream';
import { Ledger } from '../shipping/ledger';
import { type LabelingJob, LabelingJobs } from './labeling-jobs';
import { startRolling } from './rolling-starts';

/** Labels bought per request to the label app; the label app spreads a chunk over its workers. */
const CHUNK = 100;
const IN_FLIGHT = 3;
/** Batches one instance labels at once; the sweep leaves the rest to other instances or later. */
const MAX_JOBS = 4;
/**
 * A request the label app had in hand when it died is not delivered again: this wait is how long a
 * label crash delays a batch before the request is sent again (a chunk takes well under a second).
 * A repeat does no harm: labels are bought once per item and merged files are replaced whole.
 */
const PURCHASE_TIMEOUT_MS = 20_000;
const MERGE_TIMEOUT_MS = 30_000;
/**
 * Files of one merge request: the groups that settle together (most often one while labelling
 * goes on, all the rest at its end or when a job is taken over), which the label app spreads over
 * its workers; bounded so a request stays well inside MERGE_TIMEOUT_MS.
 */
const FILES_PER_MERGE = 4;

/** How labelling jobs are swept, held and retried; tests shorten them. */
export interface LabelingTimings {
  /** How often unfinished jobs nobody holds are looked for (and taken, under a lease). */
  sweepMs: number;
  /** How long a job stays with the instance that took it without a renewal (renewed every third of it). */
  leaseMs: number;
  /** Failed attempts at one purchase before its items are tried one by one, and an item then fails. */
  purchaseAttempts: number;
  /** First wait after a failed attempt or run; doubles up to maxRetryDelayMs. */
  retryDelayMs: number;
  maxRetryDelayMs: number;
}

export const LABELING_TIMINGS = Symbol('LABELING_TIMINGS');

const DEFAULT_TIMINGS: LabelingTimings = {
  sweepMs: 15_000,
  leaseMs: 60_000,
  purchaseAttempts: 5,
  retryDelayMs: 1_000,
  maxRetryDelayMs: 30_000,
};

/**
 * Ships the items of shipped batches: buys labels through the label app in chunks, records the
 * results, merges each label file as soon as no label still to come can change it (so merging
 * overlaps labelling), refunds failed items and completes the batch. Every step is
 * decided on the batch's stream, so a restart carries on where the last recorded step ended and
 * nothing is labelled, charged or refunded twice (the label app and the ledger dedupe too).
 *
 * Unfinished jobs are swept every `sweepMs` and taken under a fenced lease (LabelingJobs), so
 * every instance takes part and no two work on one batch: before each purchase, merge, refund and
 * append the run asks the database whether it still holds the job, and one that lost it (it
 * stalled past its lease, and another instance took the job over) stops there. A run that fails (the label app or the
 * database faulting, a concurrency retry exhausted) lets go of its job, which is taken again after
 * a growing wait. A purchase that keeps failing is retried item by item, and an item that still
 * fails after `purchaseAttempts` ends failed, with its refund, like an item the carrier refused.
 */
@Subscribes({
  name: 'batch.labeling',
  streamPrefixes: [BATCH_STREAM_PREFIX, LEDGER_STREAM_PREFIX],
  accepts: (event): event is BatchEvent | LedgerEvent => isBatchEvent(event) || isLedgerEvent(event),
})
@Injectable()
export class LabelingProcess
  implements EventSubscriber<BatchEvent | LedgerEvent>, OnApplicationBootstrap, OnModuleDestroy
{
  private readonly logger = new Logger(LabelingProcess.name);
  private readonly running = new Map<string, Promise<void>>();
  private readonly holder = randomUUID();
  private readonly timings: LabelingTimings;
  private readonly sweeps: LeaseSweep;
  private stopping = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(MESSAGE_CLIENT) private readonly client: ClientProxy,
    private readonly jobs: LabelingJobs,
    private readonly ledger: Ledger,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(LABELING_TIMINGS) timings?: Partial<LabelingTimings>,
  ) {
    this.timings = { ...DEFAULT_TIMINGS, ...timings };
    this.sweeps = LeaseSweep.claiming<LabelingJob>(this.jobs.work(this.timings.leaseMs), this.holder, {
      everyMs: this.timings.sweepMs,
      limit: () => (this.stopping ? 0 : MAX_JOBS - this.running.size),
      take: async (jobs) => jobs.forEach((job) => this.start(job)),
      failed: (error: unknown) =>
        this.logger.error({ err: error }, 'sweeping labelling jobs failed; the next sweep tries again'),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sweeps.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.sweeps.stop();
    await Promise.allSettled(this.running.values());
  }

  /** Resolves when every batch job running now has finished (tests and benchmarks wait on it). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  async handle(event: Recorded<BatchEvent | LedgerEvent>): Promise<void> {
    if (event.type !== 'BatchCharged' && event.type !== 'BatchShipped') return;
    const { data } = event;
    const context = requestContextOf(event, data.account_id);
    if (event.type === 'BatchCharged') {
      // Finishes a ship whose charge was recorded but whose BatchShipped was not (a crash in between).
      await handleCommand({
        store: this.store,
        streamName: batchStreamName(data.batch_id),
        command: {
          type: 'ShipBatch',
          batchId: data.batch_id,
          accountId: data.account_id,
          now: this.clock.now().toISOString(),
          onlyIfReady: true,
        },
        decider: batchDecider,
        metadata: eventMetadata(context, event.id),
      });
    } else {
      const batch = await loadBatch(this.store, data.batch_id);
      const mode = batch.status === 'none' ? 'test' : batch.keyMode;
      await this.jobs.open(data.batch_id, { accountId: data.account_id, mode }, context.correlationId);
      if (this.running.has(data.batch_id) || this.stopping) return;
      const job = await this.jobs.claimOne(data.batch_id, this.holder, this.timings.leaseMs);
      if (job) this.start(job);
    }
  }

  private start(job: LabelingJob): void {
    const batchId = job.batch_id;
    const { leaseMs } = this.timings;
    if (this.running.has(batchId)) return;
    if (this.stopping) {
      void this.jobs.release(job, leaseMs, undefined).catch(() => undefined);
      return;
    }
    const context = { accountId: job.account_id, correlationId: job.correlation_id, keyMode: job.mode };
    const held = new HeldLease(this.jobs.leases(leaseMs), job.lease);
    const running = this.run(batchId, context, job, held)
      .then(
        () => (this.stopping ? this.jobs.release(job, leaseMs, undefined) : undefined),
        (error: unknown) => {
          if (error instanceof LeaseLost || held.signal.aborted) {
            this.logger.warn({ batchId }, 'the lease of a labelling job was lost; this run stopped');
            return;
          }
          const retryInMs = this.backoff(job.failures + 1);
          this.logger.error({ err: error, batchId, retryInMs }, 'batch labelling failed; it is taken again');
          return this.jobs.release(job, leaseMs, { retryInMs });
        },
      )
      .catch((error: unknown) =>
        this.logger.error(
          { err: error, batchId },
          'letting go of a labelling job failed; its lease runs out',
        ),
      )
      .finally(() => {
        this.running.delete(batchId);
        return held.stop();
      });
    this.running.set(batchId, running);
  }

  private backoff(failures: number): number {
    return Math.min(this.timings.retryDelayMs * 2 ** (failures - 1), this.timings.maxRetryDelayMs);
  }

  private async run(
    batchId: string,
    context: RequestContext,
    job: LabelingJob,
    held: HeldLease,
  ): Promise<void> {
    const metadata = eventMetadata(context);
    const stopped = () => this.stopping || held.signal.aborted;
    let { state, revision } = await loadBatchWithRevision(this.store, batchId);
    const merges = new FileMerges(async (groups) => {
      await held.assertHeld();
      return this.merge(batchId, context, groups);
    });
    while (!stopped() && state.status === 'processing') {
      const chunks = chunked(pendingLabelItems(state), CHUNK);
      if (chunks.length === 0) break;
      const terms = labelTermsOf(state);
      const purchase = (items: LabelItem[]) => this.purchase(context, terms, items, held);
      // Purchases in flight keep the label workers busy while results are recorded and files
      // written; a chunk answered out of turn frees its slot at once. Results are recorded in turn.
      let ended = false;
      const purchases = startRolling(chunks, IN_FLIGHT, purchase, () => stopped() || ended);
      try {
        for (let index = 0; index < chunks.length && !stopped(); index++) {
          const results = await purchases.outcome(index);
          await held.assertHeld();
          const recorded = { type: 'RecordLabelResults' as const, batchId, results };
          const outcome: CommandOutcome<BatchEvent, BatchState> = await handleCommand({
            store: this.store,
            streamName: batchStreamName(batchId),
            command: recorded,
            decider: batchDecider,
            metadata,
            known: { state, revision },
          });
          observeBatchPhases(outcome.events, outcome.state);
          ({ state, nextExpectedRevision: revision } = outcome);
          merges.start(settledLabelFileGroups(state));
        }
      } finally {
        // A run that failed while recording starts no more purchases; whoever takes the job goes on.
        ended = true;
      }
      await purchases.settled();
    }
    if (this.stopping) return;
    held.signal.throwIfAborted();
    if (state.status !== 'processing') {
      await this.jobs.close(job, this.timings.leaseMs);
      return;
    }
    for (const item of failedItems(state)) {
      await held.assertHeld();
      await this.ledger.refundItem(
        { accountId: state.accountId, mode: state.keyMode },
        batchId,
        item.item_id,
        item.refund_cents,
        context.correlationId,
      );
    }
    merges.start(settledLabelFileGroups(state));
    const files = await merges.all();
    await held.assertHeld();
    const finished = await handleCommand({
      store: this.store,
      streamName: batchStreamName(batchId),
      command: { type: 'RecordMergedFiles', batchId, files, now: this.clock.now().toISOString() },
      decider: batchDecider,
      metadata,
    });
    observeBatchPhases(finished.events, finished.state);
    await this.jobs.close(job, this.timings.leaseMs);
  }

  /**
   * Buys the labels of `items` with the batch's service, from its shipper's carrier in the mode the
   * batch was created in (never the mode of whoever shipped it). A request that keeps failing is
   * sent item by item, so only the items that keep failing end failed (with the last error as
   * their reason), not their chunk.
   */
  private async purchase(
    context: RequestContext,
    terms: BatchLabelTerms,
    items: LabelItem[],
    held: HeldLease,
  ): Promise<LabelPurchaseResult[]> {
    try {
      return await this.withRetry(async () => {
        await held.assertHeld();
        return sendRequest<LabelPurchaseResult[]>(
          this.client,
          LabelPatterns.purchase,
          { context, payload: { ...terms, items } },
          { timeoutMs: PURCHASE_TIMEOUT_MS },
        );
      });
    } catch (error) {
      if (this.stopping || error instanceof LeaseLost) throw error;
      if (items.length > 1)
        return (await Promise.all(items.map((item) => this.purchase(context, terms, [item], held)))).flat();
      const reason = `The label could not be bought after ${this.timings.purchaseAttempts} attempts: ${messageOf(error)}`;
      this.logger.warn({ itemId: items[0].item_id, err: error }, reason);
      return [{ item_id: items[0].item_id, ok: false, reason }];
    }
  }

  /** Merges `groups` in one request, each group a file of the labels its keys name. */
  private async merge(
    batchId: string,
    context: RequestContext,
    groups: LabelFileGroup[],
  ): Promise<MergedLabelFile[]> {
    const files = groups.map(({ file, label_keys }) => ({ file, label_keys }));
    const reply = await this.withRetry(() =>
      sendRequest<LabelMergeReply>(
        this.client,
        LabelPatterns.merge,
        { context, payload: { batch_id: batchId, files } satisfies LabelMergeRequest },
        { timeoutMs: MERGE_TIMEOUT_MS },
      ),
    );
    return groups.map((group) => {
      const merged = reply.files.find((file) => file.file === group.file);
      if (!merged) throw new Error(`The label app did not merge file ${group.file} of batch ${batchId}`);
      return { file: merged.file, key: merged.key, item_ids: group.item_ids };
    });
  }

  /**
   * Retries with a growing wait: for as long as it takes while the label app is unavailable (down
   * or slow), up to `purchaseAttempts` failed attempts for any other fault (a carrier fault).
   */
  private async withRetry<T>(call: () => Promise<T>): Promise<T> {
    let failures = 0;
    let waits = 0;
    for (;;) {
      try {
        return await call();
      } catch (error) {
        const unavailable = error instanceof AppError && error.code === 'unavailable';
        if (!unavailable) failures += 1;
        if (this.stopping || error instanceof LeaseLost || failures >= this.timings.purchaseAttempts)
          throw error;
        await new Promise((done) => setTimeout(done, this.backoff(++waits)));
      }
    }
  }
}

/**
 * Each file merged once, in requests of the groups that settled together (FILES_PER_MERGE at
 * most); a failure surfaces when they are all awaited.
 */
class FileMerges {
  private readonly started = new Map<number, Promise<MergedLabelFile>>();

  constructor(private readonly merge: (groups: LabelFileGroup[]) => Promise<MergedLabelFile[]>) {}

  start(groups: LabelFileGroup[]): void {
    const fresh = groups.filter((group) => !this.started.has(group.file));
    for (const request of chunked(fresh, FILES_PER_MERGE)) {
      const merging = this.merge(request);
      for (const group of request) {
        const file = merging.then(
          (files) => files.find((merged) => merged.file === group.file) as MergedLabelFile,
        );
        // Awaited in all(); a run stopped before that must not leave an unhandled rejection.
        file.catch(() => undefined);
        this.started.set(group.file, file);
      }
    }
  }

  async all(): Promise<MergedLabelFile[]> {
    const files = await Promise.all(this.started.values());
    return files.sort((a, b) => a.file - b.file);
  }
}

type LabelItem = { item_id: string; shipment: unknown };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function chunked<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

export type { BatchState };
