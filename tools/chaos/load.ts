import {
  batchShipment,
  fedexPickupOrder,
  instantShipBody,
  undeliverableBatchShipment,
} from '@shipping/testing';
import type { FinalAnswer, RetryingClient } from './retrying-client';

export const BATCH_ITEMS = 10;
/** The item of each batch the sandbox carrier refuses (ZIP 00000): it ends failed and refunded. */
const REFUSED_INDEX = 3;
export const CREDIT_CENTS = 100;

export interface CreditRequest {
  key: string;
  status: FinalAnswer['status'];
}

/** What the clients asked for and what they were answered: the invariants compare the stores with it. */
export class LoadLog {
  readonly operations = new Map<string, Map<string, number>>();
  readonly shippedBatches: string[] = [];
  readonly instantShipKeys: string[] = [];
  readonly credits: CreditRequest[] = [];

  /** Why calls were asked again, by operation: the faults reached the clients. */
  readonly retriedAfter = new Map<string, Map<string, number>>();

  count(operation: string, answer: FinalAnswer): void {
    const byStatus = this.operations.get(operation) ?? new Map<string, number>();
    byStatus.set(String(answer.status), (byStatus.get(String(answer.status)) ?? 0) + 1);
    this.operations.set(operation, byStatus);
    const reasons = this.retriedAfter.get(operation) ?? new Map<string, number>();
    for (const reason of answer.earlier) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    this.retriedAfter.set(operation, reasons);
  }

  total(): number {
    let sum = 0;
    for (const byStatus of this.operations.values()) for (const count of byStatus.values()) sum += count;
    return sum;
  }

  summary(): string[] {
    return [...this.operations].map(
      ([operation, byStatus]) =>
        `${operation.padEnd(14)} ${[...byStatus].map(([status, count]) => `${status}: ${count}`).join(', ')}` +
        `; asked again after ${[...(this.retriedAfter.get(operation) ?? [])].map(([reason, count]) => `${reason} ×${count}`).join(', ') || 'nothing'}`,
    );
  }
}

export interface LoadClients {
  acme: RetryingClient;
  admin: RetryingClient;
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Runs `step` again and again, `gapMs` apart, until `stopAt`; the step in flight then finishes. */
async function repeatUntil(stopAt: number, gapMs: number, step: (n: number) => Promise<void>): Promise<void> {
  for (let n = 1; Date.now() < stopAt; n++) {
    await step(n);
    await pause(gapMs);
  }
}

async function batchOnce(clients: LoadClients, log: LoadLog, key: string): Promise<void> {
  const shipments = Array.from({ length: BATCH_ITEMS }, (_, index) =>
    index === REFUSED_INDEX ? undeliverableBatchShipment(index) : batchShipment(index),
  );
  const created = await clients.acme.post(
    '/batches',
    { shipper_id: 1, service: 'USPS-1', batch_shipments: shipments },
    `${key}-create`,
  );
  log.count('batch create', created);
  if (created.status !== 201) return;
  const batchId: string = created.body.data.id;
  const readyBy = Date.now() + 60_000;
  let status: string | undefined;
  while (Date.now() < readyBy && status !== 'ready') {
    const batch = await clients.acme.get(`/batches/${batchId}`);
    status = batch.body?.data?.status;
    if (status !== 'ready') await pause(500);
  }
  if (status !== 'ready')
    return log.count('batch ready', { status: 'no answer', body: undefined, attempts: 0, earlier: [] });
  const shipped = await clients.acme.post(`/batches/${batchId}/ship`, undefined, `${key}-ship`);
  log.count('batch ship', shipped);
  if (shipped.status === 200) log.shippedBatches.push(batchId);
}

/** The load of a campaign: batches, instant ships, pickups and admin credit side by side. */
export function runLoad(clients: LoadClients, log: LoadLog, prefix: string, stopAt: number): Promise<void[]> {
  return Promise.all([
    repeatUntil(stopAt, 2_000, (n) => batchOnce(clients, log, `${prefix}-batch-${n}`)),
    repeatUntil(stopAt, 1_500, async (n) => {
      const key = `${prefix}-ship-${n}`;
      log.instantShipKeys.push(key);
      log.count(
        'instant ship',
        await clients.acme.post('/parcel-orders/instant-ship', instantShipBody(), key),
      );
    }),
    repeatUntil(stopAt, 2_000, async (n) => {
      log.count(
        'pickup',
        await clients.acme.post('/pickup-orders', fedexPickupOrder(), `${prefix}-pickup-${n}`),
      );
    }),
    repeatUntil(stopAt, 3_000, async (n) => {
      const key = `${prefix}-credit-${n}`;
      const answer = await clients.admin.post(
        '/admin/accounts/acct_acme/credit',
        { amount: (CREDIT_CENTS / 100).toFixed(2), reference: key },
        key,
      );
      log.credits.push({ key, status: answer.status });
      log.count('admin credit', answer);
    }),
  ]);
}
