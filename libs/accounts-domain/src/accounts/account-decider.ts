import {
  accountNotFoundMessage,
  type Decider,
  NotFound,
  shipperNotFoundMessage,
} from '@shipping/contracts-core';
import type { AccountEvent, SavedAddress, ShipperIntegration, AccountUnits } from './account-events';

export interface AccountState {
  opened: boolean;
  shipperIds: ReadonlySet<number>;
  credentialedShipperIds: ReadonlySet<number>;
  addressIds: ReadonlySet<number>;
}

export const initialAccountState: AccountState = {
  opened: false,
  shipperIds: new Set(),
  credentialedShipperIds: new Set(),
  addressIds: new Set(),
};

export type AccountCommand =
  | { type: 'OpenAccount'; accountId: string; name: string; preferences: AccountUnits; now: string }
  | {
      type: 'AddShipper';
      accountId: string;
      shipperId: number;
      name: string;
      carrier: string;
      integration: ShipperIntegration;
      now: string;
    }
  | { type: 'RecordShipperCredentials'; accountId: string; shipperId: number; now: string }
  | { type: 'SaveAddress'; accountId: string; addressId: number; address: SavedAddress; now: string };

export const accountNotFound = (accountId: string) => new NotFound(accountNotFoundMessage(accountId));

/** Idempotent by account, shipper and address id: a seed or a retried command writes nothing twice. */
export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  const base = { account_id: command.accountId, at: command.now };
  if (command.type === 'OpenAccount') {
    if (state.opened) return [];
    return [{ type: 'AccountOpened', data: { ...base, name: command.name, ...command.preferences } }];
  }
  if (!state.opened) throw accountNotFound(command.accountId);
  switch (command.type) {
    case 'AddShipper':
      if (state.shipperIds.has(command.shipperId)) return [];
      return [
        {
          type: 'ShipperAdded',
          data: {
            ...base,
            shipper_id: command.shipperId,
            name: command.name,
            carrier: command.carrier,
            integration: command.integration,
          },
        },
      ];
    case 'RecordShipperCredentials':
      if (!state.shipperIds.has(command.shipperId))
        throw new NotFound(shipperNotFoundMessage(command.accountId, command.shipperId));
      return [
        {
          type: 'ShipperCredentialsSet',
          data: {
            ...base,
            shipper_id: command.shipperId,
            replaced: state.credentialedShipperIds.has(command.shipperId),
          },
        },
      ];
    case 'SaveAddress':
      if (state.addressIds.has(command.addressId)) return [];
      return [
        { type: 'AddressSaved', data: { ...base, address_id: command.addressId, address: command.address } },
      ];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown account command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountOpened':
      return { ...state, opened: true };
    case 'ShipperAdded':
      return { ...state, shipperIds: new Set(state.shipperIds).add(event.data.shipper_id) };
    case 'ShipperCredentialsSet':
      return {
        ...state,
        credentialedShipperIds: new Set(state.credentialedShipperIds).add(event.data.shipper_id),
      };
    case 'AddressSaved':
      return { ...state, addressIds: new Set(state.addressIds).add(event.data.address_id) };
    default:
      return state;
  }
}

/** An account's decider; its stream is `accountStreamName(accountId)`. */
export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  decide: decideAccount,
  evolve: evolveAccount,
  initialState: initialAccountState,
};
