import { html } from 'lit-html';
import { apiClient, unwrap } from '../api';
import type { BatchRow, Page } from '../api-types';
import { batchPollDelay, statusChanges } from '../batch-polling';
import { dateTimeText, rowRange } from '../format';
import { routeHref } from '../routes';
import type { PageContext, PageSpec } from '../views/page-runner';
import { completion, emptyState, pager, refreshButton, scrollingTable, statusBadge } from '../views/parts';

const PER_PAGE = 20;

const row = (batch: BatchRow) =>
  html`<tr>
    <th scope="row"><a href=${routeHref({ name: 'batch', id: batch.id, page: 1 })}>${batch.id}</a></th>
    <td>${statusBadge(batch.status)}</td>
    <td>${batch.default_service}</td>
    <td class="number">${batch.results.total_count}</td>
    <td class="number">${batch.results.valid_count}</td>
    <td class="number">${batch.results.invalid_count}</td>
    <td class="number">${batch.results.completed_count}</td>
    <td class="number">${batch.results.failed_count}</td>
    <td>${completion(batch.results.completion_percentage, `Completion of batch ${batch.id}`)}</td>
    <td><time datetime=${batch.created_at}>${dateTimeText(batch.created_at)}</time></td>
  </tr>`;

const table = (page: Page<BatchRow>) =>
  scrollingTable(
    'batches-caption',
    html`<table>
      <caption id="batches-caption">
        ${rowRange('Batches', page)}, newest first
      </caption>
      <thead>
        <tr>
          <th scope="col">Batch</th>
          <th scope="col">Status</th>
          <th scope="col">Service</th>
          <th scope="col" class="number">Total</th>
          <th scope="col" class="number">Valid</th>
          <th scope="col" class="number">Invalid</th>
          <th scope="col" class="number">Completed</th>
          <th scope="col" class="number">Failed</th>
          <th scope="col">Progress</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        ${page.data.map(row)}
      </tbody>
    </table>`,
  );

export function batchesPage(route: { page: number }, context: PageContext): PageSpec<Page<BatchRow>> {
  return {
    title: 'Batches',
    intro:
      'Parcel batches, newest first. Open a batch for its items and label files; this page updates while batches are being validated or processed.',
    load: async (signal) =>
      unwrap(
        await apiClient(context.apiKey).GET('/batches', {
          params: { query: { per_page: PER_PAGE, page: route.page } },
          signal,
        }),
      ),
    view: (page, refresh) =>
      html`${refreshButton(refresh)}
      ${page.data.length > 0 ? table(page) : emptyState(route.page > 1 ? 'No batches on this page.' : 'No batches yet.')}
      ${pager('Batches pages', page, (number) => routeHref({ name: 'batches', page: number }))}`,
    pollAfterMs: (page) => batchPollDelay(page.data.map((batch) => batch.status)),
    changes: (before, after) => statusChanges(before.data, after.data).join(' ') || undefined,
  };
}
