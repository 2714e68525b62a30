import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';
import { type SecretBox, UnknownSecretKey } from '@shipping/platform/secrets';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { CARRIER_CREDENTIAL_BOX, storedCredentialsContext } from './credential-keys';

const PAGE = 500;

type Row = { account_id: string; shipper_id: string | number; sealed: string };

/**
 * Reseals every stored record that is not under the newest CARRIER_CREDENTIAL_KEYS key: at start,
 * so a record under a key this instance lacks stops it (that shipper could never ship), and when
 * the admin asks (`npm run admin -- credentials rotate`). A row is replaced only if it is still
 * what was read, so instances doing it together do no harm.
 */
@Injectable()
export class CredentialResealer implements OnApplicationBootstrap {
  private readonly logger = new Logger(CredentialResealer.name);

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(CARRIER_CREDENTIAL_BOX) private readonly box: SecretBox,
  ) {}

  /** After every module's init, so the table exists. */
  async onApplicationBootstrap(): Promise<void> {
    await this.resealAll();
  }

  get currentKeyId(): string {
    return this.box.currentKeyId;
  }

  /** How many records it resealed. */
  async resealAll(): Promise<number> {
    let resealed = 0;
    let after = { account: '', shipper: -1 };
    for (;;) {
      const { rows } = await this.sql.query<Row>(
        `select account_id, shipper_id, sealed from carrier_credentials
         where (account_id, shipper_id) > ($1, $2) and sealed not like $3
         order by account_id, shipper_id limit ${PAGE}`,
        [after.account, after.shipper, `v1.${this.box.currentKeyId}.%`],
      );
      for (const row of rows) resealed += await this.reseal(row);
      if (rows.length < PAGE) break;
      const last = rows[rows.length - 1];
      after = { account: last.account_id, shipper: Number(last.shipper_id) };
    }
    if (resealed > 0)
      this.logger.log(`Resealed ${resealed} carrier credentials under key "${this.box.currentKeyId}".`);
    return resealed;
  }

  private async reseal({ account_id: accountId, shipper_id: shipperId, sealed }: Row): Promise<number> {
    const context = storedCredentialsContext(accountId, Number(shipperId));
    let plain: string;
    try {
      plain = this.box.open(sealed, context);
    } catch (error) {
      if (error instanceof UnknownSecretKey)
        throw new Error(
          `CARRIER_CREDENTIAL_KEYS: ${error.message} (account ${accountId}, shipper ${shipperId}); add that key back.`,
        );
      throw error;
    }
    const { rowCount } = await this.sql.query(
      `update carrier_credentials set sealed = $3
       where account_id = $1 and shipper_id = $2 and sealed = $4`,
      [accountId, Number(shipperId), this.box.seal(plain, context), sealed],
    );
    return rowCount;
  }
}
