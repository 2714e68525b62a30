import type { SqlClient } from '@shipping/event-store';
import type { KeyMode } from '@shipping/contracts';
import { API_KEY_STREAM_PREFIX, type ApiKeyEvent, isApiKeyEvent } from '@shipping/accounts-domain';
import { type EventSubscriber, type Recorded, Subscribes } from '@shipping/platform/subscriptions';
import { LRUCache } from 'lru-cache';
import type { AuthenticatedAccount } from '../gateway-request';

export { apiKeyDigest } from './api-key-secrets';

/** Finds the account of the API key with this digest (apiKeyDigest); undefined for an unknown key. */
export abstract class ApiKeyDirectory {
  abstract findAccount(digest: Buffer): Promise<AuthenticatedAccount | undefined>;

  /** The account of a key this instance found lately, without asking anything else. */
  abstract knownAccount(digest: Buffer): AuthenticatedAccount | undefined;

  /** Whether this instance found a key with this digest valid at its last lookup (however long ago). */
  abstract foundBefore(digest: Buffer): boolean;

  /** A key was issued with this hex digest: it is no longer remembered as unknown. */
  abstract issued(digest: string): void;

  /** Drops a revoked key from whatever this instance keeps in memory. */
  abstract forget(keyId: string): void;
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

/**
 * How long a digest the table did not know is refused without asking it again. A key's issue drops
 * it at once on the issuing instance and, through `ApiKeyIssued`, on the others; this bounds the
 * wait should that event be late or missed.
 */
export const UNKNOWN_KEY_MAX_AGE_MS = 2_000;
const UNKNOWN_KEYS_REMEMBERED = 10_000;

export const API_KEY_REVOCATIONS_SUBSCRIPTION = 'gateway.api-key-revocations';

interface CachedKey {
  keyId: string;
  account: AuthenticatedAccount;
  until: number;
}

/**
 * The keys of the `gateway_api_keys` table, with the keys found lately kept in memory. Every
 * instance drops a key from its memory when it sees its `ApiKeyRevoked` (an every-instance
 * subscriber); should it miss one, it asks the table again after `maxAgeMs` (the table is written
 * by the revoking command itself). Unknown digests are remembered for `UNKNOWN_KEY_MAX_AGE_MS`,
 * so a stranger repeating a key costs no query; a remembered digest is only ever refused, and is
 * forgotten when a key with it is issued.
 */
@Subscribes({
  name: API_KEY_REVOCATIONS_SUBSCRIPTION,
  streamPrefixes: [API_KEY_STREAM_PREFIX],
  accepts: isApiKeyEvent,
  scope: 'every-instance',
})
export class StoredApiKeyDirectory extends ApiKeyDirectory implements EventSubscriber<ApiKeyEvent> {
  private readonly cache = new LRUCache<string, CachedKey>({ max: KEYS_CACHED });
  private readonly digestsByKeyId = new Map<string, string>();
  private readonly lookups = new Map<string, Promise<AuthenticatedAccount | undefined>>();
  private readonly unknownUntil = new LRUCache<string, number>({ max: UNKNOWN_KEYS_REMEMBERED });

  constructor(
    private readonly sql: SqlClient,
    private readonly options: KeyCacheOptions,
  ) {
    super();
  }

  knownAccount(digest: Buffer): AuthenticatedAccount | undefined {
    const cached = this.cache.get(digest.toString('hex'));
    return cached && cached.until > Date.now() ? cached.account : undefined;
  }

  foundBefore(digest: Buffer): boolean {
    return this.cache.get(digest.toString('hex')) !== undefined;
  }

  issued(digest: string): void {
    this.unknownUntil.delete(digest);
  }

  async findAccount(digest: Buffer): Promise<AuthenticatedAccount | undefined> {
    const hex = digest.toString('hex');
    const cached = this.cache.get(hex);
    if (cached && cached.until > Date.now()) return cached.account;
    if ((this.unknownUntil.get(hex) ?? 0) > Date.now()) return undefined;
    // Requests with one key arrive together: when its entry runs out, they share one lookup.
    let lookup = this.lookups.get(hex);
    if (lookup === undefined) {
      lookup = this.lookUp(hex).finally(() => this.lookups.delete(hex));
      this.lookups.set(hex, lookup);
    }
    return lookup;
  }

  private async lookUp(hex: string): Promise<AuthenticatedAccount | undefined> {
    const { rows } = await this.sql.query<{
      key_id: string;
      account_id: string;
      account_name: string;
      mode: KeyMode;
    }>(
      `select key_id, account_id, account_name, mode from gateway_api_keys
       where digest = $1 and revoked_at is null and (not sandbox or $2)`,
      [hex, this.options.sandboxKeys],
    );
    const row = rows[0];
    if (!row) {
      this.cache.delete(hex);
      this.unknownUntil.set(hex, Date.now() + UNKNOWN_KEY_MAX_AGE_MS);
      return undefined;
    }
    const account = { accountId: row.account_id, name: row.account_name, mode: row.mode };
    this.cache.set(hex, { keyId: row.key_id, account, until: Date.now() + this.options.maxAgeMs });
    this.digestsByKeyId.set(row.key_id, hex);
    return account;
  }

  async handle(event: Recorded<ApiKeyEvent>): Promise<void> {
    if (event.type === 'ApiKeyRevoked') this.forget(event.data.key_id);
    if (event.type === 'ApiKeyIssued') this.issued(event.data.digest);
  }

  /** Drops a revoked key from memory; the table already refuses it. */
  forget(keyId: string): void {
    const digest = this.digestsByKeyId.get(keyId);
    if (digest === undefined) return;
    this.cache.delete(digest);
    this.digestsByKeyId.delete(keyId);
  }
}
