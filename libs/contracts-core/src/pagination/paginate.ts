/** The pagination envelope of the interface (Laravel's simple paginator: no total, no last page). */
export interface Page<T> {
  current_page: number;
  data: T[];
  first_page_url: string;
  from: number | null;
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
}

export const DEFAULT_PER_PAGE = 100;
export const MAX_PER_PAGE = 1000;

export interface PageRequest {
  page: number;
  per_page: number;
}

export interface PageLinks {
  /** Absolute URL of the listing without a query string, e.g. https://host/batches/abc. */
  path: string;
  /** Query parameters to keep in every page URL (filters, per_page), in order. */
  query?: Record<string, string | number | undefined>;
}

export function pageUrl(links: PageLinks, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(links.query ?? {})) {
    if (value !== undefined && key !== 'page') params.set(key, String(value));
  }
  params.set('page', String(page));
  return `${links.path}?${params.toString()}`;
}

/**
 * `rows` is the page's rows plus at most one more, which tells that a next page exists
 * (fetch `per_page + 1` from the offset of the page).
 */
export function paginate<T>(rows: T[], request: PageRequest, links: PageLinks): Page<T> {
  const data = rows.slice(0, request.per_page);
  const offset = (request.page - 1) * request.per_page;
  return {
    current_page: request.page,
    data,
    first_page_url: pageUrl(links, 1),
    from: data.length > 0 ? offset + 1 : null,
    next_page_url: rows.length > request.per_page ? pageUrl(links, request.page + 1) : null,
    path: links.path,
    per_page: request.per_page,
    prev_page_url: request.page > 1 ? pageUrl(links, request.page - 1) : null,
    to: data.length > 0 ? offset + data.length : null,
  };
}
