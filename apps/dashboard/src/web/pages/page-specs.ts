import { html } from 'lit-html';
import { type Route, routeHref } from '../routes';
import type { PageContext, PageSpec } from '../views/page-runner';
import { batchPage } from './batch';
import { batchesPage } from './batches';
import { openOrdersPage } from './open-orders';
import { pickupOrdersPage } from './pickup-orders';
import { webhooksPage } from './webhooks';

const notFound: PageSpec<null> = {
  title: 'Page not found',
  load: async () => null,
  view: () =>
    html`<p>
      There is no such dashboard page. Go to the
      <a href=${routeHref({ name: 'orders', page: 1 })}>open orders</a>.
    </p>`,
};

export function pageSpec(route: Route, context: PageContext): PageSpec<unknown> {
  switch (route.name) {
    case 'orders':
      return openOrdersPage(route, context) as PageSpec<unknown>;
    case 'pickups':
      return pickupOrdersPage(route, context) as PageSpec<unknown>;
    case 'batches':
      return batchesPage(route, context) as PageSpec<unknown>;
    case 'batch':
      return batchPage(route, context) as PageSpec<unknown>;
    case 'webhooks':
      return webhooksPage(context) as PageSpec<unknown>;
    case 'not-found':
      return notFound as PageSpec<unknown>;
    default: {
      const unknown: never = route;
      throw new Error(`Unknown route ${JSON.stringify(unknown)}`);
    }
  }
}
