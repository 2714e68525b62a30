import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  BATCH_STREAM_PREFIX,
  batchDecider,
  type BatchEvent,
  type BatchItemSubmission,
  batchStreamName,
} from '@shipping/batch-domain';
import {
  type EventStore,
  type RecordedEvent,
  type SqlClient,
  type Subscription,
} from '@shipping/event-store';
import {
  AccountDirectoryClient,
  EVENT_STORE,
  handleCommand,
  SQL_CLIENT,
  startStoredSubscription,
} from '@shipping/platform';
import { observeBatchPhases } from '../batches/batch-phase-metrics';
import { loadBatchWithRevision } from '../batches/batch-stream';
import { validateItem } from './item-validation';

/**
 * Validates the items of every created batch, asynchronously, once all its items are recorded,
 * and records the results in as few appends as stay within the append size (the batch's only
 * writer at this step, so no revision races); BatchValidated comes with the last of them.
 * At-least-once: a creation event handled again validates only the items still pending, so a
 * process stopped between two appends of results carries on where the last one ended, and one
 * handled after the batch left validating decides nothing.
 */
@Injectable()
export class ValidationProcess implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ValidationProcess.name);
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly directory: AccountDirectoryClient,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await startStoredSubscription(this.sql, this.store, {
      name: 'batch.validation',
      streamNamePrefixes: [BATCH_STREAM_PREFIX],
      onEvent: (event) => this.onEvent(event),
      logger: this.logger,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  private async onEvent(event: RecordedEvent): Promise<void> {
    if (event.type !== 'BatchCreated' && event.type !== 'BatchItemsAdded') return;
    const { batch_id: batchId } = event.data as { batch_id: string };
    const known = await loadBatchWithRevision(this.store, batchId);
    const { state } = known;
    if (state.status !== 'validating') return;
    const pending = new Set(state.items.filter((item) => item.status === 'pending').map((item) => item.id));
    if (pending.size === 0) return;
    const context = {
      accountId: state.accountId,
      correlationId: String(event.metadata.correlationId ?? event.id),
    };
    const [saved, preferences, submissions] = await Promise.all([
      this.directory.addresses(context),
      this.directory.preferences(context),
      this.submissions(batchId, event),
    ]);
    const results = submissions
      .filter((item) => pending.has(item.item_id))
      .map((item) => validateItem(item, state.service, saved, preferences));
    const outcome = await handleCommand(
      this.store,
      batchStreamName(batchId),
      { type: 'RecordValidation', batchId, results, now: new Date().toISOString() },
      batchDecider,
      { correlationId: context.correlationId, causationId: event.id, accountId: state.accountId },
      { known, inParts: true },
    );
    observeBatchPhases(outcome.events, outcome.state);
  }

  /** The items as submitted: all in the BatchCreated of most batches, in its BatchItemsAdded too for large ones. */
  private async submissions(batchId: string, event: RecordedEvent): Promise<BatchItemSubmission[]> {
    const created = event.data as Extract<BatchEvent, { type: 'BatchCreated' }>['data'];
    if (event.type === 'BatchCreated' && created.items.length === created.item_count) return created.items;
    const recorded = (await this.store.readStream(batchStreamName(batchId))) as unknown as BatchEvent[];
    return recorded.flatMap((stored) =>
      stored.type === 'BatchCreated' || stored.type === 'BatchItemsAdded' ? stored.data.items : [],
    );
  }
}
