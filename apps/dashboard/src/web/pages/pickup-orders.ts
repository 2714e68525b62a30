import type { PickupOrder } from '../api-types';
import { carrierName, timeWindow } from '../format';
import type { PageContext } from '../views/page-runner';
import { statusBadge } from '../views/parts';
import { type ListPage, listPage } from './list-page';

const place = (address: PickupOrder['from_address']) =>
  [address.name, [address.city, address.state, address.country].filter(Boolean).join(', ')].join(' — ');

const pickupOrders: ListPage<PickupOrder> = {
  title: 'Pickup orders',
  intro: 'Scheduled carrier pickups, newest first. Dates are month-day-year.',
  route: 'pickups',
  columns: [
    { header: 'Pickup', cell: (pickup) => `#${pickup.id}` },
    { header: 'Carrier', cell: (pickup) => carrierName(pickup.carrier) },
    { header: 'Date', cell: (pickup) => pickup.pickup_date ?? '—' },
    { header: 'Window', cell: (pickup) => timeWindow(pickup.ready_time, pickup.close_time) },
    { header: 'Pieces', cell: (pickup) => pickup.piece_count, className: 'number' },
    { header: 'Weight', cell: (pickup) => pickup.total_weight, className: 'number' },
    { header: 'Status', cell: (pickup) => statusBadge(pickup.status) },
    {
      header: 'Carrier confirmation',
      cell: (pickup) => pickup.confirmation_number ?? pickup.carrier_message ?? '—',
    },
    { header: 'From', cell: (pickup) => place(pickup.from_address) },
  ],
  read: (client, query, signal) => client.GET('/pickup-orders', { params: { query }, signal }),
};

export const pickupOrdersPage = (route: { page: number }, context: PageContext) =>
  listPage(pickupOrders, route, context);
