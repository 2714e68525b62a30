import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  PageQuery,
  paginate,
  type RegisteredWebhookEndpoint,
  type RegisteredWebhookEndpointReply,
  registeredSecretContext,
  RegisterWebhookRequest,
  UpdateWebhookRequest,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  WebhookPatterns,
  type RequestContext,
} from '@shipping/contracts';
import { OmittedFromReplay } from '@shipping/platform/idempotency';
import { MESSAGE_SECRETS, type SecretBox } from '@shipping/platform/secrets';
import { AppRequestSender } from '../commands/app-request-sender';
import { listingLinks } from '../commands/listing-links';
import { Caller } from '../commands/request-context';
import { Valid } from '../commands/valid-body.pipe';
import { withMessage } from '../http';
import { ApiRoute } from '../openapi/api-route.decorator';

/** Ids are short; anything longer names nothing of ours and is not sent on. */
const MAX_PARAM_LENGTH = 64;
const param = (value: string) => value.slice(0, MAX_PARAM_LENGTH);

@ApiTags('Webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(
    private readonly apps: AppRequestSender,
    @Inject(MESSAGE_SECRETS) private readonly messageSecrets: SecretBox,
  ) {}

  /** 201; the signing secret is shown in this answer only, never in a replay of it. */
  @ApiRoute({
    operationId: 'createWebhook',
    summary: 'Register a webhook endpoint; the answer shows its signing secret once',
    success: { status: 201, data: 'RegisteredWebhookEndpoint' },
    body: RegisterWebhookRequest,
    idempotent: true,
    errors: ['refusedUrl', 'endpointLimit'],
  })
  @Post()
  @HttpCode(201)
  @OmittedFromReplay('secret')
  async register(
    @Body(new Valid(RegisterWebhookRequest)) body: RegisterWebhookRequest,
    @Caller() caller: RequestContext,
  ): Promise<RegisteredWebhookEndpoint | WebhookEndpointView> {
    const reply = await this.apps.request<RegisteredWebhookEndpointReply>(WebhookPatterns.register, caller, {
      url: body.url,
      ...(body.events === undefined ? {} : { events: body.events }),
    });
    const { sealed_secret: sealed, ...endpoint } = reply;
    // A replay of the registration answers without the secret, as the first answer's replay does.
    if (sealed === undefined) return endpoint;
    const context = registeredSecretContext(caller.accountId, endpoint.id);
    return { ...endpoint, secret: this.messageSecrets.open(sealed, context) };
  }

  /** A new url, new event types, or both. */
  @ApiRoute({
    operationId: 'updateWebhook',
    summary: 'Change a webhook endpoint: a new url, new event types, or both',
    success: { status: 200, data: 'WebhookEndpoint' },
    body: UpdateWebhookRequest,
    errors: ['webhookNotFound', 'refusedUrl'],
  })
  @Patch(':webhook_id')
  update(
    @Param('webhook_id') webhookId: string,
    @Body(new Valid(UpdateWebhookRequest)) body: UpdateWebhookRequest,
    @Caller() caller: RequestContext,
  ) {
    return this.apps.request<WebhookEndpointView>(WebhookPatterns.update, caller, {
      webhook_id: param(webhookId),
      changes: { url: body.url, events: body.events },
    });
  }

  @ApiRoute({
    operationId: 'listWebhooks',
    summary: 'The webhook endpoints',
    success: { status: 200, data: { list: 'WebhookEndpoint' } },
  })
  @Get()
  list(@Caller() caller: RequestContext) {
    return this.apps.request<WebhookEndpointView[]>(WebhookPatterns.list, caller);
  }

  @ApiRoute({
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook endpoint',
    success: { status: 200, data: 'WebhookEndpoint' },
    errors: ['webhookNotFound'],
  })
  @Delete(':webhook_id')
  @HttpCode(200)
  async remove(@Param('webhook_id') webhookId: string, @Caller() caller: RequestContext) {
    const removed = await this.apps.request<WebhookEndpointView>(WebhookPatterns.remove, caller, {
      webhook_id: param(webhookId),
    });
    return withMessage(removed, 'Webhook endpoint deleted.');
  }

  /** Newest first, each with every attempt. */
  @ApiRoute({
    operationId: 'listWebhookDeliveries',
    summary: "The endpoint's deliveries with every attempt, newest first",
    success: { status: 200, data: { page: 'WebhookDelivery' } },
    query: { cls: PageQuery, invalid: { page: '0' } },
    errors: ['webhookNotFound'],
  })
  @Get(':webhook_id/deliveries')
  async deliveries(
    @Param('webhook_id') webhookId: string,
    @Query(new Valid(PageQuery)) query: PageQuery,
    @Caller() caller: RequestContext,
    @Req() request: FastifyRequest,
  ) {
    const page = query.toPageRequest();
    const rows = await this.apps.request<WebhookDeliveryView[]>(WebhookPatterns.deliveries, caller, {
      webhook_id: param(webhookId),
      ...page,
    });
    return paginate(rows, page, listingLinks(request, { per_page: query.per_page }));
  }

  /** 202: the delivery is due now (same Webhook-Id); its attempt shows in the deliveries list. */
  @ApiRoute({
    operationId: 'redeliverWebhookDelivery',
    summary: 'Send a delivery again now',
    success: { status: 202, data: 'WebhookDelivery' },
    idempotent: true,
    errors: ['webhookNotFound', 'deliveryNotFound', 'deliveryInFlight'],
  })
  @Post(':webhook_id/deliveries/:delivery_id/redeliver')
  @HttpCode(202)
  redeliver(
    @Param('webhook_id') webhookId: string,
    @Param('delivery_id') deliveryId: string,
    @Caller() caller: RequestContext,
  ) {
    return this.apps.request<WebhookDeliveryView>(WebhookPatterns.redeliver, caller, {
      webhook_id: param(webhookId),
      delivery_id: param(deliveryId),
    });
  }
}
