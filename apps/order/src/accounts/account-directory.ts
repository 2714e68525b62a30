import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type AccountAddress,
  type AccountPreferences,
  type AccountRecord,
  addressView,
  type ShipperRecord,
} from '@shipping/contracts';
import { type EventStore, schemaReady, type SqlClient } from '@shipping/event-store';
import {
  ACCOUNT_STREAM_PREFIX,
  accountDecider,
  type AccountCommand,
  type AccountEvent,
  accountStreamName,
  isAccountEvent,
} from '@shipping/accounts-domain';
import { CLOCK, type Clock } from '@shipping/platform/clock';
import { eventMetadata, handleCommand } from '@shipping/platform/commands';
import { EVENT_STORE, SQL_CLIENT } from '@shipping/platform/storage';
import { type EventSubscriber, type Recorded, Subscribes } from '@shipping/platform/subscriptions';
import { sandboxSeed } from '@shipping/reference-data';
import { ORDER_MIGRATIONS } from '../order.migrations';
import { newAccountId } from './account-ids';
import { projectAccountEvent } from './account-projection';
import { toShipperRecord } from './shipper-record';

type AddressRow = { address_id: number; address: Omit<AccountAddress, 'id'> };

const toAccountAddress = (row: AddressRow): AccountAddress =>
  addressView(Number(row.address_id), row.address);

type AccountRow = {
  account_id: string;
  name: string;
  weight_unit: string;
  length_unit: string;
  created_at: Date;
};

const toAccountRecord = (row: AccountRow): AccountRecord => ({
  id: row.account_id,
  name: row.name,
  weight_unit: row.weight_unit as AccountRecord['weight_unit'],
  length_unit: row.length_unit as AccountRecord['length_unit'],
  created_at: new Date(row.created_at).toISOString(),
});

/** Who asked for a change: the events it writes carry these. */
export interface ChangeMetadata {
  correlationId: string;
  /** The admin key that made the change, or `sandbox-seed`; absent for a merchant's own change. */
  actor?: string;
}

export const ACCOUNTS_SUBSCRIPTION = 'order.accounts';

/**
 * The accounts and their directory (preferences, shippers, saved addresses) as `account-<id>`
 * streams, projected into the directory's tables right after each command and again by a
 * subscription, so a crash between the append and the rows is made good.
 */
