import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  NotFound,
  PageQuery,
  paginate,
  PickupOrderRequest,
  PickupPatterns,
  PickupRatesRequest,
  type RequestContext,
} from '@shipping/contracts';
import { PICKUP_NOT_FOUND_MESSAGE, type PickupOrderView } from '@shipping/pickup-domain';
import { AppRequestSender } from '../commands/app-request-sender';
import { listingLinks } from '../commands/listing-links';
import { Caller } from '../commands/request-context';
import { Valid } from '../commands/valid-body.pipe';
import { ApiRoute } from '../openapi/api-route.decorator';

/** A pickup id is a positive integer; anything else names no pickup. */
function pickupIdOf(value: string): number {
  if (!/^[1-9]\d{0,14}$/.test(value)) throw new NotFound(PICKUP_NOT_FOUND_MESSAGE);
  return Number(value);
}

interface SavedPickup {
  created: boolean;
  pickup: PickupOrderView;
}

@ApiTags('Pickups')
@Controller('pickup-orders')
export class PickupsController {
  constructor(private readonly apps: AppRequestSender) {}

  /** Creates a pickup order (201), or updates the caller's own when `id` is sent (200). */
  @ApiRoute({
    operationId: 'createPickupOrder',
    summary: "Create a pickup order, or update the caller's own with id (200)",
    success: { status: 201, data: 'PickupOrder' },
    updateStatus: 200,
    body: PickupOrderRequest,
    idempotent: true,
    errors: ['unknownPickup', 'pickupNotChangeable', 'pickupRefusedByCarrier', 'keyReused', 'pickupNotSaved'],
  })
  @Post()
  @HttpCode(201)
  async save(
    @Body(new Valid(PickupOrderRequest)) body: PickupOrderRequest,
    @Caller() caller: RequestContext,
    @Res({ passthrough: true }) response: FastifyReply,
  ) {
    const saved = await this.apps.request<SavedPickup>(PickupPatterns.savePickupOrder, caller, body);
    if (!saved.created) response.status(200);
    return saved.pickup;
  }

  @ApiRoute({
    operationId: 'getPickupRates',
    summary: 'The price of a pickup (nothing is saved)',
    success: { status: 200, data: 'PickupRate' },
    body: PickupRatesRequest,
    errors: ['noSender'],
    idempotent: true,
  })
  @Post('get-rates')
  @HttpCode(200)
  rates(@Body(new Valid(PickupRatesRequest)) body: PickupRatesRequest, @Caller() caller: RequestContext) {
    return this.apps.request(PickupPatterns.quotePickup, caller, body);
  }

  /** The dashboard's pickup-orders page, newest first. */
  @ApiRoute({
    operationId: 'listPickupOrders',
    summary: 'The pickup orders, newest first',
    success: { status: 200, data: { page: 'PickupOrder' } },
    query: { cls: PageQuery, invalid: { page: '0' } },
  })
  @Get()
  async list(
    @Query(new Valid(PageQuery)) query: PageQuery,
    @Caller() caller: RequestContext,
    @Req() request: FastifyRequest,
  ) {
    const page = query.toPageRequest();
    const rows = await this.apps.request<PickupOrderView[]>(PickupPatterns.listPickupOrders, caller, page);
    return paginate(rows, page, listingLinks(request, { per_page: query.per_page }));
  }

  /** One pickup order of the caller's account and key mode. */
  @ApiRoute({
    operationId: 'getPickupOrder',
    summary: 'A pickup order',
    success: { status: 200, data: 'PickupOrder' },
    errors: ['pickupNotFound'],
  })
  @Get(':pickup_order_id')
  get(@Param('pickup_order_id') pickupId: string, @Caller() caller: RequestContext) {
    return this.apps.request<PickupOrderView>(PickupPatterns.getPickupOrder, caller, {
      id: pickupIdOf(pickupId),
    });
  }

  /** Cancels a pickup order, with its carrier first when the carrier scheduled it. */
  @ApiRoute({
    operationId: 'cancelPickupOrder',
    summary: 'Cancel a pickup order (with its carrier when the carrier scheduled it)',
    success: { status: 200, data: 'PickupOrder' },
    errors: ['pickupNotFound', 'pickupStillScheduling', 'pickupRefusedByCarrier'],
  })
  @Delete(':pickup_order_id')
  @HttpCode(200)
  cancel(@Param('pickup_order_id') pickupId: string, @Caller() caller: RequestContext) {
    return this.apps.request<PickupOrderView>(PickupPatterns.cancelPickupOrder, caller, {
      id: pickupIdOf(pickupId),
    });
  }
}
