import { Controller } from '@nestjs/common';
import {
  type AppMessage,
  type RegisteredWebhookEndpointReply,
  type WebhookDeliveriesRequest,
  type WebhookDeliveryView,
  type WebhookEndpointRef,
  type WebhookEndpointView,
  type WebhookNotification,
  type WebhookNotifications,
  WebhookPatterns,
  type WebhookRedeliverRequest,
  type WebhookUpdateRequest,
  tenantOf,
} from '@shipping/contracts';
import { DeliveryLog } from './deliveries/delivery-log';
import { type NotifyResult, WebhookOutbox } from './deliveries/webhook-outbox';
import { endpointId } from './endpoints/endpoint-id';
import { WebhookEndpoints } from './endpoints/webhook-endpoints';
import { CommandPattern, OmittedFromReplay, QueryPattern } from '@shipping/platform/idempotency';

@Controller()
export class WebhooksController {
  constructor(
    private readonly endpoints: WebhookEndpoints,
    private readonly deliveries: DeliveryLog,
    private readonly outbox: WebhookOutbox,
  ) {}

  /** The secret is stored sealed with the endpoint, and answered sealed for the gateway only. */
  @CommandPattern(WebhookPatterns.register)
  @OmittedFromReplay('sealed_secret')
  register({ context, payload }: AppMessage<unknown>): Promise<RegisteredWebhookEndpointReply> {
    return this.endpoints.register(tenantOf(context), payload);
  }

  @QueryPattern(WebhookPatterns.list)
  list({ context }: AppMessage<unknown>): Promise<WebhookEndpointView[]> {
    return this.endpoints.list(tenantOf(context));
  }

  @CommandPattern(WebhookPatterns.update)
  update({ context, payload }: AppMessage<WebhookUpdateRequest>): Promise<WebhookEndpointView> {
    return this.endpoints.update(tenantOf(context), endpointId(payload.webhook_id), payload.changes);
  }

  @CommandPattern(WebhookPatterns.remove)
  remove({ context, payload }: AppMessage<WebhookEndpointRef>): Promise<WebhookEndpointView> {
    return this.endpoints.remove(tenantOf(context), endpointId(payload.webhook_id));
  }

  @QueryPattern(WebhookPatterns.deliveries)
  async listDeliveries({
    context,
    payload,
  }: AppMessage<WebhookDeliveriesRequest>): Promise<WebhookDeliveryView[]> {
    const endpoint = await this.endpoints.find(tenantOf(context), endpointId(payload.webhook_id));
    return this.deliveries.list(endpoint.id, { page: payload.page, per_page: payload.per_page });
  }

  @CommandPattern(WebhookPatterns.redeliver)
  async redeliver({ context, payload }: AppMessage<WebhookRedeliverRequest>): Promise<WebhookDeliveryView> {
    const endpoint = await this.endpoints.find(tenantOf(context), endpointId(payload.webhook_id));
    return this.deliveries.redeliver(endpoint.id, String(payload.delivery_id));
  }

  /** From another app's subscription, which moves its checkpoint only after this answer. */
  @CommandPattern(WebhookPatterns.notify)
  notify({ payload }: AppMessage<WebhookNotification>): Promise<NotifyResult> {
    return this.outbox.notify(payload);
  }

  @CommandPattern(WebhookPatterns.notifyMany)
  notifyMany({ payload }: AppMessage<WebhookNotifications>): Promise<NotifyResult> {
    return this.outbox.notifyMany(payload);
  }
}
