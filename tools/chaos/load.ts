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
/** The ZIP Code the USPS mock refuses: the live batches' refused item ends failed with USPS's message. */
export const USPS_REFUSED_ZIP = '73344';

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
        `${operation.padEnd(17)} ${[...byStatus].map(([status, count]) => `${status}: ${count}`).join(', ')}` +
        `; asked again after ${[...(this.retriedAfter.get(operation) ?? [])].map(([reason, count]) => `${reason} ×${count}`).join(', ') || 'nothing'}`,
    );
  }
}

/** A merchant's own USPS integration under a live key, buying from the USPS mock. */
export interface LiveUspsLoad {
  client: RetryingClient;
  shipperId: number;
  addressId: number;
}

export interface LoadClients {
  acme: RetryingClient;
  admin: RetryingClient;
  liveUsps: LiveUspsLoad;
}

interface BatchSource {
  client: RetryingClient;
  shipperId: number;
  shipment: (index: number) => ReturnType<typeof batchShipment>;
}

const sandboxBatches = (clients: LoadClients): BatchSource => ({
  client: clients.acme,
  shipperId: 1,
  shipment: (index) => (index === REFUSED_INDEX ? undeliverableBatchShipment(index) : batchShipment(index)),
});

const liveUspsBatches = ({ liveUsps }: LoadClients): BatchSource => ({
  client: liveUsps.client,
  shipperId: liveUsps.shipperId,
  shipment: (index) => {
    const shipment = { ...batchShipment(index), from_address_id: liveUsps.addressId };
    return index === REFUSED_INDEX
      ? { ...shipment, to_address: { ...shipment.to_address, zip: USPS_REFUSED_ZIP } }
      : shipment;
  },
});

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Runs `step` again and again, `gapMs` apart, until `stopAt`; the step in flight then finishes. */
async function repeatUntil(stopAt: number, gapMs: number, step: (n: number) => Promise<void>): Promise<void> {
  for (let n = 1; Date.now() < stopAt; n++) {
    await step(n);
    await pause(gapMs);
  }
}

async function batchOnce(source: BatchSource, log: LoadLog, key: string, name: string): Promise<void> {
  const created = await source.client.post(
    '/batches',
    {
      shipper_id: source.shipperId,
      service: 'USPS-1',
      batch_shipments: Array.from({ length: BATCH_ITEMS }, (_, index) => source.shipment(index)),
    },
    `${key}-create`,
  );
  log.count(`${name} create`, created);
  if (created.status !== 201) return;
  const batchId: string = created.body.data.id;
  const readyBy = Date.now() + 60_000;
  let status: string | undefined;
  while (Date.now() < readyBy && status !== 'ready') {
    const batch = await source.client.get(`/batches/${batchId}`);
    status = batch.body?.data?.status;
    if (status !== 'ready') await pause(500);
  }
  if (status !== 'ready')
    return log.count(`${name} ready`, { status: 'no answer', body: undefined, attempts: 0, earlier: [] });
  const shipped = await source.client.post(`/batches/${batchId}/ship`, undefined, `${key}-ship`);
  log.count(`${name} ship`, shipped);
  if (shipped.status === 200) log.shippedBatches.push(batchId);
}

/** The load of a campaign: batches (sandbox and live USPS), instant ships, pickups and admin credit side by side. */
export function runLoad(clients: LoadClients, log: LoadLog, prefix: string, stopAt: number): Promise<void[]> {
  return Promise.all([
    repeatUntil(stopAt, 2_000, (n) =>
      batchOnce(sandboxBatches(clients), log, `${prefix}-batch-${n}`, 'batch'),
    ),
    repeatUntil(stopAt, 4_000, (n) =>
      batchOnce(liveUspsBatches(clients), log, `${prefix}-usps-batch-${n}`, 'usps batch'),
    ),
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
