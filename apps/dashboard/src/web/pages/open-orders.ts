import { html } from 'lit-html';
import { apiClient, unwrap } from '../api';
import type { OpenOrder, Page } from '../api-types';
import { capitalised, dateTimeText, rowRange } from '../format';
import { routeHref } from '../routes';
import type { PageContext, PageSpec } from '../views/page-runner';
import { emptyState, pager, refreshButton, scrollingTable, statusBadge } from '../views/parts';

const PER_PAGE = 20;

const row = (order: OpenOrder) =>
  html`<tr>
    <th scope="row">#${order.shipment_order_id}</th>
    <td>${capitalised(order.kind)}</td>
    <td>${statusBadge(order.status)}</td>
    <td>${order.summary.from}</td>
    <td>${order.summary.to}</td>
    <td class="number">${order.summary.pieces}</td>
    <td class="number">${order.summary.total_weight}</td>
    <td>${order.summary.ship_date ?? '—'}</td>
    <td><time datetime=${order.created_at}>${dateTimeText(order.created_at)}</time></td>
  </tr>`;

const table = (page: Page<OpenOrder>) =>
  scrollingTable(
    'open-orders-caption',
    html`<table>
      <caption id="open-orders-caption">
        ${rowRange('Open orders', page)}, newest first
      </caption>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Kind</th>
          <th scope="col">Status</th>
          <th scope="col">From</th>
          <th scope="col">To</th>
          <th scope="col" class="number">Pieces</th>
          <th scope="col" class="number">Weight</th>
          <th scope="col">Ship date</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        ${page.data.map(row)}
      </tbody>
    </table>`,
  );

export function openOrdersPage(route: { page: number }, context: PageContext): PageSpec<Page<OpenOrder>> {
  return {
    title: 'Open orders',
    intro: 'Draft freight and parcel orders, newest first.',
    load: async (signal) =>
      unwrap(
        await apiClient(context.apiKey).GET('/orders', {
          params: { query: { per_page: PER_PAGE, page: route.page } },
          signal,
        }),
      ),
    view: (page, refresh) =>
      html`${refreshButton(refresh)}
      ${page.data.length > 0 ? table(page) : emptyState(route.page > 1 ? 'No open orders on this page.' : 'No open orders yet.')}
      ${pager('Open orders pages', page, (number) => routeHref({ name: 'orders', page: number }))}`,
  };
}
