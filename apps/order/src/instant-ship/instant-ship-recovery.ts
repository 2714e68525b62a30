import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { LeaseSweep } from '@shipping/platform/leases';
import { InstantShipCompletion } from './instant-ship-completion';
import { type PendingShipment, PendingShipments } from './pending-shipments';

/**
 * Finishes the instant ships nobody is finishing: their request failed on the way (another app
 * not answering), or the process finishing them died or stalled (its lease ran out). At start and
 * then as often as a lease runs out. A shipment some request or retry is finishing is held by it
 * and left alone; one claimed here makes a retry with its Idempotency-Key wait for this outcome.
 */
@Injectable()
export class InstantShipRecovery implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(InstantShipRecovery.name);
  private readonly sweeps: LeaseSweep;

  constructor(pending: PendingShipments, completion: InstantShipCompletion) {
    this.sweeps = pending.sweep(
      async (shipments) => {
        for (const shipment of shipments) await this.finish(completion, shipment);
      },
      (error: unknown) => this.logger.error({ err: error }, 'instant ship recovery failed'),
    );
  }

  onApplicationBootstrap(): void {
    void this.sweeps.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeps.stop();
  }

  private async finish(completion: InstantShipCompletion, shipment: PendingShipment): Promise<void> {
    const context = {
      accountId: shipment.account_id,
      correlationId: shipment.correlation_id,
      keyMode: shipment.mode,
    };
    await completion.settle(shipment.shipment_order_id, context, { waitMs: 0 }).then(
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
}
