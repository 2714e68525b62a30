import type { LabelPurchaseRequest } from '@shipping/contracts';
import { carrierOfParcelService } from '@shipping/reference-data';

/** How the merchant reaches the carrier: its own carrier account, or the platform's. */
export type IntegrationKind = 'own' | 'platform';

/** The mode of the API key the work was asked with: test keys never reach a real carrier. */
export type KeyMode = 'test' | 'live';

/** The account and shipper whose stored carrier credentials an own integration buys with. */
export interface ShipperRef {
  account_id: string;
  shipper_id: number;
}

/** What picks the adapter of a label purchase: the shipper's carrier and integration, and the key's mode. */
export interface CarrierChoice {
  carrier: string;
  integration: IntegrationKind;
  mode: KeyMode;
  shipper?: ShipperRef;
}

/**
 * The choice a purchase request makes. A request that does not name its shipper buys with the
 * carrier of its service on the merchant's own integration (what batches and instant ship
 * need), and one that does not name its key's mode is a test: the sandbox sells its labels.
 */
export function carrierChoiceOf(request: LabelPurchaseRequest): CarrierChoice {
  const { account_id, shipper_id } = request.shipper ?? {};
  return {
    carrier: request.shipper?.carrier ?? carrierOfParcelService(request.service),
    integration: request.shipper?.integration ?? 'own',
    mode: request.mode ?? 'test',
    ...(account_id !== undefined && shipper_id !== undefined ? { shipper: { account_id, shipper_id } } : {}),
  };
}
