import { Controller } from '@nestjs/common';
import {
  type AccountAddress,
  AccountPatterns,
  type AccountPreferences,
  type Envelope,
  type ShipperRecord,
} from '@shipping/contracts';
import { AccountDirectory } from './account-directory';
import { CommandPattern, QueryPattern } from '@shipping/platform';

@Controller()
export class AccountsController {
  constructor(private readonly directory: AccountDirectory) {}

  @QueryPattern(AccountPatterns.listShippers)
  shippers({ context }: Envelope<unknown>): Promise<ShipperRecord[]> {
    return this.directory.shippers(context.accountId);
  }

  @QueryPattern(AccountPatterns.listAddresses)
  addresses({ context }: Envelope<unknown>): Promise<AccountAddress[]> {
    return this.directory.addresses(context.accountId);
  }

  @QueryPattern(AccountPatterns.getPreferences)
  preferences({ context }: Envelope<unknown>): Promise<AccountPreferences> {
    return this.directory.preferences(context.accountId);
  }

  @QueryPattern(AccountPatterns.getAddress)
  async address({ context, payload }: Envelope<{ id: number }>): Promise<AccountAddress | null> {
    return (await this.directory.address(context.accountId, payload.id)) ?? null;
  }

  /** The gateway validated the address (AddressBookEntryRequest) before it sent the command. */
  @CommandPattern(AccountPatterns.addAddress)
  add({ context, payload }: Envelope<Omit<AccountAddress, 'id'>>): Promise<AccountAddress> {
    return this.directory.addAddress(context.accountId, payload);
  }
}
