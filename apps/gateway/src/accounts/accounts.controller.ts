import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  type AccountAddress,
  AccountPatterns,
  AddressBookEntryRequest,
  type ShipperRecord,
  type RequestContext,
} from '@shipping/contracts';
import { AppRequestSender } from '../commands/app-request-sender';
import { Caller } from '../commands/request-context';
import { Valid } from '../commands/valid-body.pipe';
import { withMessage } from '../http';
import { ApiRoute } from '../openapi/api-route.decorator';

/** The shippers and the address book the interface refers to (shipper_id, from_address_id). */
@ApiTags('Accounts')
@Controller()
export class AccountsController {
  constructor(private readonly apps: AppRequestSender) {}

  @ApiRoute({
    operationId: 'listShippers',
    summary: "The account's shippers",
    success: { status: 200, data: { list: 'Shipper' } },
  })
  @Get('shippers')
  shippers(@Caller() caller: RequestContext) {
    return this.apps.request<ShipperRecord[]>(AccountPatterns.listShippers, caller);
  }

  @ApiRoute({
    operationId: 'listAddresses',
    summary: "The account's saved addresses",
    success: { status: 200, data: { list: 'SavedAddress' } },
  })
  @Get('addresses')
  addresses(@Caller() caller: RequestContext) {
    return this.apps.request<AccountAddress[]>(AccountPatterns.listAddresses, caller);
  }

  @ApiRoute({
    operationId: 'createAddress',
    summary: 'Add a saved address',
    success: { status: 201, data: 'SavedAddress' },
    body: AddressBookEntryRequest,
    idempotent: true,
  })
  @Post('addresses')
  @HttpCode(201)
  async add(
    @Body(new Valid(AddressBookEntryRequest)) body: AddressBookEntryRequest,
    @Caller() caller: RequestContext,
  ) {
    const saved = await this.apps.request<AccountAddress>(
      AccountPatterns.addAddress,
      caller,
      JSON.parse(JSON.stringify(body)),
    );
    return withMessage(saved, 'Address saved.');
  }
}
