import { html, nothing } from 'lit-html';
import { apiClient, unwrap } from '../api';
import type { Batch, BatchItem, ItemStatus } from '../api-types';
import { batchPollDelay } from '../batch-polling';
import { rowRange } from '../format';
import { type BatchRoute, routeHref } from '../routes';
import { type Column, dataTable } from '../views/data-table';
import type { PageContext, PageSpec } from '../views/page-runner';
import { completion, emptyState, pager, refreshButton, statusBadge } from '../views/parts';
import { itemsFilter } from './items-filter';

const PER_PAGE = 50;

const COUNTS: [keyof Batch['results'], string][] = [
  ['total_count', 'Total'],
  ['valid_count', 'Valid'],
  ['invalid_count', 'Invalid'],
  ['completed_count', 'Completed'],
  ['failed_count', 'Failed'],
];

const summary = (batch: Batch) =>
  html`<section aria-labelledby="summary-heading">
    <h2 id="summary-heading">Summary</h2>
    <dl class="facts">
      <div>
        <dt>Status</dt>
        <dd>${statusBadge(batch.status)}</dd>
      </div>
      <div>
        <dt>Service</dt>
        <dd>${batch.default_service}</dd>
      </div>
      <div>
        <dt>Shipper</dt>
        <dd>${batch.default_shipper_id}</dd>
      </div>
      <div>
        <dt>Progress</dt>
        <dd>${completion(batch.results.completion_percentage, 'Completion of the batch')}</dd>
      </div>
    </dl>
    <dl class="counts">
      ${COUNTS.map(
        ([key, label]) =>
          html`<div>
            <dt>${label}</dt>
            <dd>${batch.results[key]}</dd>
          </div>`,
      )}
    </dl>
  </section>`;

function labelFiles(batch: Batch) {
  const labels = batch.labels;
  const body =
    labels === undefined
      ? html`<p>Label files are made once the batch is shipped.</p>`
      : labels.length === 0
        ? html`<p>The label files appear here when the batch is completed.</p>`
        : html`<ul class="label-files">
            ${labels.map(
              (url, index) =>
                html`<li>
                  <a href=${url} target="_blank" rel="noopener"
                    >Label file ${index + 1} of ${labels.length} (PDF)</a
                  >
                </li>`,
            )}
          </ul>`;
  return html`<section aria-labelledby="labels-heading">
    <h2 id="labels-heading">Label files</h2>
    ${body}
  </section>`;
}

const errorsList = (errors: BatchItem['errors']) =>
  errors
    ? html`<ul class="errors">
        ${Object.entries(errors).map(([field, messages]) => messages.map((message) => html`<li><code>${field}</code>: ${message}</li>`))}
      </ul>`
    : nothing;

const ITEM_COLUMNS: Column<BatchItem>[] = [
  { header: 'Item', cell: (item) => item.id },
  { header: 'Status', cell: (item) => statusBadge(item.status) },
  { header: 'Tracking number', cell: (item) => item.shipment_order?.main_tracking_number ?? '—' },
  { header: 'Errors', cell: (item) => errorsList(item.errors), className: 'wrap' },
];

const itemsCaption = (batch: Batch, status: ItemStatus | undefined) =>
  `${rowRange('Items', batch.items)}, ${status ? `status ${status}` : 'every status'}`;

function items(batch: Batch, route: BatchRoute) {
  const table = dataTable({
    captionId: 'items-caption',
    caption: itemsCaption(batch, route.status),
    columns: ITEM_COLUMNS,
    rows: batch.items.data,
  });
  const none = route.status
    ? `No ${route.status} items${route.page > 1 ? ' on this page' : ''}.`
    : 'No items yet: they appear once validated.';
  return html`<section aria-labelledby="items-heading">
    <h2 id="items-heading">Items</h2>
    ${itemsFilter(route)} ${batch.items.data.length > 0 ? table : emptyState(none)}
    ${pager('Items pages', batch.items, (page) => routeHref({ ...route, page }))}
  </section>`;
}

export function batchPage(route: BatchRoute, context: PageContext): PageSpec<Batch> {
  const query = { per_page: PER_PAGE, page: route.page, ...(route.status ? { status: route.status } : {}) };
  return {
    title: `Batch ${route.id}`,
    load: async (signal) =>
      unwrap(
        await apiClient(context.apiKey).GET('/batches/{batch_id}', {
          params: { path: { batch_id: route.id }, query },
          signal,
        }),
      ),
    view: (batch, refresh) =>
      html`<p class="back"><a href=${routeHref({ name: 'batches', page: 1 })}>All batches</a></p>
        ${refreshButton(refresh)} ${summary(batch)} ${labelFiles(batch)} ${items(batch, route)}`,
    pollAfterMs: (batch) => batchPollDelay([batch.status]),
    changes: (before, after) =>
      before.status !== after.status
        ? `The batch is now ${after.status}.`
        : before.results.completion_percentage !== after.results.completion_percentage
          ? `${after.results.completion_percentage} complete.`
          : undefined,
  };
}
