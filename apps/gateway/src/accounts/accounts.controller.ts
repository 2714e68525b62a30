import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  type AccountAddress,
  AccountPatterns,
  AddressBookEntryRequest,
  type ShipperRecord,
  type RequestContext,
} from '@shipping/contracts';
import { CommandBus } from '../commands/command-bus';
import { Caller } from '../commands/request-context';
import { Valid } from '../commands/valid-body.pipe';
import { withMessage } from '../http';

/** The shippers and the address book the interface refers to (shipper_id, from_address_id). */
@Controller()
export class AccountsController {
  constructor(private readonly bus: CommandBus) {}

  @Get('shippers')
  shippers(@Caller() caller: RequestContext) {
    return this.bus.request<ShipperRecord[]>(AccountPatterns.listShippers, caller);
  }

  @Get('addresses')
  addresses(@Caller() caller: RequestContext) {
    return this.bus.request<AccountAddress[]>(AccountPatterns.listAddresses, caller);
  }

  @Post('addresses')
  @HttpCode(201)
  async add(
    @Body(new Valid(AddressBookEntryRequest)) body: AddressBookEntryRequest,
    @Caller() caller: RequestContext,
  ) {
    const saved = await this.bus.request<AccountAddress>(
      AccountPatterns.addAddress,
      caller,
      JSON.parse(JSON.stringify(body)),
    );
    return withMessage(saved, 'Address saved.');
  }
}
