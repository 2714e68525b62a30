import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
  Optional,
} from '@nestjs/common';
import { batchDecider, batchStreamName, type CreateBatch } from '@shipping/batch-domain';
import { type EventMetadata, type EventStore, schemaReady, type SqlClient } from '@shipping/event-store';
import { handleCommand } from '@shipping/platform/commands';
import { EVENT_STORE, SQL_CLIENT } from '@shipping/platform/storage';
import { BATCH_MIGRATIONS } from '../batch.migrations';
import { loadBatch } from './batch-stream';

export interface BatchCreationTimings {
  /** How often creations left unfinished are looked for. */
  sweepMs: number;
  /** How old an unfinished creation must be before the sweep finishes it (its request is over by then). */
  finishAfterMs: number;
}

export const BATCH_CREATION_TIMINGS = Symbol('BATCH_CREATION_TIMINGS');

const DEFAULT_TIMINGS: BatchCreationTimings = { sweepMs: 15_000, finishAfterMs: 60_000 };
const LEASE_MS = 60_000;

/**
 * Creating a batch large enough to take several appends (BatchCreated, then BatchItemsAdded) is
 * resumable: the command, with every submitted item, is kept here before the first append and
 * dropped after the last. A creation cut short (a crash between two appends) leaves its row, and
 * the sweep finishes it with the same command, which on a batch still `creating` decides only the
 * items not recorded yet; the batch then becomes visible and is validated like any other. A row
 * whose batch has no event at all is dropped: nothing was created, nothing is finished.
 */
@Injectable()
export class BatchCreations implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BatchCreations.name);
  private readonly timings: BatchCreationTimings;
  private sweeping?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Optional() @Inject(BATCH_CREATION_TIMINGS) timings?: Partial<BatchCreationTimings>,
  ) {
    this.timings = { ...DEFAULT_TIMINGS, ...timings };
  }

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, BATCH_MIGRATIONS);
  }

  onApplicationBootstrap(): void {
    this.sweeping = setInterval(() => void this.sweep(), this.timings.sweepMs);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweeping);
    await this.running;
  }

  /** Creates the batch, resumably: the command (and the mode of its key) is kept until every part is appended. */
  async create(command: CreateBatch, metadata: EventMetadata): Promise<void> {
    await this.sql.query('insert into batch_creations (batch_id, mode, command) values ($1, $2, $3)', [
      command.batchId,
      command.keyMode,
      JSON.stringify({ command, metadata }),
    ]);
    await this.finish(command, metadata);
  }

  /** Finishes the creations left unfinished for `finishAfterMs`; answers how many it took. */
  sweep(): Promise<number> {
    this.running ??= this.finishLeftOver().finally(() => (this.running = undefined));
    return this.running;
  }

  private async finishLeftOver(): Promise<number> {
    try {
      const { rows } = await this.sql.query<{
        command: { command: CreateBatch; metadata: EventMetadata };
      }>(
        `update batch_creations set lease_until = now() + $2 * interval '1 millisecond'
         where batch_id in (
           select batch_id from batch_creations
           where started_at < now() - $1 * interval '1 millisecond'
             and (lease_until is null or lease_until < now())
           order by started_at limit 10
           for update skip locked)
         returning command`,
        [this.timings.finishAfterMs, LEASE_MS],
      );
      for (const { command } of rows) await this.finishLeftOverOne(command.command, command.metadata);
      return rows.length;
    } catch (error) {
      this.logger.error({ err: error }, 'finishing batch creations failed; the next sweep tries again');
      return 0;
    }
  }

  private async finishLeftOverOne(command: CreateBatch, metadata: EventMetadata): Promise<void> {
    const state = await loadBatch(this.store, command.batchId);
    if (state.status !== 'creating') {
      await this.drop(command.batchId);
      return;
    }
    this.logger.warn(
      { batchId: command.batchId, recorded: state.items.length, itemCount: state.itemCount },
      `the creation of batch ${command.batchId} was cut short; it is finished now`,
    );
    await this.finish(command, metadata);
  }

  private async finish(command: CreateBatch, metadata: EventMetadata): Promise<void> {
    await handleCommand({
      store: this.store,
      streamName: batchStreamName(command.batchId),
      command,
      decider: batchDecider,
      metadata,
      inParts: true,
    });
    await this.drop(command.batchId);
  }

  private async drop(batchId: string): Promise<void> {
    await this.sql.query('delete from batch_creations where batch_id = $1', [batchId]);
  }
}
