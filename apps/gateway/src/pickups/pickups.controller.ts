import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  PageQuery,
  paginate,
  PickupOrderRequest,
  PickupPatterns,
  PickupRatesRequest,
} from '@shipping/contracts';
import type { PickupOrderView } from '@shipping/pickup-domain';
import { CommandBus } from '../commands/command-bus';
import { listingLinks } from '../commands/listing-links';
import { requestContext } from '../commands/request-context';
import { Valid } from '../commands/valid-body.pipe';
import { type AuthenticatedAccount, CurrentAccount, RequestId } from '../http';

interface SavedPickup {
  created: boolean;
  pickup: PickupOrderView;
}

@Controller('pickup-orders')
export class PickupsController {
  constructor(private readonly bus: CommandBus) {}

  /** Creates a pickup order (201), or updates the caller's own when `id` is sent (200). */
  @Post()
  @HttpCode(201)
  async save(
    @Body(new Valid(PickupOrderRequest)) body: PickupOrderRequest,
    @CurrentAccount() account: AuthenticatedAccount,
    @RequestId() requestId: string,
    @Res({ passthrough: true }) response: Response,
  ) {
    const saved = await this.bus.request<SavedPickup>(PickupPatterns.savePickupOrder, requestContext(account, requestId), body);
    if (!saved.created) response.status(200);
    return saved.pickup;
  }

  @Post('get-rates')
  @HttpCode(200)
  rates(
    @Body(new Valid(PickupRatesRequest)) body: PickupRatesRequest,
    @CurrentAccount() account: AuthenticatedAccount,
    @RequestId() requestId: string,
  ) {
    return this.bus.request(PickupPatterns.quotePickup, requestContext(account, requestId), body);
  }

  /** The dashboard's pickup-orders page, newest first. */
  @Get()
  async list(
    @Query(new Valid(PageQuery)) query: PageQuery,
    @CurrentAccount() account: AuthenticatedAccount,
    @RequestId() requestId: string,
    @Req() request: Request,
  ) {
    const page = query.toPageRequest();
    const rows = await this.bus.request<PickupOrderView[]>(PickupPatterns.listPickupOrders, requestContext(account, requestId), page);
    return paginate(rows, page, listingLinks(request, { per_page: query.per_page }));
  }
}
