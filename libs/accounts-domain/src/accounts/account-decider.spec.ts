import { NotFound } from '@shipping/contracts-core';
import { deciderSpec } from '@shipping/testing';
import { accountDecider, type AccountCommand } from './account-decider';
import type { AccountEvent } from './account-events';
import { apiKeysDecider } from './api-key-decider';
import type { ApiKeyEvent } from './api-key-events';

const now = '2026-11-25T10:00:00.000Z';
const account_id = 'acct_globex';
const accounts = deciderSpec(accountDecider);
const keys = deciderSpec(apiKeysDecider);

const open: AccountCommand = {
  type: 'OpenAccount',
  accountId: account_id,
  name: 'Globex',
  preferences: { weight_unit: 'KG', length_unit: 'CM' },
  now,
};
const opened: AccountEvent = {
  type: 'AccountOpened',
  data: { account_id, name: 'Globex', weight_unit: 'KG', length_unit: 'CM', at: now },
};
const addShipper: AccountCommand = {
  type: 'AddShipper',
  accountId: account_id,
  shipperId: 1000,
  name: 'Globex USPS',
  carrier: 'usps',
  integration: 'own',
  now,
};
const shipperAdded: AccountEvent = {
  type: 'ShipperAdded',
  data: { account_id, shipper_id: 1000, name: 'Globex USPS', carrier: 'usps', integration: 'own', at: now },
};

describe('an account', () => {
  it('opens once: the seed run again opens nothing', () => {
    accounts.given([]).when(open).then([opened]);
    accounts.given([opened]).when(open).then([]);
  });

  it('adds a shipper once per shipper id, only to an opened account', () => {
    accounts.given([opened]).when(addShipper).then([shipperAdded]);
    accounts.given([opened, shipperAdded]).when(addShipper).then([]);
    accounts
      .given([])
      .when(addShipper)
      .thenThrows((error) => expect(error).toBeInstanceOf(NotFound));
  });

  it("records that a shipper's credentials were set, then that they were replaced, never their values", () => {
    const record: AccountCommand = {
      type: 'RecordShipperCredentials',
      accountId: account_id,
      shipperId: 1000,
      now,
    };
    const set: AccountEvent = {
      type: 'ShipperCredentialsSet',
      data: { account_id, shipper_id: 1000, replaced: false, at: now },
    };
    accounts.given([opened, shipperAdded]).when(record).then([set]);
    accounts
      .given([opened, shipperAdded, set])
      .when(record)
      .then([{ ...set, data: { ...set.data, replaced: true } }]);
    accounts
      .given([opened])
      .when(record)
      .thenThrows((error) => expect(error).toBeInstanceOf(NotFound));
  });
});

describe('API keys', () => {
  const issued: ApiKeyEvent = {
    type: 'ApiKeyIssued',
    data: {
      account_id,
      account_name: 'Globex',
      key_id: 'key_1',
      mode: 'live',
      prefix: 'sk_live_',
      last4: 'abcd',
      digest: 'f'.repeat(64),
      sandbox: false,
      at: now,
    },
  };
  const revoke = { type: 'RevokeApiKey' as const, accountId: account_id, keyId: 'key_1', now };
  const revoked: ApiKeyEvent = { type: 'ApiKeyRevoked', data: { account_id, key_id: 'key_1', at: now } };

  it('issues a key once per key id', () => {
    keys.given([]).when({ type: 'IssueApiKey', event: issued.data }).then([issued]);
    keys.given([issued]).when({ type: 'IssueApiKey', event: issued.data }).then([]);
  });

  it('revokes a key once, and refuses a key the account never had', () => {
    keys.given([issued]).when(revoke).then([revoked]);
    keys.given([issued, revoked]).when(revoke).then([]);
    keys
      .given([])
      .when(revoke)
      .thenThrows((error) => expect(error).toBeInstanceOf(NotFound));
  });
});
