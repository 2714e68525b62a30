import { Client } from 'pg';
import { type apiClient, type AppProcess, batchShipment, eventually } from '@shipping/testing';

type ApiClient = ReturnType<typeof apiClient>;

/** Counts rows in one app's own database: what each app did is only visible there. */
export async function countIn(app: AppProcess, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await query<{ count: string }>(app, sql, params);
  return Number(row?.count);
}

export async function batchWithStatus(
  client: ApiClient,
  batchId: string,
  statuses: string[],
  timeoutMs = 60_000,
) {
  return eventually(async () => {
    const batch = await client.get(`/batches/${batchId}`);
    return statuses.includes(batch.body?.data?.status) ? batch.body.data : undefined;
  }, timeoutMs);
}

/** Creates a batch of valid shipments and waits until it is ready to ship. */
export async function readyBatch(client: ApiClient, size: number): Promise<string> {
  const shipments = Array.from({ length: size }, (_, index) => batchShipment(index));
  const created = await client.post('/batches', {
    shipper_id: 1,
    service: 'USPS-1',
    batch_shipments: shipments,
  });
  if (created.status !== 201) throw new Error(`batch not created: ${created.status} ${created.text}`);
  await batchWithStatus(client, created.body.data.id, ['ready']);
  return created.body.data.id;
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

/** The batch's item ids, from its BatchCreated (and BatchItemsAdded) events in the batch app's store. */
export async function itemIdsOf(batch: AppProcess, batchId: string): Promise<string[]> {
  const created = await query<{ data: { items: { item_id: string }[] } }>(
    batch,
    `select data from event_store.events where stream_name = $1
     and event_type in ('BatchCreated', 'BatchItemsAdded') order by stream_revision`,
    [`batch-${batchId}`],
  );
  if (created.length === 0) throw new Error(`no BatchCreated event for batch ${batchId}`);
  return created.flatMap((event) => event.data.items.map((item) => item.item_id));
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
export async function trackingNumbersOf(client: ApiClient, batchId: string): Promise<string[]> {
  const numbers: string[] = [];
  for (let page = 1; ; page++) {
    const { body } = await client.get(`/batches/${batchId}?per_page=1000&page=${page}`);
    const items: { shipment_order: { main_tracking_number: string } | null }[] = body.data.items.data;
    numbers.push(
      ...items.flatMap((item) => (item.shipment_order ? [item.shipment_order.main_tracking_number] : [])),
    );
    if (!body.data.items.next_page_url) return numbers;
  }
}
