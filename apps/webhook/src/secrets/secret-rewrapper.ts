import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { endpointContext, SecretBox, UnknownSecretKey } from './secret-box';

const PAGE = 500;

/**
 * At start, seals every stored secret that is not under the current key (secrets from before
 * encryption at rest, or under a key being rotated out), so an old key can be dropped once every
 * instance has started with the new one first. A secret under a key WEBHOOK_SECRET_KEYS lacks
 * stops the start: its endpoint could never be signed for. Each row is replaced only if it is still
 * what was read, so instances starting together do no harm.
 */
@Injectable()
export class SecretRewrapper implements OnApplicationBootstrap {
  private readonly logger = new Logger(SecretRewrapper.name);
  private sealing?: Promise<void>;

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly box: SecretBox,
  ) {}

  /** After every module's init, so the tables exist. */
  onApplicationBootstrap(): Promise<void> {
    return this.sealed();
  }

  /** Settles once every stored secret is under the current key; what must wait for a clean start waits for it. */
  sealed(): Promise<void> {
    this.sealing ??= this.sealAll();
    return this.sealing;
  }

  private async sealAll(): Promise<void> {
    let rewrapped = 0;
    let after = 0;
    for (;;) {
      const { rows } = await this.sql.query<{ id: string | number; secret: string }>(
        `select id, secret from webhook_endpoints where id > $1 and secret not like $2 order by id limit ${PAGE}`,
        [after, `v1.${this.box.currentKeyId}.%`],
      );
      for (const { id, secret } of rows) {
        let plain: string;
        try {
          plain = this.box.open(secret, endpointContext(id));
        } catch (error) {
          if (error instanceof UnknownSecretKey)
            throw new Error(`WEBHOOK_SECRET_KEYS: ${error.message} (endpoint ${id}); add that key back.`);
          throw error;
        }
        const sealed = this.box.seal(plain, endpointContext(id));
        const { rowCount } = await this.sql.query(
          'update webhook_endpoints set secret = $2 where id = $1 and secret = $3',
          [id, sealed, secret],
        );
        rewrapped += rowCount;
      }
      if (rows.length < PAGE) break;
      after = Number(rows[rows.length - 1].id);
    }
    if (rewrapped > 0)
      this.logger.log(`Sealed ${rewrapped} webhook secrets under key "${this.box.currentKeyId}".`);
  }
}
