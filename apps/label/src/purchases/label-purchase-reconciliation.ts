import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { LeaseSweep } from '@shipping/platform/leases';
import { LabelPurchaseIntents } from './label-purchase-intents';
import { LabelPurchases } from './label-purchases';

/**
 * Completes purchases nobody holds any more: the label app died between recording an intent and
 * recording its label (maybe after the carrier sold it), or the purchase failed on its way. Each is
 * bought again under its own key, so the carrier answers the label it sold, if it sold one, and
 * sells none twice; a carrier without idempotency keys that was asked already is not asked again
 * (LabelPurchases settles the intent as an unknown outcome). Runs at start and then as often as a dead holder's lease runs out.
 */
@Injectable()
export class LabelPurchaseReconciliation implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(LabelPurchaseReconciliation.name);
  private readonly sweeps: LeaseSweep;

  constructor(intents: LabelPurchaseIntents, purchases: LabelPurchases) {
    this.sweeps = intents.sweep(
      async (unheld) => {
        const completed = await purchases.complete(unheld);
        this.logger.log({ completed }, 'unfinished label purchases completed');
      },
      (error: unknown) =>
        this.logger.warn({ err: error }, 'unfinished label purchases not completed; retried later'),
    );
  }

  onApplicationBootstrap(): void {
    void this.sweeps.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeps.stop();
  }
}
