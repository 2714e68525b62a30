import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  adapterOf,
  type AuditCheckpoint,
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
  recordCheckpoints,
  type SqlClient,
  SqlAuditCheckpoints,
  type Subscription,
} from '@shipping/event-store';
import { EVENT_STORE, SQL_CLIENT } from '../tokens';
import { AUDIT_CONFIG, type AuditConfig, readAuditConfig } from './audit-config';

/**
 * Signs a checkpoint of $all every `intervalMs`, and as soon as `maxEvents` events were appended
 * since the last: a subscription to $all counts the positions past the latest checkpoint. Every
 * instance runs it: the first to record a checkpoint's sequence keeps it.
 */
@Injectable()
export class AuditCheckpointJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AuditCheckpointJob.name);
  private readonly config: AuditConfig;
  private readonly checkpoints: SqlAuditCheckpoints;
  private timer?: NodeJS.Timeout;
  private subscription?: Subscription;
  private round: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** Positions seen by the subscription past the latest checkpoint this instance knows, in $all order. */
  private pending: Position[] = [];

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) sql: SqlClient,
    @Optional() @Inject(AUDIT_CONFIG) config?: AuditConfig,
  ) {
    this.config = config ?? readAuditConfig();
    this.checkpoints = new SqlAuditCheckpoints(sql);
  }

  /** Creates the checkpoints' table at start, as every store's schema is, then counts and schedules. */
  async onApplicationBootstrap(): Promise<void> {
    this.stopped = false;
    await this.checkpoints.init();
    const latest = await this.checkpoints.latest();
    this.subscription = adapterOf(this.store).subscribeToAll(
      {
        onEvents: (events) => this.count(events),
        onError: (error) => this.logger.warn(`Audit checkpoint count stopped: ${String(error)}`),
      },
      { after: latest?.position },
    );
    this.subscription.caughtUp.catch(() => undefined);
    this.schedule();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.subscription?.stop();
    await this.round;
  }

  /** One round: the checkpoints this instance recorded. */
  async checkpointOnce(): Promise<AuditCheckpoint[]> {
    return this.recordRound(false);
  }

  private async count(events: RecordedEvent[]): Promise<void> {
    for (const event of events) this.pending.push(event.position);
    if (this.pending.length < this.config.maxEvents || this.stopped) return;
    // A failed round leaves the count as it was: the next events, or the timed round, try again.
    await this.recordRound(true).catch((error: unknown) =>
      this.logger.warn(`Audit checkpoint failed: ${String(error)}`),
    );
  }

  /** Rounds run one at a time in this instance; across instances the checkpoint's sequence decides. */
  private recordRound(wholeOnly: boolean): Promise<AuditCheckpoint[]> {
    const recorded = this.round.then(async () => {
      // The adapter's own events: the hashes cover what is stored, not what upcasters make of it.
      const store = adapterOf(this.store);
      const key = this.config.keys[0];
      const done = await recordCheckpoints(store, this.checkpoints, key, this.config.maxEvents, {
        wholeOnly,
      });
      this.forgetUpTo((await this.checkpoints.latest())?.position);
      return done;
    });
    this.round = recorded.catch(() => undefined);
    return recorded;
  }

  private forgetUpTo(position: Position | undefined): void {
    if (position === undefined) return;
    const kept = this.pending.findIndex((seen) => comparePositions(seen, position) > 0);
    this.pending = kept === -1 ? [] : this.pending.slice(kept);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.checkpointOnce()
        .catch((error: unknown) => this.logger.warn(`Audit checkpoint failed: ${String(error)}`))
        .finally(() => this.schedule());
    }, this.config.intervalMs);
    this.timer.unref();
  }
}
