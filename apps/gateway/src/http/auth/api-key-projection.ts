import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';
import { API_KEY_STREAM_PREFIX, type ApiKeyEvent, isApiKeyEvent } from '@shipping/accounts-domain';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { type EventSubscriber, type Recorded, Subscribes } from '@shipping/platform/subscriptions';

export const API_KEYS_SUBSCRIPTION = 'gateway.api-keys';

/**
 * Projects the key events into `gateway_api_keys` again after the command that wrote them did, so a
 * crash between an append and its row is made good.
 */
@Subscribes({ name: API_KEYS_SUBSCRIPTION, streamPrefixes: [API_KEY_STREAM_PREFIX], accepts: isApiKeyEvent })
@Injectable()
export class ApiKeyProjection implements EventSubscriber<ApiKeyEvent> {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  handle(event: Recorded<ApiKeyEvent>): Promise<void> {
    return projectApiKeyEvent(this.sql, event);
  }
}

/** One key event into `gateway_api_keys`; applying it again writes nothing new. */
export async function projectApiKeyEvent(
  sql: SqlClient,
  event: { type: string; data: unknown },
): Promise<void> {
  if (event.type === 'ApiKeyIssued') {
    const key = event.data as Extract<ApiKeyEvent, { type: 'ApiKeyIssued' }>['data'];
    // No conflict target: the row has two unique keys, and when two writers insert it at once (the
    // command on one instance, the projection on another) the loser's conflict may be found on
    // either, `key_id` being no arbiter of `on conflict (digest)` and so an error.
    await sql.query(
      `insert into gateway_api_keys (digest, key_id, account_id, account_name, mode, prefix, last4, sandbox, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing`,
      [
        key.digest,
        key.key_id,
        key.account_id,
        key.account_name,
        key.mode,
        key.prefix,
        key.last4,
        key.sandbox,
        key.at,
      ],
    );
  } else if (event.type === 'ApiKeyRevoked') {
    const revoked = event.data as Extract<ApiKeyEvent, { type: 'ApiKeyRevoked' }>['data'];
    await sql.query('update gateway_api_keys set revoked_at = $2 where key_id = $1 and revoked_at is null', [
      revoked.key_id,
      revoked.at,
    ]);
  }
}
