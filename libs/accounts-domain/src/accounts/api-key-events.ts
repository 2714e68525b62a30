export type ApiKeyMode = 'live' | 'test';

/** Events of an `api-keys-<account>` stream. A key itself is never stored: only its SHA-256 digest. */
export type ApiKeyEvent =
  | {
      type: 'ApiKeyIssued';
      data: {
        account_id: string;
        /** The account's name when the key was issued: what the gateway logs and the dashboard shows. */
        account_name: string;
        key_id: string;
        mode: ApiKeyMode;
        prefix: string;
        last4: string;
        /** Hex SHA-256 of the key. */
        digest: string;
        /** A key of the sandbox seed: it opens its account only while SANDBOX_API_KEYS is true. */
        sandbox: boolean;
        at: string;
      };
    }
  | { type: 'ApiKeyRevoked'; data: { account_id: string; key_id: string; at: string } };

export const API_KEY_EVENT_TYPES: readonly ApiKeyEvent['type'][] = ['ApiKeyIssued', 'ApiKeyRevoked'];

export function isApiKeyEvent(event: { type: string }): event is ApiKeyEvent {
  return (API_KEY_EVENT_TYPES as readonly string[]).includes(event.type);
}

export const API_KEY_STREAM_PREFIX = 'api-keys-';

export const apiKeyStreamName = (accountId: string) => `${API_KEY_STREAM_PREFIX}${accountId}`;

export const API_KEY_PREFIXES: Record<ApiKeyMode, string> = { live: 'sk_live_', test: 'sk_test_' };
