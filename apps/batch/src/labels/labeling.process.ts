import {
  Inject,
  Injectable,
  Logger,
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
  type LabelFileGroup,
  LEDGER_STREAM_PREFIX,
  type MergedLabelFile,
  settledLabelFileGroups,
} from '@shipping/batch-domain';
import {
  AppError,
  LabelPatterns,
  type LabelMergeReply,
  type LabelPurchaseResult,
  type RequestContext,
} from '@shipping/contracts';
import {
  type EventStore,
  type RecordedEvent,
  type SqlClient,
  type Subscription,
} from '@shipping/event-store';
import { MESSAGE_CLIENT, sendRequest } from '@shipping/messaging';
import {
  type CommandOutcome,
  EVENT_STORE,
  handleCommand,
  SQL_CLIENT,
  startStoredSubscription,
} from '@shipping/platform';
import { loadBatchWithRevision } from '../batches/batch-stream';
import { Ledger } from '../shipping/ledger';
import { LabelingJobs } from './labeling-jobs';
import { failedItems, pendingLabelItems, serviceOf } from './labeling-state';

/** Labels bought per request to the label app; the label app spreads a chunk over its workers. */
const CHUNK = 100;
const IN_FLIGHT = 3;
/**
 * A request the label app had in hand when it died is not delivered again: this wait is how long a
 * label crash delays a batch before the request is sent again (a chunk takes well under a second).
 * A repeat does no harm: labels are bought once per item and merged files are replaced whole.
 */
const PURCHASE_TIMEOUT_MS = 20_000;
const MERGE_TIMEOUT_MS = 30_000;
const RETRY_DELAY_MS = 1_000;

/**
 * Ships the items of shipped batches: buys labels through the label app in chunks, records the
 * results, merges each label file as soon as no label still to come can change it (so merging
 * overlaps labelling), refunds failed items and completes the batch. Every step is
 * decided on the batch's stream, so a restart carries on where the last recorded step ended and
 * nothing is labelled, charged or refunded twice (the label app and the ledger dedupe too).
 */
