import type { AccountPreferences, PostalAddress } from '@shipping/contracts-core';

/** Units an account's requests are read in when they name none. */
export type AccountUnits = AccountPreferences;

/** `own`: the account's own carrier-account integration; `platform`: the platform's account. */
export type ShipperIntegration = 'own' | 'platform';

export interface SavedAddress extends PostalAddress {
  is_residential: boolean;
}

/** Events of an `account-<id>` stream: the account and its directory (shippers, address book). */
export type AccountEvent =
  | { type: 'AccountOpened'; data: { account_id: string; name: string; at: string } & AccountUnits }
  | {
      type: 'ShipperAdded';
      data: {
        account_id: string;
        shipper_id: number;
        name: string;
        carrier: string;
        integration: ShipperIntegration;
        at: string;
      };
    }
  | {
      /** Credentials were given to the label app; who gave them is the event's actor. Never their values. */
      type: 'ShipperCredentialsSet';
      data: { account_id: string; shipper_id: number; replaced: boolean; at: string };
    }
  | {
      type: 'AddressSaved';
      data: { account_id: string; address_id: number; address: SavedAddress; at: string };
    };

export const ACCOUNT_EVENT_TYPES: readonly AccountEvent['type'][] = [
  'AccountOpened',
  'ShipperAdded',
  'ShipperCredentialsSet',
  'AddressSaved',
];

export const ACCOUNT_STREAM_PREFIX = 'account-';

export const accountStreamName = (accountId: string) => `${ACCOUNT_STREAM_PREFIX}${accountId}`;

export function isAccountEvent(event: { type: string }): event is AccountEvent {
  return (ACCOUNT_EVENT_TYPES as readonly string[]).includes(event.type);
}
