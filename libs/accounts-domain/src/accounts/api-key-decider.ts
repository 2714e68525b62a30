import { apiKeyNotFoundMessage, type Decider, NotFound } from '@shipping/contracts-core';
import type { ApiKeyEvent } from './api-key-events';

export interface ApiKeysState {
  issued: ReadonlySet<string>;
  revoked: ReadonlySet<string>;
}

export const initialApiKeysState: ApiKeysState = { issued: new Set(), revoked: new Set() };

export type ApiKeyCommand =
  | { type: 'IssueApiKey'; event: Extract<ApiKeyEvent, { type: 'ApiKeyIssued' }>['data'] }
  | { type: 'RevokeApiKey'; accountId: string; keyId: string; now: string };

/** Issuing is idempotent by key id; revoking a revoked key changes nothing; an unknown key is 404. */
export function decideApiKeys(command: ApiKeyCommand, state: ApiKeysState): ApiKeyEvent[] {
  switch (command.type) {
    case 'IssueApiKey':
      return state.issued.has(command.event.key_id) ? [] : [{ type: 'ApiKeyIssued', data: command.event }];
    case 'RevokeApiKey':
      if (!state.issued.has(command.keyId))
        throw new NotFound(apiKeyNotFoundMessage(command.accountId, command.keyId));
      if (state.revoked.has(command.keyId)) return [];
      return [
        {
          type: 'ApiKeyRevoked',
          data: { account_id: command.accountId, key_id: command.keyId, at: command.now },
        },
      ];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown API key command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveApiKeys(state: ApiKeysState, event: ApiKeyEvent): ApiKeysState {
  return event.type === 'ApiKeyIssued'
    ? { ...state, issued: new Set(state.issued).add(event.data.key_id) }
    : { ...state, revoked: new Set(state.revoked).add(event.data.key_id) };
}

/** An account's API keys' decider; their stream is `apiKeyStreamName(accountId)`. */
export const apiKeysDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeysState> = {
  decide: decideApiKeys,
  evolve: evolveApiKeys,
  initialState: initialApiKeysState,
};