@Injectable()
export class LabelingProcess implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LabelingProcess.name);
  private readonly running = new Map<string, Promise<void>>();
  private subscription?: Subscription;
  private stopping = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(MESSAGE_CLIENT) private readonly client: ClientProxy,
    private readonly jobs: LabelingJobs,
    private readonly ledger: Ledger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await startStoredSubscription(this.sql, this.store, {
      name: 'batch.labeling',
      streamNamePrefixes: [BATCH_STREAM_PREFIX, LEDGER_STREAM_PREFIX],
      onEvent: (event) => this.onEvent(event),
      logger: this.logger,
    });
    for (const job of await this.jobs.unfinished())
      this.start(job.batch_id, { accountId: job.account_id, correlationId: job.correlation_id });
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.subscription?.stop();
    await Promise.allSettled(this.running.values());
  }

  /** Resolves when every batch job running now has finished (tests and benchmarks wait on it). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  private async onEvent(event: RecordedEvent): Promise<void> {
    const data = event.data as { batch_id: string; account_id: string };
    const context = {
      accountId: data.account_id,
      correlationId: String(event.metadata.correlationId ?? event.id),
    };
    if (event.type === 'BatchCharged') {
      // Finishes a ship whose charge was recorded but whose BatchShipped was not (a crash in between).
      await handleCommand(
        this.store,
        batchStreamName(data.batch_id),
        {
          type: 'ShipBatch',
          batchId: data.batch_id,
          accountId: data.account_id,
          now: new Date().toISOString(),
          onlyIfReady: true,
        },
        batchDecider,
        { correlationId: context.correlationId, causationId: event.id, accountId: data.account_id },
      );
    } else if (event.type === 'BatchShipped') {
      await this.jobs.open(data.batch_id, data.account_id, context.correlationId);
      this.start(data.batch_id, context);
    }
  }

  private start(batchId: string, context: RequestContext): void {
    if (this.running.has(batchId) || this.stopping) return;
    const job = this.run(batchId, context)
      .catch((error: unknown) =>
        this.logger.error({ err: error, batchId }, 'batch labelling failed; it resumes on restart'),
      )
      .finally(() => this.running.delete(batchId));
    this.running.set(batchId, job);
  }

  private async run(batchId: string, context: RequestContext): Promise<void> {
    const metadata = {
      correlationId: context.correlationId,
      causationId: context.correlationId,
      accountId: context.accountId,
    };
    let { state, revision } = await loadBatchWithRevision(this.store, batchId);
    const merges = new FileMerges((group) => this.merge(batchId, context, group));
    while (!this.stopping && state.status === 'processing') {
      const chunks = chunked(pendingLabelItems(state), CHUNK);
      if (chunks.length === 0) break;
      const service = serviceOf(state);
      const purchase = (items: (typeof chunks)[number]) =>
        this.withRetry(() =>
          sendRequest<LabelPurchaseResult[]>(
            this.client,
            LabelPatterns.purchase,
            { context, payload: { service, items } },
            { timeoutMs: PURCHASE_TIMEOUT_MS },
          ),
        );
      // Purchases in flight keep the label workers busy while results are recorded and files written.
      const inFlight = chunks.slice(0, IN_FLIGHT).map(purchase);
      for (let index = 0; index < chunks.length && !this.stopping; index++) {
        const results = await inFlight[index];
        if (index + IN_FLIGHT < chunks.length) inFlight.push(purchase(chunks[index + IN_FLIGHT]));
        const recorded = { type: 'RecordLabelResults' as const, batchId, results };
        const outcome: CommandOutcome<BatchEvent, BatchState> = await handleCommand(
          this.store,
          batchStreamName(batchId),
          recorded,
          batchDecider,
          metadata,
          {
            known: { state, revision },
          },
        );
        ({ state, nextExpectedRevision: revision } = outcome);
        merges.start(settledLabelFileGroups(state));
      }
      await Promise.allSettled(inFlight);
    }
    if (this.stopping || state.status !== 'processing') {
      if (state.status === 'completed') await this.jobs.close(batchId);
      return;
    }
    for (const item of failedItems(state)) {
      await this.ledger.refundItem(
        context.accountId,
        batchId,
        item.item_id,
        item.refund_cents,
        context.correlationId,
      );
    }
    merges.start(settledLabelFileGroups(state));
    const files = await merges.all();
    await handleCommand(
      this.store,
      batchStreamName(batchId),
      { type: 'RecordMergedFiles', batchId, files, now: new Date().toISOString() },
      batchDecider,
      metadata,
    );
    await this.jobs.close(batchId);
  }

  private async merge(
    batchId: string,
    context: RequestContext,
    group: LabelFileGroup,
  ): Promise<MergedLabelFile> {
    const reply = await this.withRetry(() =>
      sendRequest<LabelMergeReply>(
        this.client,
        LabelPatterns.merge,
        { context, payload: { batch_id: batchId, files: [group] } },
        { timeoutMs: MERGE_TIMEOUT_MS },
      ),
    );
    const merged = reply.files.find((file) => file.file === group.file);
    if (!merged) throw new Error(`The label app did not merge file ${group.file} of batch ${batchId}`);
    return { file: merged.file, key: merged.key, item_ids: group.item_ids };
  }

  /** The label app may be down or slow (distributed runtime); domain refusals are not retried. */
  private async withRetry<T>(call: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'unavailable' || this.stopping) throw error;
        await new Promise((done) => setTimeout(done, RETRY_DELAY_MS));
      }
    }
  }
}

/** One merge request per settled file, each started once; a failure surfaces when they are all awaited. */
class FileMerges {
  private readonly started = new Map<number, Promise<MergedLabelFile>>();

  constructor(private readonly merge: (group: LabelFileGroup) => Promise<MergedLabelFile>) {}

  start(groups: LabelFileGroup[]): void {
    for (const group of groups) {
      if (this.started.has(group.file)) continue;
      const merging = this.merge(group);
      // Awaited in all(); a run stopped before that must not leave an unhandled rejection.
      merging.catch(() => undefined);
      this.started.set(group.file, merging);
    }
  }

  async all(): Promise<MergedLabelFile[]> {
    const files = await Promise.all(this.started.values());
    return files.sort((a, b) => a.file - b.file);
  }
}

function chunked<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

export type { BatchState };
