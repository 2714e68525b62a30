import { type ShippingClient, unwrap } from '@shipping/client';
import { SANDBOX_ADMIN_API_KEY } from '@shipping/platform/config';
import { batchShipment, nyAddress, testClient } from '@shipping/testing';

export interface OwnMerchant {
  /** The typed client under the merchant's test key. */
  client: ShippingClient;
  apiKey: string;
  /** Its account id, as its events and ledger rows name it. */
  accountId: string;
  /** A USPS shipper on the merchant's own integration: batches may use it, the sandbox sells test keys' labels. */
  shipperId: number;
  /** A saved sender address, for the batch shipments' from_address_id. */
  fromAddressId: number;
}

/**
 * A merchant of its own on a runtime that several suites share, onboarded through the admin API
 * under the sandbox admin key: its lists, counts and webhook endpoints hold only what its suite
 * made. It has a test key, a batch-eligible shipper, a sender address and test credit.
 */
export async function onboardMerchant(baseUrl: string, name: string): Promise<OwnMerchant> {
  const admin = testClient(baseUrl, SANDBOX_ADMIN_API_KEY);
  const account = unwrap(await admin.POST('/admin/accounts', { body: { name } }));
  const ofAccount = { params: { path: { account_id: account.id } } };
  const { key: apiKey } = unwrap(
    await admin.POST('/admin/accounts/{account_id}/api-keys', { ...ofAccount, body: { mode: 'test' } }),
  );
  if (!apiKey) throw new Error(`The key issued to ${name} was not shown.`);
  const shipper = unwrap(
    await admin.POST('/admin/accounts/{account_id}/shippers', {
      ...ofAccount,
      body: { carrier: 'usps', own_integration: true, name: `${name} USPS` },
    }),
  );
  unwrap(
    await admin.POST('/admin/accounts/{account_id}/credit', {
      ...ofAccount,
      body: { amount: '1000.00', reference: `${name} top-up` },
    }),
  );
  const client = testClient(baseUrl, apiKey);
  const sender = unwrap(await client.POST('/addresses', { body: nyAddress() }));
  return { client, apiKey, accountId: account.id, shipperId: shipper.id, fromAddressId: sender.id };
}

/** The fixture's batch shipment, sent from the merchant's own address. */
export const merchantShipment = (merchant: OwnMerchant, shipment: ReturnType<typeof batchShipment>) => ({
  ...shipment,
  from_address_id: merchant.fromAddressId,
});
