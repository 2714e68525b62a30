import { parseRoute, routeHref } from './routes';

describe('dashboard routes', () => {
  it.each([
    ['', { name: 'orders', page: 1 }],
    ['#/', { name: 'orders', page: 1 }],
    ['#/orders?page=3', { name: 'orders', page: 3 }],
    ['#/pickups', { name: 'pickups', page: 1 }],
    ['#/batches?page=2', { name: 'batches', page: 2 }],
    ['#/batches/k3G7QAe5?status=failed&page=4', { name: 'batch', id: 'k3G7QAe5', page: 4, status: 'failed' }],
    ['#/webhooks', { name: 'webhooks' }],
    ['#/somewhere', { name: 'not-found' }],
    ['#/batches/a/b', { name: 'not-found' }],
  ])('reads %p', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
  });

  it.each(['0', '-1', '1.5', 'x', '99999999'])('reads page=%p as the first page', (page) => {
    expect(parseRoute(`#/orders?page=${page}`)).toEqual({ name: 'orders', page: 1 });
  });

  it('drops an unknown item status filter', () => {
    expect(parseRoute('#/batches/abc?status=lost')).toEqual({
      name: 'batch',
      id: 'abc',
      page: 1,
      status: undefined,
    });
  });

  it('writes hrefs that read back as the same route, without default parameters', () => {
    const batch = { name: 'batch', id: 'a b/c', page: 2, status: 'valid' } as const;
    expect(routeHref(batch)).toBe('#/batches/a%20b%2Fc?status=valid&page=2');
    expect(parseRoute(routeHref(batch))).toEqual(batch);
    expect(routeHref({ name: 'pickups', page: 1 })).toBe('#/pickups');
  });
});
