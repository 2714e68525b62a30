import { Controller } from '@nestjs/common';
import {
  type AccountAddress,
  AccountPatterns,
  type AccountPreferences,
  type AccountRecord,
  type AppMessage,
  type PageRequest,
  type RequestContext,
  type ShipperRecord,
} from '@shipping/contracts';
import { accountNotFound } from '@shipping/accounts-domain';
import { CommandPattern, QueryPattern } from '@shipping/platform/idempotency';
import { AccountDirectory, type ChangeMetadata } from './account-directory';

const changeOf = (context: RequestContext): ChangeMetadata => ({
  correlationId: context.correlationId,
  ...(context.actor === undefined ? {} : { actor: context.actor }),
});

@Controller()
export class AccountsController {
  constructor(private readonly directory: AccountDirectory) {}

  @QueryPattern(AccountPatterns.listShippers)
  shippers({ context }: AppMessage<unknown>): Promise<ShipperRecord[]> {
    return this.directory.shippers(context.accountId);
  }

  @QueryPattern(AccountPatterns.listAddresses)
  addresses({ context }: AppMessage<unknown>): Promise<AccountAddress[]> {
    return this.directory.addresses(context.accountId);
  }

  @QueryPattern(AccountPatterns.getPreferences)
  preferences({ context }: AppMessage<unknown>): Promise<AccountPreferences> {
    return this.directory.preferences(context.accountId);
  }

  @QueryPattern(AccountPatterns.getAddress)
  async address({ context, payload }: AppMessage<{ id: number }>): Promise<AccountAddress | null> {
    return (await this.directory.address(context.accountId, payload.id)) ?? null;
  }

  /** The gateway validated the address (AddressBookEntryRequest) before it sent the command. */
  @CommandPattern(AccountPatterns.addAddress)
  add({ context, payload }: AppMessage<Omit<AccountAddress, 'id'>>): Promise<AccountAddress> {
    return this.directory.addAddress(context.accountId, payload, changeOf(context));
  }

  /** The gateway validated the request (CreateAccountRequest); the context's account is the admin's. */
  @CommandPattern(AccountPatterns.open)
  open({
    context,
    payload,
  }: AppMessage<{
    name: string;
    weight_unit: 'LBS' | 'KG';
    length_unit: 'IN' | 'CM';
  }>): Promise<AccountRecord> {
    return this.directory.open(payload, changeOf(context));
  }

  @QueryPattern(AccountPatterns.get)
  async account({ context }: AppMessage<unknown>): Promise<AccountRecord> {
    const account = await this.directory.account(context.accountId);
    if (!account) throw accountNotFound(context.accountId);
    return account;
  }

  @QueryPattern(AccountPatterns.list)
  accounts({ payload }: AppMessage<PageRequest>): Promise<AccountRecord[]> {
    return this.directory.accounts(payload);
  }

  @CommandPattern(AccountPatterns.addShipper)
  async addShipper({
    context,
    payload,
  }: AppMessage<{ carrier: string; own_integration: boolean; name: string }>): Promise<ShipperRecord> {
    if (!(await this.directory.account(context.accountId))) throw accountNotFound(context.accountId);
    return this.directory.addShipper(context.accountId, payload, changeOf(context));
  }

  /** The label app stored the credentials; the stream records only that they were set, and by whom. */
  @CommandPattern(AccountPatterns.recordShipperCredentials)
  async recordShipperCredentials({
    context,
    payload,
  }: AppMessage<{ shipper_id: number }>): Promise<ShipperRecord> {
    if (!(await this.directory.account(context.accountId))) throw accountNotFound(context.accountId);
    return this.directory.recordShipperCredentials(context.accountId, payload.shipper_id, changeOf(context));
  }
}
