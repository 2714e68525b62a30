import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { BATCH_STREAM_PREFIX, batchStreamName } from '@shipping/batch-domain';
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
import { batchDecider } from '../batches/batch-stream';
import { validateItem } from './item-validation';

/**
 * Validates the items of every created batch, asynchronously, and records all results with one
 * multi-event append (the batch's only writer at this step, so no revision races). At-least-once:
 * a redelivered BatchCreated decides nothing, because the batch is no longer validating.
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
    if (event.type !== 'BatchCreated') return;
    const created = event.data as {
      batch_id: string;
      account_id: string;
      service: string;
      items: Parameters<typeof validateItem>[0][];
    };
    const context = {
      accountId: created.account_id,
      correlationId: String(event.metadata.correlationId ?? event.id),
    };
    const [saved, preferences] = await Promise.all([
      this.directory.addresses(context),
      this.directory.preferences(context),
    ]);
    const results = created.items.map((item) => validateItem(item, created.service, saved, preferences));
    await handleCommand(
      this.store,
      batchStreamName(created.batch_id),
      { type: 'RecordValidation', batchId: created.batch_id, results, now: new Date().toISOString() },
      batchDecider,
      { correlationId: context.correlationId, causationId: event.id, accountId: created.account_id },
    );
  }
}
