import { Inject, Injectable } from '@nestjs/common';
import {
  BATCH_STREAM_PREFIX,
  batchDecider,
  type BatchEvent,
  type BatchItemSubmission,
  batchStreamName,
  isBatchEvent,
} from '@shipping/batch-domain';
import type { EventStore } from '@shipping/event-store';
import { AccountDirectoryClient } from '@shipping/platform/account-directory';
import { CLOCK, type Clock } from '@shipping/platform/clock';
import { eventMetadata, handleCommand, requestContextOf } from '@shipping/platform/commands';
import { EVENT_STORE } from '@shipping/platform/storage';
import { type EventSubscriber, type Recorded, Subscribes } from '@shipping/platform/subscriptions';
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
@Subscribes({ name: 'batch.validation', streamPrefixes: [BATCH_STREAM_PREFIX], accepts: isBatchEvent })
@Injectable()
export class ValidationProcess implements EventSubscriber<BatchEvent> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly directory: AccountDirectoryClient,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(event: Recorded<BatchEvent>): Promise<void> {
    if (event.type !== 'BatchCreated' && event.type !== 'BatchItemsAdded') return;
    const batchId = event.data.batch_id;
    const known = await loadBatchWithRevision(this.store, batchId);
    const { state } = known;
    if (state.status !== 'validating') return;
    const pending = new Set(state.items.filter((item) => item.status === 'pending').map((item) => item.id));
    if (pending.size === 0) return;
    const context = requestContextOf(event, state.accountId);
    const [saved, preferences, submissions] = await Promise.all([
      this.directory.addresses(context),
      this.directory.preferences(context),
      this.submissions(batchId, event),
    ]);
    const results = submissions
      .filter((item) => pending.has(item.item_id))
      .map((item) => validateItem(item, state.service, saved, preferences));
    const outcome = await handleCommand({
      store: this.store,
      streamName: batchStreamName(batchId),
      command: { type: 'RecordValidation', batchId, results, now: this.clock.now().toISOString() },
      decider: batchDecider,
      metadata: eventMetadata(context, event.id),
      known,
      inParts: true,
    });
    observeBatchPhases(outcome.events, outcome.state);
  }

  /** The items as submitted: all in the BatchCreated of most batches, in its BatchItemsAdded too for large ones. */
  private async submissions(
    batchId: string,
    event: Recorded<Extract<BatchEvent, { type: 'BatchCreated' | 'BatchItemsAdded' }>>,
  ): Promise<BatchItemSubmission[]> {
    if (event.type === 'BatchCreated' && event.data.items.length === event.data.item_count)
      return event.data.items;
    const recorded = (await this.store.readStream(batchStreamName(batchId))) as unknown as BatchEvent[];
    return recorded.flatMap((stored) =>
      stored.type === 'BatchCreated' || stored.type === 'BatchItemsAdded' ? stored.data.items : [],
    );
  }
}
