import type { BatchEvent } from './batch-events';
import type { ItemValidationOutcome, RecordValidation } from './batch-commands';
import type { BatchState } from './batch-state';

export function assertCents(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new Error(`${what} is not a whole, non-negative number of cents: ${amount}`);
}

/**
 * One event per item still awaiting validation, in index order, then BatchValidated once no item
 * awaits any more. Results of items already validated, of unknown items and of any batch no longer
 * validating decide nothing, so a redelivered or repeated chunk appends nothing twice.
 */
export function decideValidation(command: RecordValidation, state: BatchState): BatchEvent[] {
  if (state.status !== 'validating') return [];
  const outcomes = new Map<string, ItemValidationOutcome>();
  for (const result of command.results)
    if (!outcomes.has(result.item_id)) outcomes.set(result.item_id, result);

  const events: BatchEvent[] = [];
  let valid = 0;
  let invalid = 0;
  for (const item of state.items) {
    const outcome = item.status === 'pending' ? outcomes.get(item.id) : undefined;
    const status = outcome ? (outcome.valid ? 'valid' : 'invalid') : item.status;
    if (status === 'valid') valid += 1;
    if (status === 'invalid') invalid += 1;
    if (!outcome) continue;
    const data = { batch_id: state.batchId, item_id: item.id, index: item.index };
    if (outcome.valid) {
      assertCents(outcome.price_cents, `The price of item ${item.id}`);
      events.push({
        type: 'ItemValidated',
        data: { ...data, price_cents: outcome.price_cents, shipment: outcome.shipment },
      });
    } else {
      events.push({ type: 'ItemInvalidated', data: { ...data, errors: outcome.errors } });
    }
  }
  if (valid + invalid < state.items.length) return events;
  return [
    ...events,
    {
      type: 'BatchValidated',
      data: {
        batch_id: state.batchId,
        status: invalid === 0 ? 'ready' : 'invalid',
        valid_count: valid,
        invalid_count: invalid,
        at: command.now,
      },
    },
  ];
}
