import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  type InstantShipment,
  InstantShipPatterns,
  InstantShipRequest,
  type RequestContext,
} from '@shipping/contracts';
import { LabelLinks } from '../batches/label-links';
import { AppRequestSender } from '../commands/app-request-sender';
import { Caller } from '../commands/request-context';
import { Valid } from '../commands/valid-body.pipe';
import { withMessage } from '../http';
import { InstantShipSwitch } from './instant-ship-switch';
import { ApiRoute } from '../openapi/api-route.decorator';

/** Instant ship answers 201: it creates a shipment order, charged and with its label bought. */
@ApiTags('Orders')
@Controller('parcel-orders/instant-ship')
export class InstantShipController {
  constructor(
    private readonly apps: AppRequestSender,
    private readonly labels: LabelLinks,
  ) {}

  @ApiRoute({
    operationId: 'instantShip',
    summary: "Buy a parcel's label at once",
    description:
      'The label is bought, charged and answered at once, and `shipment.shipped` goes to the webhook endpoints.',
    beta: true,
    success: { status: 201, data: 'InstantShipment' },
    body: InstantShipRequest,
    idempotent: true,
    errors: [
      'parcelCredit',
      'instantShipService',
      'instantShipShipper',
      'noRate',
      'carrierRefused',
      'instantShipOff',
    ],
  })
  @Post()
  @HttpCode(201)
  @UseGuards(InstantShipSwitch)
  async ship(
    @Body(new Valid(InstantShipRequest)) body: InstantShipRequest,
    @Caller() caller: RequestContext,
    @Req() request: FastifyRequest,
  ) {
    const shipped = await this.apps.request<InstantShipment>(InstantShipPatterns.ship, caller, body);
    return withMessage(
      {
        shipment_order_id: String(shipped.shipment_order_id),
        main_tracking_number: shipped.main_tracking_number,
        label_url: this.labels.url(request, shipped.label_key),
        documents: shipped.documents,
      },
      'Parcel shipped.',
    );
  }
}
