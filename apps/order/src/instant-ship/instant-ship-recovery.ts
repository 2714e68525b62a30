import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InstantShipCompletion } from './instant-ship-completion';
import { PendingShipments } from './pending-shipments';

/** A shipment this old is no longer being finished by its request, which times out well before. */
const STALE_AFTER_MS = 60_000;
const SWEEP_EVERY_MS = 30_000;

/**
 * Finishes the instant ships a crash (or a fault of another app) left pending: at start every
 * pending shipment, since nothing of this process is finishing them, then every half minute the
 * ones older than a request can take. Finishing is idempotent, so racing a live request is safe.
 */
@Injectable()
export class InstantShipRecovery implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(InstantShipRecovery.name);
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    private readonly pending: PendingShipments,
    private readonly completion: InstantShipCompletion,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeping = this.sweep(0);
    this.timer = setInterval(() => {
      this.sweeping ??= this.sweep(STALE_AFTER_MS);
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  private async sweep(olderThanMs: number): Promise<void> {
    try {
      for (const shipment of await this.pending.olderThan(olderThanMs)) {
        const context = { accountId: shipment.account_id, correlationId: shipment.correlation_id };
        await this.completion.complete(shipment.shipment_order_id, context).then(
          () =>
            this.logger.log({ shipmentOrderId: shipment.shipment_order_id }, 'pending instant ship finished'),
          (error: unknown) =>
            this.logger.warn(
              { err: error, shipmentOrderId: shipment.shipment_order_id },
              'pending instant ship not finished',
            ),
        );
      }
    } catch (error) {
      this.logger.error({ err: error }, 'instant ship recovery failed');
    } finally {
      this.sweeping = undefined;
    }
  }
}
