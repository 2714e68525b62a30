import { type Batch, type operations, type ShippingClient, unwrap } from '@shipping/client';
import type { apiClient } from '@shipping/testing';
import { eventually } from '@shipping/testing';

type Client = ReturnType<typeof apiClient>;

/** Waits until the batch reaches one of the statuses (validation and labelling are asynchronous). */
export async function batchWithStatus(
  client: Client,
  batchId: string,
  statuses: string[],
  timeoutMs = 60_000,
) {
  return eventually(async () => {
    const batch = await client.get(`/batches/${batchId}`);
    return statuses.includes(batch.body?.data?.status) ? batch.body.data : undefined;
  }, timeoutMs);
}

/** Every item of a batch, following next_page_url (with the status filter, when given). */
export async function allItems(client: Client, batchId: string, status?: string) {
  const items: {
    id: string;
    status: string;
    errors: unknown;
    shipment_order: { main_tracking_number: string } | null;
  }[] = [];
  let path: string | null = `/batches/${batchId}?per_page=100${status ? `&status=${status}` : ''}`;
  while (path) {
    const page: { body: any } = await client.get(path);
    items.push(...page.body.data.items.data);
    const next: string | null = page.body.data.items.next_page_url;
    path = next ? next.replace(/^https?:\/\/[^/]+/, '') : null;
  }
  return items;
}

/** `allItems` on the typed client: every item of a batch, page after page (with the status filter, when given). */
export async function allBatchItems(
  client: ShippingClient,
  batchId: string,
  status?: NonNullable<operations['getBatch']['parameters']['query']>['status'],
) {
  const items: Batch['items']['data'] = [];
  for (let page = 1; ; page += 1) {
    const batch = unwrap(
      await client.GET('/batches/{batch_id}', {
        params: { path: { batch_id: batchId }, query: { per_page: 100, page, status } },
      }),
    );
    items.push(...batch.items.data);
    if (!batch.items.next_page_url) return items;
  }
}
