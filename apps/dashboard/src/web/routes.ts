import { ITEM_STATUSES, type ItemStatus } from './api-types';

/** Hash routes under /dashboard, so the gateway serves one document for every page. */
export type Route =
  | { name: 'orders'; page: number }
  | { name: 'pickups'; page: number }
  | { name: 'batches'; page: number }
  | { name: 'batch'; id: string; page: number; status?: ItemStatus }
  | { name: 'webhooks' }
  | { name: 'not-found' };

export type BatchRoute = Extract<Route, { name: 'batch' }>;

export const DEFAULT_ROUTE: Route = { name: 'orders', page: 1 };

const pageNumber = (value: string | null) =>
  value !== null && /^[1-9]\d{0,6}$/.test(value) ? Number(value) : 1;

const itemStatus = (value: string | null): ItemStatus | undefined =>
  ITEM_STATUSES.find((status) => status === value);

export function parseRoute(hash: string): Route {
  const [path, search = ''] = hash.replace(/^#/, '').split('?', 2);
  const query = new URLSearchParams(search);
  const page = pageNumber(query.get('page'));
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 0) return DEFAULT_ROUTE;
  const [first, second] = segments.map((segment) => decodeURIComponent(segment));
  if (segments.length === 1 && (first === 'orders' || first === 'pickups' || first === 'batches'))
    return { name: first, page };
  if (segments.length === 1 && first === 'webhooks') return { name: 'webhooks' };
  if (segments.length === 2 && first === 'batches')
    return { name: 'batch', id: second, page, status: itemStatus(query.get('status')) };
  return { name: 'not-found' };
}

export function routeHref(route: Route): string {
  const query = new URLSearchParams();
  switch (route.name) {
    case 'not-found':
      return '#/';
    case 'webhooks':
      return '#/webhooks';
    case 'batch':
      if (route.status) query.set('status', route.status);
      if (route.page > 1) query.set('page', String(route.page));
      return withQuery(`#/batches/${encodeURIComponent(route.id)}`, query);
    case 'orders':
    case 'pickups':
    case 'batches':
      if (route.page > 1) query.set('page', String(route.page));
      return withQuery(`#/${route.name}`, query);
    default: {
      const unknown: never = route;
      throw new Error(`Unknown route ${JSON.stringify(unknown)}`);
    }
  }
}

const withQuery = (path: string, query: URLSearchParams) =>
  query.toString() ? `${path}?${query.toString()}` : path;
