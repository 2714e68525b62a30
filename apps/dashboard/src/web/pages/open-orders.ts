import { html } from 'lit-html';
import type { OpenOrder } from '../api-types';
import { capitalised, dateTimeText } from '../format';
import type { PageContext } from '../views/page-runner';
import { statusBadge } from '../views/parts';
import { type ListPage, listPage } from './list-page';

const openOrders: ListPage<OpenOrder> = {
  title: 'Open orders',
  intro: 'Draft freight and parcel orders, newest first.',
  route: 'orders',
  columns: [
    { header: 'Order', cell: (order) => `#${order.shipment_order_id}` },
    { header: 'Kind', cell: (order) => capitalised(order.kind) },
    { header: 'Status', cell: (order) => statusBadge(order.status) },
    { header: 'From', cell: (order) => order.summary.from },
    { header: 'To', cell: (order) => order.summary.to },
    { header: 'Pieces', cell: (order) => order.summary.pieces, className: 'number' },
    { header: 'Weight', cell: (order) => order.summary.total_weight, className: 'number' },
    { header: 'Ship date', cell: (order) => order.summary.ship_date ?? '—' },
    {
      header: 'Created',
      cell: (order) => html`<time datetime=${order.created_at}>${dateTimeText(order.created_at)}</time>`,
    },
  ],
  read: (client, query, signal) => client.GET('/orders', { params: { query }, signal }),
};

export const openOrdersPage = (route: { page: number }, context: PageContext) =>
  listPage(openOrders, route, context);
