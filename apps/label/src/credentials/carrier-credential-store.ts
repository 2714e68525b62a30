import { Inject, Injectable } from '@nestjs/common';
import type { CarrierCredentialsStored } from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';
import { type SecretBox } from '@shipping/platform/secrets';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { CARRIER_CREDENTIAL_BOX, storedCredentialsContext } from './credential-keys';

/** A shipper's credentials as the carrier's request class validated them (field name to value). */
export type CredentialFields = Readonly<Record<string, string>>;

export interface OpenedCredentials {
  carrier: string;
  fields: CredentialFields;
  /** When they were set: credentials set again are a new integration. */
  set_at: string;
}

/**
 * Shippers' carrier credentials, one sealed record per shipper in `carrier_credentials`: the JSON
 * of the fields sealed under CARRIER_CREDENTIAL_KEYS, naming its key, bound to the account and
 * shipper. Only this app opens them, to speak to the carrier.
 */
@Injectable()
export class CarrierCredentialStore {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(CARRIER_CREDENTIAL_BOX) private readonly box: SecretBox,
  ) {}

  /** Stores or replaces the shipper's credentials; the last one set wins. */
  async set(
    accountId: string,
    shipperId: number,
    carrier: string,
    fields: CredentialFields,
  ): Promise<CarrierCredentialsStored> {
    const sealed = this.box.seal(JSON.stringify(fields), storedCredentialsContext(accountId, shipperId));
    const { rows } = await this.sql.query<{ set_at: Date }>(
      `insert into carrier_credentials (account_id, shipper_id, carrier, sealed, set_at)
       values ($1, $2, $3, $4, now())
       on conflict (account_id, shipper_id)
       do update set carrier = excluded.carrier, sealed = excluded.sealed, set_at = excluded.set_at
       returning set_at`,
      [accountId, shipperId, carrier, sealed],
    );
    return { shipper_id: shipperId, carrier, set_at: new Date(rows[0].set_at).toISOString() };
  }

  async open(accountId: string, shipperId: number): Promise<OpenedCredentials | undefined> {
    const { rows } = await this.sql.query<{ carrier: string; sealed: string; set_at: Date | string }>(
      'select carrier, sealed, set_at from carrier_credentials where account_id = $1 and shipper_id = $2',
      [accountId, shipperId],
    );
    if (rows.length === 0) return undefined;
    const opened = this.box.open(rows[0].sealed, storedCredentialsContext(accountId, shipperId));
    return {
      carrier: rows[0].carrier,
      fields: JSON.parse(opened) as CredentialFields,
      set_at: new Date(rows[0].set_at).toISOString(),
    };
  }
}
