import { validateRequest } from '../validation';
import { PageQuery } from './page-query';
import { paginate, pageUrl } from '@shipping/contracts-core';

const links = { path: 'http://localhost:3000/batches/abc', query: { status: 'valid', per_page: 2 } };

describe('paginate', () => {
  it('gives the first page with a next link and no previous link', () => {
    const page = paginate(['a', 'b', 'c'], { page: 1, per_page: 2 }, links);
    expect(page).toEqual({
      current_page: 1,
      data: ['a', 'b'],
      first_page_url: 'http://localhost:3000/batches/abc?status=valid&per_page=2&page=1',
      from: 1,
      next_page_url: 'http://localhost:3000/batches/abc?status=valid&per_page=2&page=2',
      path: 'http://localhost:3000/batches/abc',
      per_page: 2,
      prev_page_url: null,
      to: 2,
    });
  });

  it('gives the last page with a previous link and no next link', () => {
    const page = paginate(['e'], { page: 3, per_page: 2 }, links);
    expect([page.from, page.to, page.next_page_url]).toEqual([5, 5, null]);
    expect(page.prev_page_url).toBe('http://localhost:3000/batches/abc?status=valid&per_page=2&page=2');
  });

  it('gives an empty page past the end with null from and to', () => {
    const page = paginate([], { page: 9, per_page: 2 }, links);
    expect([page.data, page.from, page.to, page.next_page_url]).toEqual([[], null, null, null]);
  });

  it('keeps filters, drops a stray page parameter and escapes values', () => {
    expect(pageUrl({ path: '/x', query: { page: 7, status: 'a b&c', missing: undefined } }, 2)).toBe(
      '/x?status=a+b%26c&page=2',
    );
  });
});

describe('page query', () => {
  it.each([
    { page: ['1'] },
    { page: { a: '1' } },
    { page: '1.5' },
    { page: '0' },
    { per_page: '1001' },
    { page: '1e3' },
  ])('refuses %p', (query) => {
    expect(validateRequest(PageQuery, query).ok).toBe(false);
  });

  it.each([
    [{ page: 'abc' }, { page: ['The page must be an integer.'] }],
    [{ page: '1', per_page: '2.5' }, { per_page: ['The per_page must be an integer.'] }],
    [{ page: ['1', '2'] }, { page: ['The page must be an integer.'] }],
    [{ page: '0' }, { page: ['The page must be at least 1.'] }],
    [{ per_page: '1001' }, { per_page: ['The per_page may not be greater than 1000.'] }],
  ])('tells %p what is wrong first', (query, errors) => {
    expect(validateRequest(PageQuery, query)).toEqual({ ok: false, errors });
  });

  it('reads integer strings and defaults to page 1 of 100', () => {
    const result = validateRequest(PageQuery, { page: '3', per_page: '25' });
    expect(result.ok && result.value.toPageRequest()).toEqual({ page: 3, per_page: 25 });
    const defaults = validateRequest(PageQuery, {});
    expect(defaults.ok && defaults.value.toPageRequest()).toEqual({ page: 1, per_page: 100 });
  });
});
