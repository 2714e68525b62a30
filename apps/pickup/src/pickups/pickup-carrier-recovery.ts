import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  Optional,
} from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';
import { PeriodicSweep } from '@shipping/platform/leases';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { PickupCommands } from './pickup-commands';
import {
  DEFAULT_PICKUP_RECOVERY_TIMINGS,
  PICKUP_RECOVERY_TIMINGS,
  type PickupRecoveryTimings,
} from './pickup-recovery-timings';

const PICKUPS_PER_SWEEP = 50;

/**
 * Finishes the live pickups whose request gave up before the carrier's answer was recorded (the
 * label app did not answer in time, this app stopped, the client never retried): the label app is
 * asked again under the pickup's key, so the carrier is not (decision 0106), and its answer is
 * recorded. At start and then every 15 s, for pickups pending for 15 s (longer than a request waits;
 * both settable, PickupRecoveryTimings); any instance may run it, the stream's revision keeps one
 * answer.
 */
@Injectable()
export class PickupCarrierRecovery implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PickupCarrierRecovery.name);
  private readonly sweeps: PeriodicSweep;

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly commands: PickupCommands,
    @Optional()
    @Inject(PICKUP_RECOVERY_TIMINGS)
    private readonly timings: PickupRecoveryTimings = DEFAULT_PICKUP_RECOVERY_TIMINGS,
  ) {
    this.sweeps = new PeriodicSweep(
      async () => void (await this.sweep()),
      timings.everyMs,
      (error: unknown) => this.logger.error({ err: error }, 'pickup carrier recovery failed'),
    );
  }

  onApplicationBootstrap(): void {
    void this.sweeps.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeps.stop();
  }

  /** Answers how many pending pickups it took up. */
  async sweep(now = new Date()): Promise<number> {
    const { rows } = await this.sql.query<{ pickup_id: string | number; account_id: string }>(
      `select pickup_id, account_id from pickup_orders_view
        where mode = 'live' and (doc->>'status') = 'pending' and created_at < $1
        order by created_at limit $2`,
      [new Date(now.getTime() - this.timings.pendingForMs).toISOString(), PICKUPS_PER_SWEEP],
    );
    for (const row of rows) {
      const pickupId = Number(row.pickup_id);
      const context = {
        accountId: row.account_id,
        keyMode: 'live' as const,
        correlationId: `pickup-recovery-${pickupId}`,
      };
      await this.commands.resume(pickupId, context).then(
        (status) => this.logger.log({ pickupId, status }, 'pending pickup taken up'),
        (error: unknown) => this.logger.warn({ err: error, pickupId }, 'pending pickup not finished yet'),
      );
    }
    return rows.length;
  }
}
