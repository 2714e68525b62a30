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
import { MESSAGE_SECRETS, OmittedFromReplay, type SecretBox } from '@shipping/platform';
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
    summary: 'Register a webhook endpoint; the answer shows its signing secret once',
    success: { status: 201, data: 'RegisteredWebhookEndpoint' },
    body: true,
    idempotent: true,
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
    summary: 'Change a webhook endpoint: a new url, new event types, or both',
    success: { status: 200, data: 'WebhookEndpoint' },
    body: true,
    errors: [404],
  })
  @Patch(':webhookId')
  update(
    @Param('webhookId') webhookId: string,
    @Body(new Valid(UpdateWebhookRequest)) body: UpdateWebhookRequest,
    @Caller() caller: RequestContext,
  ) {
    return this.apps.request<WebhookEndpointView>(WebhookPatterns.update, caller, {
      webhook_id: param(webhookId),
      changes: { url: body.url, events: body.events },
    });
  }

  @ApiRoute({ summary: 'The webhook endpoints', success: { status: 200, data: { list: 'WebhookEndpoint' } } })
  @Get()
  list(@Caller() caller: RequestContext) {
    return this.apps.request<WebhookEndpointView[]>(WebhookPatterns.list, caller);
  }

  @ApiRoute({
    summary: 'Delete a webhook endpoint',
    success: { status: 200, data: 'WebhookEndpoint' },
    errors: [404],
  })
  @Delete(':webhookId')
  @HttpCode(200)
  async remove(@Param('webhookId') webhookId: string, @Caller() caller: RequestContext) {
    const removed = await this.apps.request<WebhookEndpointView>(WebhookPatterns.remove, caller, {
      webhook_id: param(webhookId),
    });
    return withMessage(removed, 'Webhook endpoint deleted.');
  }

  /** Newest first, each with every attempt. */
  @ApiRoute({
    summary: "The endpoint's deliveries with every attempt, newest first",
    success: { status: 200, data: { page: 'WebhookDelivery' } },
    errors: [404, 422],
  })
  @Get(':webhookId/deliveries')
  async deliveries(
    @Param('webhookId') webhookId: string,
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
    summary: 'Send a delivery again now',
    success: { status: 202, data: 'WebhookDelivery' },
    idempotent: true,
    errors: [404, 409],
  })
  @Post(':webhookId/deliveries/:deliveryId/redeliver')
  @HttpCode(202)
  redeliver(
    @Param('webhookId') webhookId: string,
    @Param('deliveryId') deliveryId: string,
    @Caller() caller: RequestContext,
  ) {
    return this.apps.request<WebhookDeliveryView>(WebhookPatterns.redeliver, caller, {
      webhook_id: param(webhookId),
      delivery_id: param(deliveryId),
    });
  }
}
