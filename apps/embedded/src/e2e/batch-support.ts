import { type components, type ShippingClient, unwrap } from '@shipping/client';
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

type BatchItem = components['schemas']['BatchItem'];
type BatchItemPage = components['schemas']['BatchItemPage'];
type BatchPageQuery = { page?: number; per_page: number; status?: BatchItem['status'] };

/** Every item of a batch through the typed client, following next_page_url (with the status filter, when given). */
export async function batchItems(
  client: ShippingClient,
  batchId: string,
  status?: BatchItem['status'],
): Promise<BatchItem[]> {
  const items: BatchItem[] = [];
  let query: BatchPageQuery | null = { per_page: 100, status };
  while (query) {
    const page: BatchItemPage = unwrap(
      await client.GET('/batches/{batch_id}', { params: { path: { batch_id: batchId }, query } }),
    ).items;
    items.push(...page.data);
    const next: URLSearchParams | null = page.next_page_url ? new URL(page.next_page_url).searchParams : null;
    query = next
      ? { ...query, page: Number(next.get('page')), per_page: Number(next.get('per_page')) }
      : null;
  }
  return items;
}
