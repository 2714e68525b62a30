import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  PageQuery,
  paginate,
  type RegisteredWebhookEndpoint,
  RegisterWebhookRequest,
  UpdateWebhookRequest,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  WebhookPatterns,
  type RequestContext,
} from '@shipping/contracts';
import { OmittedFromReplay } from '@shipping/platform';
import { CommandBus } from '../commands/command-bus';
import { listingLinks } from '../commands/listing-links';
import { Caller } from '../commands/request-context';
import { Valid } from '../commands/valid-body.pipe';
import { withMessage } from '../http';

/** Ids are short; anything longer names nothing of ours and is not sent on. */
const MAX_PARAM_LENGTH = 64;
const param = (value: string) => value.slice(0, MAX_PARAM_LENGTH);

@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly bus: CommandBus) {}

  /** 201; the signing secret is shown in this answer only, never in a replay of it. */
  @Post()
  @HttpCode(201)
  @OmittedFromReplay('secret')
  register(
    @Body(new Valid(RegisterWebhookRequest)) body: RegisterWebhookRequest,
    @Caller() caller: RequestContext,
  ) {
    return this.bus.request<RegisteredWebhookEndpoint>(WebhookPatterns.register, caller, {
      url: body.url,
      ...(body.events === undefined ? {} : { events: body.events }),
    });
  }

  /** A new url, new event types, or both. */
  @Patch(':webhookId')
  update(
    @Param('webhookId') webhookId: string,
    @Body(new Valid(UpdateWebhookRequest)) body: UpdateWebhookRequest,
    @Caller() caller: RequestContext,
  ) {
    return this.bus.request<WebhookEndpointView>(WebhookPatterns.update, caller, {
      webhook_id: param(webhookId),
      changes: { url: body.url, events: body.events },
    });
  }

  @Get()
  list(@Caller() caller: RequestContext) {
    return this.bus.request<WebhookEndpointView[]>(WebhookPatterns.list, caller);
  }

  @Delete(':webhookId')
  @HttpCode(200)
  async remove(@Param('webhookId') webhookId: string, @Caller() caller: RequestContext) {
    const removed = await this.bus.request<WebhookEndpointView>(WebhookPatterns.remove, caller, {
      webhook_id: param(webhookId),
    });
    return withMessage(removed, 'Webhook endpoint deleted.');
  }

  /** Newest first, each with every attempt. */
  @Get(':webhookId/deliveries')
  async deliveries(
    @Param('webhookId') webhookId: string,
    @Query(new Valid(PageQuery)) query: PageQuery,
    @Caller() caller: RequestContext,
    @Req() request: Request,
  ) {
    const page = query.toPageRequest();
    const rows = await this.bus.request<WebhookDeliveryView[]>(WebhookPatterns.deliveries, caller, {
      webhook_id: param(webhookId),
      ...page,
    });
    return paginate(rows, page, listingLinks(request, { per_page: query.per_page }));
  }

  /** 202: the delivery is due now (same Webhook-Id); its attempt shows in the deliveries list. */
  @Post(':webhookId/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  redeliver(
    @Param('webhookId') webhookId: string,
    @Param('deliveryId') deliveryId: string,
    @Caller() caller: RequestContext,
  ) {
    return this.bus.request<WebhookDeliveryView>(WebhookPatterns.redeliver, caller, {
      webhook_id: param(webhookId),
      delivery_id: param(deliveryId),
    });
  }
}
