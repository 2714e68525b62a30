import { randomUUID } from 'node:crypto';
import type { BatchEvent } from '@shipping/batch-domain';
import { encodeHashId } from '@shipping/contracts';

/** The appends of one batch's whole life, in the order and sizes the batch app makes them. */
export interface BatchWrites {
  streamName: string;
  appends: { type: string; data: unknown; metadata: Record<string, string> }[][];
  events: number;
}

const ACCOUNT = 'acct_acme';
const CHUNK = 100;
const at = (batch: number, step: number) =>
  new Date(Date.UTC(2026, 10, 1) + batch * 60_000 + step * 1_000).toISOString();

const submitted = (index: number) => ({
  from_address_id: 1,
  to_address: {
    name: `Receiver ${index}`,
    street_1: `${100 + index} Congress Ave`,
    city: 'Austin',
    zip: '73301',
    state: 'TX',
    country: 'US',
    telephone: '5125550100',
    email: `receiver${index}@example.com`,
  },
  package_list: [{ count: 1, length: 10, width: 8, height: 4, weight: 1.5, reference_1: `REF-${index}` }],
});

const validatedShipment = (index: number) => ({
  ...submitted(index),
  weight_unit: 'LBS',
  length_unit: 'IN',
  from_address: {
    name: 'Acme Warehouse NY',
    attention: 'Shipping desk',
    street_1: '350 5th Ave',
    street_2: 'Floor 21',
    street_3: null,
    city: 'New York',
    zip: '10118',
    state: 'NY',
    country: 'US',
    telephone: '2125550100',
    email: 'shipping@acme.example',
  },
  package_list: [
    {
      count: 1,
      length: 10,
      width: 8,
      height: 4,
      weight: 1.5,
      insurance: false,
      is_hazmat: false,
      signature: 'no_signature',
      reference_1: `REF-${index}`,
    },
  ],
  extra_services: {
    certified_mail: false,
    return_receipt: false,
    saturday_delivery: false,
    restricted_delivery: false,
    return_receipt_electronic: false,
  },
  customs_details: { tax_id: null, aes_itn: null, bill_type: 'DDP', tax_id_type: null, issuer_country: null },
});

const chunks = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, n) => list.slice(n * size, (n + 1) * size));

/** Batch `number` with `items` items, one in a hundred refused by the carrier. */
export function batchWrites(number: number, items: number): BatchWrites {
  const batch_id = encodeHashId('batch', number);
  const itemIds = Array.from({ length: items }, (_, index) => encodeHashId('item', number * 10_000 + index));
  const price = 1165;
  const created = randomUUID();
  const request = { accountId: ACCOUNT, correlationId: randomUUID() };
  const fromCreate = { ...request, causationId: request.correlationId };
  const fromValidation = { ...request, causationId: created };
  const ship = { accountId: ACCOUNT, correlationId: randomUUID(), causationId: '' };
  ship.causationId = ship.correlationId;
  const failed = (index: number) => index % 100 === 99;
  const events = (list: BatchEvent[], metadata: Record<string, string>) =>
    list.map((event) => ({ ...event, metadata }));

  const validated: BatchEvent[] = itemIds.map((item_id, index) => ({
    type: 'ItemValidated',
    data: { batch_id, item_id, index, price_cents: price, shipment: validatedShipment(index) },
  }));
  const labelled: BatchEvent[] = itemIds.map((item_id, index) =>
    failed(index)
      ? {
          type: 'ItemFailed',
          data: {
            batch_id,
            item_id,
            index,
            reason: 'Sandbox carrier: ZIP 00000 is not served.',
            refund_cents: price,
          },
        }
      : {
          type: 'ItemCompleted',
          data: {
            batch_id,
            item_id,
            index,
            tracking_number: `9400${String(number).padStart(8, '0')}${String(index).padStart(10, '0')}`,
            label_key: `items/${item_id}.pdf`,
            price_cents: price,
          },
        },
  );
  const completedIds = itemIds.filter((_, index) => !failed(index));
  const appends = [
    [
      {
        id: created,
        ...events(
          [
            {
              type: 'BatchCreated',
              data: {
                batch_id,
                account_id: ACCOUNT,
                shipper_id: 1,
                shipper_hash_id: encodeHashId('shipper', 1),
                shipper: { carrier: 'usps', integration: 'own' as const },
                key_mode: 'test' as const,
                service: 'USPS-1',
                item_count: itemIds.length,
                items: itemIds.map((item_id, index) => ({ item_id, index, shipment: submitted(index) })),
                at: at(number, 0),
              },
            },
          ],
          fromCreate,
        )[0],
      },
    ],
    ...chunks(validated, CHUNK).map((chunk) => events(chunk, fromValidation)),
    events(
      [
        {
          type: 'BatchValidated',
          data: { batch_id, status: 'ready', valid_count: items, invalid_count: 0, at: at(number, 1) },
        },
      ],
      fromValidation,
    ),
    events(
      [
        {
          type: 'BatchShipped',
          data: {
            batch_id,
            account_id: ACCOUNT,
            charged_cents: price * items,
            item_ids: itemIds,
            at: at(number, 2),
          },
        },
      ],
      ship,
    ),
    ...chunks(labelled, CHUNK).map((chunk) => events(chunk, ship)),
    events(
      [
        {
          type: 'LabelFilesMerged',
          data: {
            batch_id,
            files: chunks(completedIds, 100).map((item_ids, n) => ({
              file: n + 1,
              key: `batches/${batch_id}/labels-${n + 1}.pdf`,
              item_ids,
            })),
          },
        },
        {
          type: 'BatchCompleted',
          data: {
            batch_id,
            completed_count: completedIds.length,
            failed_count: items - completedIds.length,
            at: at(number, 3),
          },
        },
      ],
      ship,
    ),
  ];
  return {
    streamName: `batch-${batch_id}`,
    appends,
    events: appends.reduce((sum, append) => sum + append.length, 0),
  };
}
