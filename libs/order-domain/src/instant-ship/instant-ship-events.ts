import type { KeyMode } from '@shipping/contracts-core';

/** The carrier and integration of the shipper an instant ship is bought through. */
export interface InstantShipShipper {
  carrier: string;
  integration: 'own' | 'platform';
}

/** The parcel an instant ship bought a label for: validated, sender resolved, units defaulted. */
export interface InstantShipParcel {
  from_address: Record<string, unknown>;
  to_address: Record<string, unknown> & { ignore_bad_address?: boolean };
  weight_unit: 'LBS' | 'KG';
  length_unit: 'IN' | 'CM';
  package_list: { count: number; weight: number; items?: unknown[] | null; [field: string]: unknown }[];
  [field: string]: unknown;
}

/** Why an instant ship failed: the account could not pay, or the carrier sold no label. */
export type InstantShipFailure = 'insufficient_credit' | 'carrier_refused';

/**
 * Events of a `shipment-<id>` stream: one instant ship. Requested is written before the account is
 * charged or a label bought, so a crash in between leaves a stream that says what to finish.
 */
export type InstantShipEvent =
  | {
      type: 'InstantShipRequested';
      /**
       * Version 2. `shipper` is the shipper's carrier and integration, and `key_mode` the mode of the
       * API key that asked: the label is bought with both, whoever finishes the shipment.
       */
      data: {
        shipment_order_id: number;
        account_id: string;
        service: string;
        shipper_id: number;
        shipper: InstantShipShipper;
        key_mode: KeyMode;
        price_cents: number;
        parcel: InstantShipParcel;
        at: string;
      };
    }
  | {
      type: 'ParcelShipped';
      data: {
        shipment_order_id: number;
        account_id: string;
        service: string;
        tracking_number: string;
        label_key: string;
        price_cents: number;
        at: string;
      };
    }
  | {
      type: 'InstantShipFailed';
      data: {
        shipment_order_id: number;
        account_id: string;
        code: InstantShipFailure;
        reason: string;
        refunded_cents: number;
        at: string;
      };
    };

export type InstantShipEventType = InstantShipEvent['type'];

export const INSTANT_SHIP_EVENT_TYPES: readonly InstantShipEventType[] = [
  'InstantShipRequested',
  'ParcelShipped',
  'InstantShipFailed',
];

export const SHIPMENT_STREAM_PREFIX = 'shipment-';

export const shipmentStreamName = (shipmentOrderId: number) => `${SHIPMENT_STREAM_PREFIX}${shipmentOrderId}`;

export function isInstantShipEvent(event: { type: string }): event is InstantShipEvent {
  return (INSTANT_SHIP_EVENT_TYPES as readonly string[]).includes(event.type);
}
