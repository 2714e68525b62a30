import type { AccountAddress, RequestContext } from '@shipping/contracts';
import type { AccountDirectoryClient } from '@shipping/platform/account-directory';

export interface Sender {
  saved?: AccountAddress;
  /** The saved address id was sent but is not one of the account's saved addresses. */
  unknownId: boolean;
}

type Body = Record<string, unknown>;

export async function resolveSender(
  directory: AccountDirectoryClient,
  context: RequestContext,
  body: Body,
): Promise<Sender> {
  const id = body.from_address_id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id))
    return { unknownId: id !== undefined && id !== null };
  const saved = await directory.address(context, id);
  return { saved, unknownId: !saved };
}
