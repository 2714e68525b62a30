import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type AccountAddress,
  type AccountPreferences,
  addressView,
  type ShipperRecord,
} from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';
import { sandboxSeed } from '@shipping/reference-data';
import { ORDER_MIGRATIONS } from '../order.migrations';
import { toShipperRecord } from './shipper-record';

type AddressRow = { address_id: number; address: Omit<AccountAddress, 'id'> };

const toAccountAddress = (row: AddressRow): AccountAddress =>
  addressView(Number(row.address_id), row.address);

/** The accounts' preferences, shippers and saved addresses (the address book). */
@Injectable()
export class AccountDirectory implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, ORDER_MIGRATIONS);
    await this.loadSandboxSeed();
  }

  /** Idempotent: rows that exist are left as they are, so restarts keep what users changed. */
  private async loadSandboxSeed(): Promise<void> {
    await this.sql.transaction(async (tx) => {
      for (const account of sandboxSeed.accounts) {
        await tx.query(
          `insert into order_accounts (account_id, name, weight_unit, length_unit) values ($1, $2, $3, $4)
           on conflict (account_id) do nothing`,
          [account.id, account.name, account.preferences.weight_unit, account.preferences.length_unit],
        );
        for (const shipper of account.shippers) {
          await tx.query(
            `insert into order_shippers (shipper_id, account_id, name, carrier, integration) values ($1, $2, $3, $4, $5)
             on conflict (shipper_id) do nothing`,
            [shipper.id, account.id, shipper.name, shipper.carrier, shipper.integration],
          );
        }
        for (const { id, ...address } of account.addresses) {
          await tx.query(
            `insert into order_addresses (address_id, account_id, address) values ($1, $2, $3)
             on conflict (address_id) do nothing`,
            [id, account.id, JSON.stringify(address)],
          );
        }
      }
    });
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
    }>(
      'select shipper_id, name, carrier, integration from order_shippers where account_id = $1 order by shipper_id',
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

  async addAddress(accountId: string, address: Omit<AccountAddress, 'id'>): Promise<AccountAddress> {
    const { rows } = await this.sql.query<{ address_id: number }>(
      `insert into order_addresses (address_id, account_id, address) values (nextval('order_address_ids'), $1, $2)
       returning address_id`,
      [accountId, JSON.stringify(address)],
    );
    return toAccountAddress({ address_id: rows[0].address_id, address });
  }
}
