import type { CarrierLabel, CarrierLabelRequest, CarrierPort } from '../carrier-port';
import type { AccountGuard } from './account-guard';

/**
 * A carrier adapter behind its account's guard: every operation it offers goes through the
 * account's limits, retries and circuit; it offers exactly the operations the adapter does.
 */
export class GuardedCarrier implements CarrierPort {
  readonly idempotencyKeys: CarrierPort['idempotencyKeys'];
  readonly labelPerPiece?: boolean;
  readonly quote?: CarrierPort['quote'];
  readonly cancel?: CarrierPort['cancel'];
  readonly schedulePickup?: CarrierPort['schedulePickup'];
  readonly cancelPickup?: CarrierPort['cancelPickup'];

  constructor(
    private readonly adapter: CarrierPort,
    readonly guard: AccountGuard,
  ) {
    this.idempotencyKeys = adapter.idempotencyKeys;
    if (adapter.labelPerPiece) this.labelPerPiece = true;
    const { quote, cancel, schedulePickup, cancelPickup } = adapter;
    if (quote) this.quote = (request) => guard.run(() => quote.call(adapter, request));
    if (cancel) this.cancel = (trackingNumber) => guard.run(() => cancel.call(adapter, trackingNumber));
    // A carrier without idempotency keys schedules a second pickup when asked again (decision 0106).
    if (schedulePickup)
      this.schedulePickup = (pickup) =>
        guard.run(() => schedulePickup.call(adapter, pickup), {
          retryAmbiguous: this.idempotencyKeys === 'honoured',
        });
    if (cancelPickup)
      this.cancelPickup = (confirmation) => guard.run(() => cancelPickup.call(adapter, confirmation));
  }

  purchase(request: CarrierLabelRequest): Promise<CarrierLabel> {
    return this.guard.run(() => this.adapter.purchase(request), {
      retryAmbiguous: this.idempotencyKeys === 'honoured',
    });
  }
}
