import { html } from 'lit-html';
import { apiClient, unwrap } from '../api';
import type { Page, WebhookDelivery, WebhookEndpoint } from '../api-types';
import { attemptOutcome, dateTimeText } from '../format';
import type { PageContext, PageSpec } from '../views/page-runner';
import { emptyState, refreshButton, scrollingTable, statusBadge } from '../views/parts';

/** Deliveries shown per endpoint; the API lists every one. */
export const LATEST_DELIVERIES = 5;

interface EndpointWithDeliveries {
  endpoint: WebhookEndpoint;
  deliveries: WebhookDelivery[];
}

const deliveryRow = (delivery: WebhookDelivery) => {
  const last = delivery.attempts.at(-1);
  return html`<tr>
    <th scope="row"><code>${delivery.id}</code></th>
    <td>${delivery.event_type}</td>
    <td>${statusBadge(delivery.status)}</td>
    <td class="number">${delivery.attempt_count}</td>
    <td>${attemptOutcome(last)}</td>
    <td>${last ? html`<time datetime=${last.at}>${dateTimeText(last.at)}</time>` : '—'}</td>
  </tr>`;
};

const deliveriesTable = ({ endpoint, deliveries }: EndpointWithDeliveries) => {
  const caption = `webhook-${endpoint.id}-deliveries`;
  return scrollingTable(
    caption,
    html`<table>
      <caption id=${caption}>
        Latest deliveries to webhook #${endpoint.id}, newest first
      </caption>
      <thead>
        <tr>
          <th scope="col">Delivery</th>
          <th scope="col">Event type</th>
          <th scope="col">Status</th>
          <th scope="col" class="number">Attempts</th>
          <th scope="col">Last outcome</th>
          <th scope="col">Last attempt</th>
        </tr>
      </thead>
      <tbody>
        ${deliveries.map(deliveryRow)}
      </tbody>
    </table>`,
  );
};

const endpointSection = (entry: EndpointWithDeliveries) =>
  html`<section aria-labelledby=${`webhook-${entry.endpoint.id}`}>
    <h2 id=${`webhook-${entry.endpoint.id}`}>Webhook #${entry.endpoint.id}</h2>
    <dl class="webhook">
      <dt>URL</dt>
      <dd><code>${entry.endpoint.url}</code></dd>
      <dt>Event types</dt>
      <dd>${entry.endpoint.events.join(', ')}</dd>
      <dt>Registered</dt>
      <dd><time datetime=${entry.endpoint.created_at}>${dateTimeText(entry.endpoint.created_at)}</time></dd>
    </dl>
    ${entry.deliveries.length > 0 ? deliveriesTable(entry) : emptyState('No deliveries yet.')}
  </section>`;

async function loadWebhooks(apiKey: string, signal: AbortSignal): Promise<EndpointWithDeliveries[]> {
  const client = apiClient(apiKey);
  const endpoints: WebhookEndpoint[] = unwrap(await client.GET('/webhooks', { signal }));
  return Promise.all(
    endpoints.map(async (endpoint) => {
      const deliveries: Page<WebhookDelivery> = unwrap(
        await client.GET('/webhooks/{webhook_id}/deliveries', {
          params: { path: { webhook_id: String(endpoint.id) }, query: { per_page: LATEST_DELIVERIES } },
          signal,
        }),
      );
      return { endpoint, deliveries: deliveries.data };
    }),
  );
}

export function webhooksPage(context: PageContext): PageSpec<EndpointWithDeliveries[]> {
  return {
    title: 'Webhooks',
    intro: `The account's webhook endpoints, the event types each receives, and its ${LATEST_DELIVERIES} latest deliveries with the outcome of their last attempt.`,
    load: (signal) => loadWebhooks(context.apiKey, signal),
    view: (entries, refresh) =>
      html`${refreshButton(refresh)}
      ${entries.length > 0 ? entries.map(endpointSection) : emptyState('No webhooks registered yet.')}`,
  };
}
