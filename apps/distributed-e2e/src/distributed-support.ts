import { Client } from 'pg';
import { type Batch, type BatchStatus, type ShippingClient, unwrap } from '@shipping/client';
import {
  type AppProcess,
  batchShipment,
  eventually,
  type InMemoryEventLog,
  type LoggedEvent,
} from '@shipping/testing';

/** Counts rows in one app's own database: what each app did is only visible there. */
export async function countIn(app: AppProcess, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await query<{ count: string }>(app, sql, params);
  return Number(row?.count);
}

/**
 * Reads the batch until its status is one of `statuses`. Unlike the client's `waitForBatchStatus`
 * it reads again after a failed answer: an app or the broker may be down for a while mid-test.
 */
export async function batchWithStatus(
  client: ShippingClient,
  batchId: string,
  statuses: BatchStatus[],
  timeoutMs = 60_000,
): Promise<Batch> {
  return eventually(async () => {
    const { data } = await client.GET('/batches/{batch_id}', { params: { path: { batch_id: batchId } } });
    return data && statuses.includes(data.data.status) ? data.data : undefined;
  }, timeoutMs);
}

export const shipBatch = (client: ShippingClient, batchId: string) =>
  client.POST('/batches/{batch_id}/ship', { params: { path: { batch_id: batchId } } });

/** Creates a batch of valid shipments and waits until it is ready to ship. */
export async function readyBatch(client: ShippingClient, size: number): Promise<string> {
  const shipments = Array.from({ length: size }, (_, index) => batchShipment(index));
  const created = await client.POST('/batches', {
    body: { shipper_id: 1, service: 'USPS-1', batch_shipments: shipments },
  });
  if (created.response.status !== 201)
    throw new Error(`batch not created: ${created.response.status} ${JSON.stringify(created.error)}`);
  await batchWithStatus(client, created.data!.data.id, ['ready']);
  return created.data!.data.id;
}

async function query<T>(app: AppProcess, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const dataOf = <T>(event: LoggedEvent) => JSON.parse(Buffer.from(event.data).toString()) as T;

/** One stream's events of these types, data parsed: the batch app keeps its streams in EventStoreDB. */
export const streamEvents = <T>(log: InMemoryEventLog, streamName: string, types: string[]): T[] =>
  (log.stream(streamName) ?? []).filter((event) => types.includes(event.type)).map(dataOf<T>);

/** The batch app's ledger events of one type, across its `ledger-<account>` streams. */
export const ledgerEvents = <T>(log: InMemoryEventLog, type: string): T[] =>
  log
    .all()
    .filter((event) => event.streamName.startsWith('ledger-') && event.type === type)
    .map(dataOf<T>);

/** The batch's item ids, from its BatchCreated (and BatchItemsAdded) events in the batch app's store. */
export function itemIdsOf(log: InMemoryEventLog, batchId: string): string[] {
  const created = streamEvents<{ items: { item_id: string }[] }>(log, `batch-${batchId}`, [
    'BatchCreated',
    'BatchItemsAdded',
  ]);
  if (created.length === 0) throw new Error(`no BatchCreated event for batch ${batchId}`);
  return created.flatMap((event) => event.items.map((item) => item.item_id));
}

/** Labels the label app bought for these items (one row per item at most: the label app's record). */
export const labelsBought = (label: AppProcess, itemIds: string[]) =>
  countIn(label, 'select count(*) from label_purchases where item_id = any($1::text[])', [itemIds]);

export const distinctTrackingNumbers = (label: AppProcess, itemIds: string[]) =>
  countIn(
    label,
    'select count(distinct tracking_number) from label_purchases where item_id = any($1::text[])',
    [itemIds],
  );

/** The tracking numbers of a batch's items, read page by page through the gateway. */
export async function trackingNumbersOf(client: ShippingClient, batchId: string): Promise<string[]> {
  const numbers: string[] = [];
  for (let page = 1; ; page++) {
    const { items } = unwrap(
      await client.GET('/batches/{batch_id}', {
        params: { path: { batch_id: batchId }, query: { per_page: 1000, page } },
      }),
    );
    numbers.push(
      ...items.data.flatMap((item) =>
        item.shipment_order ? [item.shipment_order.main_tracking_number] : [],
      ),
    );
    if (!items.next_page_url) return numbers;
  }
}
