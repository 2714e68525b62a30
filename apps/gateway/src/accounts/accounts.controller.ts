import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  type AccountAddress,
  AccountPatterns,
  AddressBookEntryRequest,
  type ShipperRecord,
} from '@shipping/contracts';
import { CommandBus } from '../commands/command-bus';
import { requestContext } from '../commands/request-context';
import { Valid } from '../commands/valid-body.pipe';
import { type AuthenticatedAccount, CurrentAccount, RequestId, withMessage } from '../http';

/** The shippers and the address book the interface refers to (shipper_id, from_address_id). */
@Controller()
export class AccountsController {
  constructor(private readonly bus: CommandBus) {}

  @Get('shippers')
  shippers(@CurrentAccount() account: AuthenticatedAccount, @RequestId() requestId: string) {
    return this.bus.request<ShipperRecord[]>(AccountPatterns.listShippers, requestContext(account, requestId));
  }

  @Get('addresses')
  addresses(@CurrentAccount() account: AuthenticatedAccount, @RequestId() requestId: string) {
    return this.bus.request<AccountAddress[]>(AccountPatterns.listAddresses, requestContext(account, requestId));
  }

  @Post('addresses')
  @HttpCode(201)
  async add(
    @Body(new Valid(AddressBookEntryRequest)) body: AddressBookEntryRequest,
    @CurrentAccount() account: AuthenticatedAccount,
    @RequestId() requestId: string,
  ) {
    const saved = await this.bus.request<AccountAddress>(
      AccountPatterns.addAddress,
      requestContext(account, requestId),
      JSON.parse(JSON.stringify(body)),
    );
    return withMessage(saved, 'Address saved.');
  }
}
