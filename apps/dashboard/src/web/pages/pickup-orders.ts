import { html } from 'lit-html';
import { apiClient, unwrap } from '../api';
import type { Page, PickupOrder } from '../api-types';
import { carrierName, rowRange, timeWindow } from '../format';
import { routeHref } from '../routes';
import type { PageContext, PageSpec } from '../views/page-runner';
import { emptyState, pager, refreshButton, scrollingTable, statusBadge } from '../views/parts';

const PER_PAGE = 20;

const place = (address: PickupOrder['from_address']) =>
  [address.name, [address.city, address.state, address.country].filter(Boolean).join(', ')].join(' — ');

const row = (pickup: PickupOrder) =>
  html`<tr>
    <th scope="row">#${pickup.id}</th>
    <td>${carrierName(pickup.carrier)}</td>
    <td>${pickup.pickup_date ?? '—'}</td>
    <td>${timeWindow(pickup.ready_time, pickup.close_time)}</td>
    <td class="number">${pickup.piece_count}</td>
    <td class="number">${pickup.total_weight}</td>
    <td>${statusBadge(pickup.status)}</td>
    <td>${pickup.confirmation_number ?? pickup.carrier_message ?? '—'}</td>
    <td>${place(pickup.from_address)}</td>
  </tr>`;

const table = (page: Page<PickupOrder>) =>
  scrollingTable(
    'pickup-orders-caption',
    html`<table>
      <caption id="pickup-orders-caption">
        ${rowRange('Pickup orders', page)}, newest first
      </caption>
      <thead>
        <tr>
          <th scope="col">Pickup</th>
          <th scope="col">Carrier</th>
          <th scope="col">Date</th>
          <th scope="col">Window</th>
          <th scope="col" class="number">Pieces</th>
          <th scope="col" class="number">Weight</th>
          <th scope="col">Status</th>
          <th scope="col">Carrier confirmation</th>
          <th scope="col">From</th>
        </tr>
      </thead>
      <tbody>
        ${page.data.map(row)}
      </tbody>
    </table>`,
  );

export function pickupOrdersPage(route: { page: number }, context: PageContext): PageSpec<Page<PickupOrder>> {
  return {
    title: 'Pickup orders',
    intro: 'Scheduled carrier pickups, newest first. Dates are month-day-year.',
    load: async (signal) =>
      unwrap(
        await apiClient(context.apiKey).GET('/pickup-orders', {
          params: { query: { per_page: PER_PAGE, page: route.page } },
          signal,
        }),
      ),
    view: (page, refresh) =>
      html`${refreshButton(refresh)}
      ${page.data.length > 0 ? table(page) : emptyState(route.page > 1 ? 'No pickup orders on this page.' : 'No pickup orders yet.')}
      ${pager('Pickup orders pages', page, (number) => routeHref({ name: 'pickups', page: number }))}`,
  };
}
