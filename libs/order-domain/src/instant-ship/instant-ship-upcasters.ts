import { carrierOfParcelService } from '@shipping/reference-data';
import type { InstantShipEvent } from './instant-ship-events';

type Requested = Extract<InstantShipEvent, { type: 'InstantShipRequested' }>['data'];
type RequestedV1 = { service: string; [field: string]: unknown };

/**
 * Version 2 of InstantShipRequested names the shipper's carrier and integration and the asking
 * key's mode. A version 1 shipment was asked before keys had a mode reach the order app, and its
 * label was bought from the sandbox: it reads as a test of its service's carrier on the merchant's
 * own integration (the only one instant ship takes).
 */
export function instantShipRequestedV1ToV2(data: unknown): Requested {
  const v1 = data as RequestedV1;
  return {
    ...v1,
    shipper: { carrier: carrierOfParcelService(v1.service), integration: 'own' },
    key_mode: 'test',
  } as unknown as Requested;
}

export const INSTANT_SHIP_EVENT_UPCASTERS = [
  { type: 'InstantShipRequested', fromVersion: 1, upcast: instantShipRequestedV1ToV2 },
] as const;
