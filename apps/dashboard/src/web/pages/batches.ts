import { html } from 'lit-html';
import type { BatchRow, Page } from '../api-types';
import { batchPollDelay, statusChanges } from '../batch-polling';
import { dateTimeText } from '../format';
import { routeHref } from '../routes';
import type { PageContext, PageSpec } from '../views/page-runner';
import { completion, statusBadge } from '../views/parts';
import { type ListPage, listPage } from './list-page';

const count = (header: string, key: keyof BatchRow['results']) => ({
  header,
  cell: (batch: BatchRow) => batch.results[key],
  className: 'number' as const,
});

const batches: ListPage<BatchRow> = {
  title: 'Batches',
  intro:
    'Parcel batches, newest first. Open a batch for its items and label files; this page updates while batches are being validated or processed.',
  route: 'batches',
  columns: [
    {
      header: 'Batch',
      cell: (batch) => html`<a href=${routeHref({ name: 'batch', id: batch.id, page: 1 })}>${batch.id}</a>`,
    },
    { header: 'Status', cell: (batch) => statusBadge(batch.status) },
    { header: 'Service', cell: (batch) => batch.default_service },
    count('Total', 'total_count'),
    count('Valid', 'valid_count'),
    count('Invalid', 'invalid_count'),
    count('Completed', 'completed_count'),
    count('Failed', 'failed_count'),
    {
      header: 'Progress',
      cell: (batch) => completion(batch.results.completion_percentage, `Completion of batch ${batch.id}`),
    },
    {
      header: 'Created',
      cell: (batch) => html`<time datetime=${batch.created_at}>${dateTimeText(batch.created_at)}</time>`,
    },
  ],
  read: (client, query, signal) => client.GET('/batches', { params: { query }, signal }),
};

/** The batches page updates while a batch on it is being validated or processed. */
export function batchesPage(route: { page: number }, context: PageContext): PageSpec<Page<BatchRow>> {
  return {
    ...listPage(batches, route, context),
    pollAfterMs: (page) => batchPollDelay(page.data.map((batch) => batch.status)),
    changes: (before, after) => statusChanges(before.data, after.data).join(' ') || undefined,
  };
}
