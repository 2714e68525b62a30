import { batchShipment } from '../fixtures/batches';
import { instantShipBody } from '../fixtures/instant-ship';
import { freightOrder, parcelOrder, usAddress } from '../fixtures/orders';
import { fedexPickupOrder, fedexPickupRates } from '../fixtures/pickups';
import { apiClient } from '../http-client';
import type { RequestContext } from './api-requests';

/** The interface's sample bodies by route: what the one-field-wrong variants start from. */
export function interfaceSamples(webhookUrl: string): Record<string, unknown> {
  return {
    'POST /addresses': { ...usAddress(), is_residential: false },
    'POST /freight-orders': freightOrder(),
    'POST /parcel-orders': parcelOrder(),
    'POST /parcel-orders/instant-ship': instantShipBody(),
    'POST /pickup-orders': fedexPickupOrder(),
    'POST /pickup-orders/get-rates': fedexPickupRates(),
    'POST /batches': {
      shipper_id: 1,
      service: 'USPS-1',
      batch_shipments: [batchShipment(0), batchShipment(1)],
    },
    'POST /webhooks': { url: webhookUrl, events: ['shipment.shipped', 'batch.completed'] },
    'PATCH /webhooks/{webhookId}': { url: webhookUrl, events: ['batch.item_failed'] },
    'POST /admin/accounts': { name: 'Fuzz Co', weight_unit: 'LBS', length_unit: 'IN' },
    'POST /admin/accounts/{id}/api-keys': { mode: 'test' },
    'POST /admin/accounts/{id}/shippers': { carrier: 'usps', own_integration: false, name: 'USPS' },
    'POST /admin/accounts/{id}/credit': { amount: '25.00', reference: 'fuzz top-up', mode: 'test' },
    'PUT /admin/accounts/{id}/shippers/{shipperId}/credentials': {
      credentials: { client_id: 'fuzz-ups', client_secret: 'fuzz-secret', account_number: 'A1B2C3' },
    },
  };
}

/** Things that exist before the run, so generated requests reach past their lookups. */
export async function fuzzFixtures(options: {
  baseUrl: string;
  webhookUrl: string;
  apiKey: string;
  adminKey: string;
}): Promise<RequestContext> {
  // The raw client: the bodies are the route-keyed samples the fuzzer varies, untyped on purpose.
  const api = apiClient(options.baseUrl, options.apiKey);
  const admin = apiClient(options.baseUrl, options.adminKey);
  const created = async (answer: Promise<{ status: number; body: any; text: string }>) => {
    const response = await answer;
    if (response.status >= 300) throw new Error(`fuzz fixture refused: ${response.status} ${response.text}`);
    return String(response.body.data.id);
  };
  const samples = interfaceSamples(options.webhookUrl);
  const batch = () => api.post('/batches', samples['POST /batches']);
  const account = await created(admin.post('/admin/accounts', samples['POST /admin/accounts']));
  return {
    document: await (await fetch(`${options.baseUrl}/openapi.json`)).json(),
    samples,
    apiKey: options.apiKey,
    adminKey: options.adminKey,
    ids: {
      batchId: [await created(batch()), await created(batch())],
      pickupId: [await created(api.post('/pickup-orders', fedexPickupOrder()))],
      webhookId: [await created(api.post('/webhooks', samples['POST /webhooks']))],
      id: [account],
      keyId: [await created(admin.post(`/admin/accounts/${account}/api-keys`, { mode: 'test' }))],
      shipperId: [
        await created(
          admin.post(`/admin/accounts/${account}/shippers`, {
            carrier: 'ups',
            own_integration: true,
            name: 'UPS',
            ...(samples['PUT /admin/accounts/{id}/shippers/{shipperId}/credentials'] as object),
          }),
        ),
      ],
    },
  };
}
