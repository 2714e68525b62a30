import type { apiClient } from '../http-client';
import type { UspsMockClient } from './usps-mock';

type ApiClient = ReturnType<typeof apiClient>;

export interface LiveUspsShipper {
  accountId: string;
  shipperId: number;
  live: ApiClient;
  test: ApiClient;
  /** The keys themselves, for a client of another kind. */
  keys: { live: string; test: string };
  /** The sender address each key saved: test and live data are kept apart. */
  addressIds: { live: number; test: number };
}

export const LIVE_USPS_WAREHOUSE = {
  name: 'Globex Warehouse',
  street_1: '1 Industrial Way',
  city: 'Springfield',
  zip: '62701',
  state: 'IL',
  country: 'US',
  telephone: '2175550100',
  is_residential: false,
};

async function created<T = any>(answer: Promise<{ status: number; text: string; body: any }>): Promise<T> {
  const { status, text, body } = await answer;
  if (status !== 201 && status !== 200) throw new Error(`admin API answered ${status}: ${text}`);
  return body.data as T;
}

/**
 * An account set up through the admin API as a merchant with its own USPS integration: the USPS
 * client's credentials on a shipper, test and live credit of `credit` each, a live and a test key,
 * and a saved sender address. `keyClient` builds each key's client.
 */
export async function liveUspsShipper(
  admin: ApiClient,
  keyClient: (key: string) => ApiClient,
  uspsClient: UspsMockClient,
  credit = '100000.00',
): Promise<LiveUspsShipper> {
  const account = await created<{ id: string }>(admin.post('/admin/accounts', { name: 'Globex' }));
  await created(admin.post(`/admin/accounts/${account.id}/credit`, { amount: credit, reference: 'INV-T1' }));
  await created(
    admin.post(`/admin/accounts/${account.id}/credit`, { amount: credit, reference: 'INV-L1', mode: 'live' }),
  );
  const keyOf = async (mode: 'live' | 'test') =>
    (await created<{ key: string }>(admin.post(`/admin/accounts/${account.id}/api-keys`, { mode }))).key;
  const shipper = await created<{ id: number }>(
    admin.post(`/admin/accounts/${account.id}/shippers`, {
      carrier: 'usps',
      own_integration: true,
      name: 'Globex USPS',
      credentials: {
        ...uspsClient,
        crid: '56982563',
        mid: '904128936',
        manifest_mid: '904128937',
        payment_account_type: 'EPS',
        payment_account_number: '1000405525',
      },
    }),
  );
  const keys = { live: await keyOf('live'), test: await keyOf('test') };
  const [live, test] = [keyClient(keys.live), keyClient(keys.test)];
  const addressOf = async (client: ApiClient) =>
    (await created<{ id: number }>(client.post('/addresses', LIVE_USPS_WAREHOUSE))).id;
  return {
    accountId: account.id,
    shipperId: shipper.id,
    live,
    test,
    keys,
    addressIds: { live: await addressOf(live), test: await addressOf(test) },
  };
}
