import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InstantShipCompletion } from './instant-ship-completion';
import { PendingShipments, SHIPMENT_LEASE_MS } from './pending-shipments';

/** As often as a dead finisher's claim runs out. */
const SWEEP_EVERY_MS = SHIPMENT_LEASE_MS;

/**
 * Finishes the instant ships nobody is finishing: their request failed on the way (another app
 * not answering), or the process finishing them died (its claim ran out). At start and then as
 * often as a claim runs out. A shipment some request or retry is finishing is held by it and left alone; one
 * claimed here makes a retry with its Idempotency-Key wait for this outcome.
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
    this.sweeping = this.sweep();
    this.timer = setInterval(() => {
      this.sweeping ??= this.sweep();
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  private async sweep(): Promise<void> {
    try {
      for (const shipment of await this.pending.unheld()) {
        const context = { accountId: shipment.account_id, correlationId: shipment.correlation_id };
        await this.completion.settle(shipment.shipment_order_id, context, { waitMs: 0 }).then(
          (state) =>
            this.logger.log(
              { shipmentOrderId: shipment.shipment_order_id, status: state.status },
              'pending instant ship finished',
            ),
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