@Subscribes({ name: ACCOUNTS_SUBSCRIPTION, streamPrefixes: [ACCOUNT_STREAM_PREFIX], accepts: isAccountEvent })
@Injectable()
export class AccountDirectory implements EventSubscriber<AccountEvent>, OnModuleInit {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, ORDER_MIGRATIONS);
    await this.loadSandboxSeed();
  }

  handle(event: Recorded<AccountEvent>): Promise<void> {
    return projectAccountEvent(this.sql, event);
  }

  /**
   * The sandbox accounts through the same commands as any account; ids dedupe, so restarts add
   * nothing. Instances starting together seed the same streams: the one whose command finds an
   * event already there decides nothing, while the instance that appended it may not have written
   * its rows yet. So each seeded stream is projected whole, in order, once its commands are in: the
   * account's row is written before its shippers' and addresses' rows that refer to it.
   */
  private async loadSandboxSeed(): Promise<void> {
    const seed = { correlationId: 'sandbox-seed', actor: 'sandbox-seed' };
    const now = this.clock.now().toISOString();
    for (const account of sandboxSeed.accounts) {
      const accountId = account.id;
      await this.append(
        { type: 'OpenAccount', accountId, name: account.name, preferences: account.preferences, now },
        seed,
      );
      for (const shipper of account.shippers) {
        await this.append(
          {
            type: 'AddShipper',
            accountId,
            shipperId: shipper.id,
            name: shipper.name,
            carrier: shipper.carrier,
            integration: shipper.integration,
            now,
          },
          seed,
        );
      }
      for (const { id, ...address } of account.addresses) {
        await this.append({ type: 'SaveAddress', accountId, addressId: id, address, now }, seed);
      }
      for (const event of await this.store.readStream(accountStreamName(accountId)))
        await projectAccountEvent(this.sql, event);
    }
  }

  private async decide(command: AccountCommand, change: ChangeMetadata): Promise<void> {
    for (const event of await this.append(command, change)) await projectAccountEvent(this.sql, event);
  }

  /** The events `command` appended to its account's stream (none if the stream had them already). */
  private async append(command: AccountCommand, change: ChangeMetadata): Promise<AccountEvent[]> {
    const { events } = await handleCommand({
      store: this.store,
      streamName: accountStreamName(command.accountId),
      command,
      decider: accountDecider,
      metadata: eventMetadata({ ...change, accountId: command.accountId }),
      retries: 10,
    });
    return events;
  }

  async open(
    request: { name: string; weight_unit: 'LBS' | 'KG'; length_unit: 'IN' | 'CM' },
    change: ChangeMetadata,
  ): Promise<AccountRecord> {
    const accountId = newAccountId();
    const { name, weight_unit, length_unit } = request;
    await this.decide(
      {
        type: 'OpenAccount',
        accountId,
        name,
        preferences: { weight_unit, length_unit },
        now: this.clock.now().toISOString(),
      },
      change,
    );
    return (await this.account(accountId)) as AccountRecord;
  }

  async account(accountId: string): Promise<AccountRecord | undefined> {
    const { rows } = await this.sql.query<AccountRow>(
      'select account_id, name, weight_unit, length_unit, created_at from order_accounts where account_id = $1',
      [accountId],
    );
    return rows[0] && toAccountRecord(rows[0]);
  }

  /** Oldest first; one row more than the page, to tell whether a next page exists. */
  async accounts(page: { page: number; per_page: number }): Promise<AccountRecord[]> {
    const { rows } = await this.sql.query<AccountRow>(
      `select account_id, name, weight_unit, length_unit, created_at from order_accounts
       order by created_at, account_id limit $1 offset $2`,
      [page.per_page + 1, (page.page - 1) * page.per_page],
    );
    return rows.map(toAccountRecord);
  }

  async addShipper(
    accountId: string,
    request: { carrier: string; own_integration: boolean; name: string },
    change: ChangeMetadata,
  ): Promise<ShipperRecord> {
    const { rows } = await this.sql.query<{ id: string }>(`select nextval('order_shipper_ids')::text as id`);
    const shipperId = Number(rows[0].id);
    await this.decide(
      {
        type: 'AddShipper',
        accountId,
        shipperId,
        name: request.name,
        carrier: request.carrier,
        integration: request.own_integration ? 'own' : 'platform',
        now: this.clock.now().toISOString(),
      },
      change,
    );
    return (await this.shipper(accountId, shipperId)) as ShipperRecord;
  }

  /** Records that the shipper's credentials were set (or replaced) by the change's actor. */
  async recordShipperCredentials(
    accountId: string,
    shipperId: number,
    change: ChangeMetadata,
  ): Promise<ShipperRecord> {
    await this.decide(
      { type: 'RecordShipperCredentials', accountId, shipperId, now: this.clock.now().toISOString() },
      change,
    );
    return (await this.shipper(accountId, shipperId)) as ShipperRecord;
  }

  async preferences(accountId: string): Promise<AccountPreferences> {
    const { rows } = await this.sql.query<AccountPreferences>(
      'select weight_unit, length_unit from order_accounts where account_id = $1',
      [accountId],
    );
    return rows[0] ?? { weight_unit: 'LBS', length_unit: 'IN' };
  }

  async shippers(accountId: string): Promise<ShipperRecord[]> {
    const { rows } = await this.sql.query<{
      shipper_id: number;
      name: string;
      carrier: string;
      integration: string;
      credentials_set_at: Date | null;
    }>(
      'select shipper_id, name, carrier, integration, credentials_set_at from order_shippers where account_id = $1 order by shipper_id',
      [accountId],
    );
    return rows.map(toShipperRecord);
  }

  async shipper(accountId: string, shipperId: number): Promise<ShipperRecord | undefined> {
    return (await this.shippers(accountId)).find((shipper) => shipper.id === shipperId);
  }

  async addresses(accountId: string): Promise<AccountAddress[]> {
    const { rows } = await this.sql.query<AddressRow>(
      'select address_id, address from order_addresses where account_id = $1 order by address_id',
      [accountId],
    );
    return rows.map(toAccountAddress);
  }

  async address(accountId: string, addressId: number): Promise<AccountAddress | undefined> {
    if (!Number.isSafeInteger(addressId)) return undefined;
    const { rows } = await this.sql.query<AddressRow>(
      'select address_id, address from order_addresses where account_id = $1 and address_id = $2',
      [accountId, addressId],
    );
    return rows[0] && toAccountAddress(rows[0]);
  }

  async addAddress(
    accountId: string,
    address: Omit<AccountAddress, 'id'>,
    change: ChangeMetadata,
  ): Promise<AccountAddress> {
    const { rows } = await this.sql.query<{ id: string }>(`select nextval('order_address_ids')::text as id`);
    const addressId = Number(rows[0].id);
    await this.decide(
      { type: 'SaveAddress', accountId, addressId, address, now: this.clock.now().toISOString() },
      change,
    );
    return toAccountAddress({ address_id: addressId, address });
  }
}
