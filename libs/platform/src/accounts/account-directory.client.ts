import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import {
  type AccountAddress,
  AccountPatterns,
  type AccountPreferences,
  type RequestContext,
  type ShipperRecord,
} from '@shipping/contracts';
import { sendRequest } from '@shipping/messaging';
import { MESSAGE_CLIENT } from '@shipping/messaging';

/** Asks the account directory (owned by the order app) over the transport. */
@Injectable()
export class AccountDirectoryClient {
  constructor(@Inject(MESSAGE_CLIENT) private readonly client: ClientProxy) {}

  async address(context: RequestContext, id: number): Promise<AccountAddress | undefined> {
    const found = await sendRequest<AccountAddress | null>(this.client, AccountPatterns.getAddress, {
      context,
      payload: { id },
    });
    return found ?? undefined;
  }

  addresses(context: RequestContext): Promise<AccountAddress[]> {
    return sendRequest<AccountAddress[]>(this.client, AccountPatterns.listAddresses, {
      context,
      payload: {},
    });
  }

  preferences(context: RequestContext): Promise<AccountPreferences> {
    return sendRequest<AccountPreferences>(this.client, AccountPatterns.getPreferences, {
      context,
      payload: {},
    });
  }

  shippers(context: RequestContext): Promise<ShipperRecord[]> {
    return sendRequest<ShipperRecord[]>(this.client, AccountPatterns.listShippers, { context, payload: {} });
  }
}
