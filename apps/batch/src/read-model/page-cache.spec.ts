import { PageCache } from './page-cache';

describe('page cache', () => {
  it('keeps the most recently used entries up to its capacity', () => {
    const cache = new PageCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });
});
