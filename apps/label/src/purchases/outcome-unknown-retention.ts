import { deleteRowsWhere, type RetentionPolicy } from '@shipping/platform/retention';

/**
 * Intents whose outcome is unknown go `keepMs` after the carrier was asked (decision 0102). Until
 * then each answers a repeat of its item with the failure instead of a purchase under a new key;
 * the configuration keeps them at least as long as an Idempotency-Key, past any retry. Intents
 * still being bought are never pruned: they have no outcome yet.
 */
export const outcomeUnknownRetention = (keepMs: number): RetentionPolicy =>
  deleteRowsWhere(
    'label_purchase_intents',
    'outcome_unknown is not null and coalesce(asked_at, created_at) <= $1',
    keepMs,
  );
