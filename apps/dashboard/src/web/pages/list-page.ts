import { html } from 'lit-html';
import { apiClient, unwrap } from '../api';
import type { Page } from '../api-types';
import { rowRange } from '../format';
import { routeHref } from '../routes';
import { type Column, dataTable } from '../views/data-table';
import type { PageContext, PageSpec } from '../views/page-runner';
import { emptyState, pager, refreshButton } from '../views/parts';

const PER_PAGE = 20;

type ApiClient = ReturnType<typeof apiClient>;
type PageQuery = { per_page: number; page: number };
/** What the typed client answers, as `unwrap` reads it. */
type Answer<T> = { data?: { data: T }; error?: unknown; response: Response };

/** A page of one of the account's lists, newest first: a table of `columns`, a pager, a refresh. */
export interface ListPage<Row> {
  /** The heading, and the noun of the caption, the pager and the empty state (`Open orders`). */
  title: string;
  intro: string;
  route: 'orders' | 'pickups' | 'batches';
  columns: readonly Column<Row>[];
  /** The API call that reads one page of the list. */
  read(client: ApiClient, query: PageQuery, signal: AbortSignal): Promise<Answer<Page<Row>>>;
}

export function listPage<Row>(
  list: ListPage<Row>,
  route: { page: number },
  context: PageContext,
): PageSpec<Page<Row>> {
  const captionId = `${list.route}-caption`;
  const noun = list.title.toLowerCase();
  return {
    title: list.title,
    intro: list.intro,
    load: async (signal) =>
      unwrap(await list.read(apiClient(context.apiKey), { per_page: PER_PAGE, page: route.page }, signal)),
    view: (page, refresh) =>
      html`${refreshButton(refresh)}
      ${
        page.data.length > 0
          ? dataTable({
              captionId,
              caption: `${rowRange(list.title, page)}, newest first`,
              columns: list.columns,
              rows: page.data,
            })
          : emptyState(route.page > 1 ? `No ${noun} on this page.` : `No ${noun} yet.`)
      }
      ${pager(`${list.title} pages`, page, (number) => routeHref({ name: list.route, page: number }))}`,
  };
}
