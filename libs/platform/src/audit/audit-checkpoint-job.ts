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
  type EventStore,
  recordCheckpoints,
  type SqlClient,
  SqlAuditCheckpoints,
} from '@shipping/event-store';
import { EVENT_STORE, SQL_CLIENT } from '../tokens';
import { AUDIT_CONFIG, type AuditConfig, readAuditConfig } from './audit-config';

/**
 * Signs a checkpoint of $all every `intervalMs`, one per `maxEvents` events appended since the
 * last. Every instance runs it: the first to record a checkpoint's sequence keeps it.
 */
@Injectable()
export class AuditCheckpointJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AuditCheckpointJob.name);
  private readonly config: AuditConfig;
  private readonly checkpoints: SqlAuditCheckpoints;
  private timer?: NodeJS.Timeout;
  private round?: Promise<unknown>;
  private stopped = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) sql: SqlClient,
    @Optional() @Inject(AUDIT_CONFIG) config?: AuditConfig,
  ) {
    this.config = config ?? readAuditConfig();
    this.checkpoints = new SqlAuditCheckpoints(sql);
  }

  /** Creates the checkpoints' table at start, as every store's schema is, then schedules the rounds. */
  async onApplicationBootstrap(): Promise<void> {
    this.stopped = false;
    await this.checkpoints.init();
    this.schedule();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
  }

  /** One round: the checkpoints this instance recorded. */
  async checkpointOnce(): Promise<AuditCheckpoint[]> {
    // The adapter's own events: the hashes cover what is stored, not what upcasters make of it.
    return recordCheckpoints(
      adapterOf(this.store),
      this.checkpoints,
      this.config.keys[0],
      this.config.maxEvents,
    );
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.checkpointOnce()
        .catch((error: unknown) => this.logger.warn(`Audit checkpoint failed: ${String(error)}`))
        .finally(() => this.schedule());
    }, this.config.intervalMs);
    this.timer.unref();
  }
}
