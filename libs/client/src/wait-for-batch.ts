import type { components } from './generated/api-schema';
import { unwrap } from './shipping-api-error';
import type { ShippingClient } from './shipping-client';

export type Batch = components['schemas']['Batch'];
export type BatchStatus = Batch['status'];

export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Reads the batch until its status is one of `statuses` (validation and labelling run after the
 * answer), and returns it; fails with the last status seen when the time runs out.
 */
export async function waitForBatchStatus(
  client: ShippingClient,
  batchId: string,
  statuses: readonly BatchStatus[],
  { timeoutMs = 60_000, intervalMs = 200 }: WaitOptions = {},
): Promise<Batch> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = unwrap(
      await client.GET('/batches/{batch_id}', { params: { path: { batch_id: batchId } } }),
    );
    if (statuses.includes(batch.status)) return batch;
    if (Date.now() + intervalMs > deadline) {
      throw new Error(
        `Batch ${batchId} is ${batch.status}, not ${statuses.join(' or ')}, after ${timeoutMs} ms.`,
      );
    }
    await new Promise((done) => setTimeout(done, intervalMs));
  }
}
