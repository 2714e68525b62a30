import type { EventStore, RecordedEvent, SqlClient, Subscription } from '@shipping/event-store';
import { API_KEY_STREAM_PREFIX, type ApiKeyEvent } from '@shipping/order-domain';
import type { Logger } from '@nestjs/common';
import { LruCache, startStoredSubscription } from '@shipping/platform';
import { projectApiKeyEvent } from './api-key-projection';
import type { AuthenticatedAccount } from '../gateway-request';

export { apiKeyDigest } from './api-key-secrets';

/** Finds the account of the API key with this digest (apiKeyDigest); undefined for an unknown key. */
export abstract class ApiKeyDirectory {
  abstract findAccount(digest: Buffer): Promise<AuthenticatedAccount | undefined>;
}

export interface KeyCacheOptions {
  /** Whether keys of the sandbox seed open their accounts (SANDBOX_API_KEYS). */
  sandboxKeys: boolean;
  /** The longest a found key is used without asking the table again, should an event be missed. */
  maxAgeMs: number;
}

/** How long a found key is trusted without a look at the table: well within the second a revocation may take. */
export const KEY_CACHE_MAX_AGE_MS = 500;
const KEYS_CACHED = 10_000;

export const API_KEYS_SUBSCRIPTION = 'gateway.api-keys';

interface CachedKey {
  keyId: string;
  account: AuthenticatedAccount;
  until: number;
}

/**
 * The keys of the `gateway_api_keys` table, with the keys found lately kept in memory. An
 * `ApiKeyRevoked` event drops its key at once: appended here, the store wakes the subscription;
 * appended by another instance, the subscription's poll finds it (within a second). Unknown keys
 * are never kept, so a key issued on another instance works at once.
 */
export class StoredApiKeyDirectory extends ApiKeyDirectory {
  private readonly cache = new LruCache<CachedKey>(KEYS_CACHED);
  private readonly digestsByKeyId = new Map<string, string>();
  private subscription?: Subscription;

  constructor(
    private readonly sql: SqlClient,
    private readonly options: KeyCacheOptions,
  ) {
    super();
  }

  async findAccount(digest: Buffer): Promise<AuthenticatedAccount | undefined> {
    const hex = digest.toString('hex');
    const cached = this.cache.get(hex);
    if (cached && cached.until > Date.now()) return cached.account;
    const { rows } = await this.sql.query<{ key_id: string; account_id: string; account_name: string }>(
      `select key_id, account_id, account_name from gateway_api_keys
       where digest = $1 and revoked_at is null and (not sandbox or $2)`,
      [hex, this.options.sandboxKeys],
    );
    const row = rows[0];
    if (!row) {
      this.cache.delete(hex);
      return undefined;
    }
    const account = { accountId: row.account_id, name: row.account_name };
    this.cache.set(hex, { keyId: row.key_id, account, until: Date.now() + this.options.maxAgeMs });
    this.digestsByKeyId.set(row.key_id, hex);
    return account;
  }

  /** Drops a revoked key from memory; the table already refuses it. */
  forget(keyId: string): void {
    const digest = this.digestsByKeyId.get(keyId);
    if (digest === undefined) return;
    this.cache.delete(digest);
    this.digestsByKeyId.delete(keyId);
  }

  /**
   * Follows the key events: each is projected into the table (again, if the instance that wrote
   * it did already, or had crashed before it could) and a revoked key is dropped from memory.
   */
  async follow(store: EventStore, logger: Logger): Promise<void> {
    this.subscription = await startStoredSubscription(this.sql, store, {
      name: API_KEYS_SUBSCRIPTION,
      streamNamePrefixes: [API_KEY_STREAM_PREFIX],
      onEvent: async (event: RecordedEvent) => {
        await projectApiKeyEvent(this.sql, event);
        if (event.type === 'ApiKeyRevoked')
          this.forget((event.data as Extract<ApiKeyEvent, { type: 'ApiKeyRevoked' }>['data']).key_id);
      },
      logger,
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }
}
