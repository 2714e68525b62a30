import { AppError, IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@shipping/contracts-core';

/**
 * A credit id the ledger added before, asked for again with another amount or reference. The id
 * is derived from the request's Idempotency-Key, so this is that key reused with another body:
 * refused (422) with the message the gateway gives for it, and nothing added.
 */
export class CreditIdReused extends AppError {
  constructor(readonly creditId: string) {
    super('validation_failed', IDEMPOTENCY_KEY_REUSED_MESSAGE);
  }
}
