import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  FreightOrderRequest,
  OrderPatterns,
  PageQuery,
  paginate,
  ParcelOrderRequest,
  type SavedOrder,
  type RequestContext,
} from '@shipping/contracts';
import type { OpenOrder } from '@shipping/order-domain';
import { AppRequestSender } from '../commands/app-request-sender';
import { listingLinks } from '../commands/listing-links';
import { Caller } from '../commands/request-context';
import { Valid } from '../commands/valid-body.pipe';
import { withMessage } from '../http';
import { ApiRoute } from '../openapi/api-route.decorator';

@ApiTags('Orders')
@Controller()
export class OrdersController {
  constructor(private readonly apps: AppRequestSender) {}

  @ApiRoute({
    operationId: 'createFreightOrder',
    summary: 'Create a draft freight order, or update one with shipment_order_id (200)',
    success: { status: 201, data: 'SavedOrder' },
    updateStatus: 200,
    body: FreightOrderRequest,
    idempotent: true,
  })
  @Post('freight-orders')
  @HttpCode(201)
  async saveFreight(
    @Body(new Valid(FreightOrderRequest)) body: FreightOrderRequest,
    @Caller() caller: RequestContext,
    @Res({ passthrough: true }) response: FastifyReply,
  ) {
    const saved = await this.apps.request<SavedOrder>(OrderPatterns.saveFreightOrder, caller, body);
    return this.answer(saved, 'Freight order', response);
  }

  @ApiRoute({
    operationId: 'createParcelOrder',
    summary: 'Create a draft parcel order, or update one with shipment_order_id (200)',
    success: { status: 201, data: 'SavedOrder' },
    updateStatus: 200,
    body: ParcelOrderRequest,
    idempotent: true,
  })
  @Post('parcel-orders')
  @HttpCode(201)
  async saveParcel(
    @Body(new Valid(ParcelOrderRequest)) body: ParcelOrderRequest,
    @Caller() caller: RequestContext,
    @Res({ passthrough: true }) response: FastifyReply,
  ) {
    const saved = await this.apps.request<SavedOrder>(OrderPatterns.saveParcelOrder, caller, body);
    return this.answer(saved, 'Parcel order', response);
  }

  /** The dashboard's open-orders page: draft freight and parcel orders, newest first. */
  @ApiRoute({
    operationId: 'listOrders',
    summary: 'The open orders: drafts, newest first',
    success: { status: 200, data: { page: 'OpenOrder' } },
    query: { cls: PageQuery, invalid: { page: '0' } },
  })
  @Get('orders')
  async list(
    @Query(new Valid(PageQuery)) query: PageQuery,
    @Caller() caller: RequestContext,
    @Req() request: FastifyRequest,
  ) {
    const page = query.toPageRequest();
    const rows = await this.apps.request<OpenOrder[]>(OrderPatterns.listOpenOrders, caller, page);
    const listed = rows.map((order) => ({
      shipment_order_id: order.shipment_order_id,
      kind: order.kind,
      status: order.status,
      summary: {
        from: order.summary.from,
        to: order.summary.to,
        pieces: order.summary.pieces,
        total_weight: order.summary.total_weight,
        ship_date: order.summary.ship_date,
      },
      created_at: order.created_at,
      updated_at: order.updated_at,
    }));
    return paginate(listed, page, listingLinks(request, { per_page: query.per_page }));
  }

  private answer(saved: SavedOrder, what: string, response: FastifyReply) {
    if (!saved.created) response.status(200);
    const message = saved.created ? `${what} created as a draft.` : `${what} updated.`;
    return withMessage({ shipment_order_id: saved.shipment_order_id }, message);
  }
}
