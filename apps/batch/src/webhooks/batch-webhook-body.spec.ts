import type { BatchEvent } from '@shipping/batch-domain';
import {
  WEBHOOK_BATCH_EVENT_TYPES,
  WEBHOOK_DATA_FIELDS,
  WEBHOOK_EVENTS,
  type WebhookEventTypeSpec,
} from '@shipping/contracts';
import { batchWebhookBody } from './batch-webhook-body';

const at = '2026-11-25T10:00:00.000Z';
const batch_id = 'bat1';
const created: BatchEvent = {
  type: 'BatchCreated',
  data: {
    batch_id,
    account_id: 'acct_acme',
    shipper_id: 1,
    shipper_hash_id: 'shp1',
    shipper: { carrier: 'usps', integration: 'own' as const },
    key_mode: 'test' as const,
    service: 'USPS-2',
    item_count: 3,
    items: [0, 1, 2].map((index) => ({ item_id: `itm${index}`, index, shipment: {} })),
    at,
  },
};
const validated: BatchEvent[] = [
  created,
  { type: 'ItemValidated', data: { batch_id, item_id: 'itm0', index: 0, price_cents: 100, shipment: {} } },
  { type: 'ItemInvalidated', data: { batch_id, item_id: 'itm1', index: 1, errors: { zip: ['bad'] } } },
  { type: 'ItemValidated', data: { batch_id, item_id: 'itm2', index: 2, price_cents: 100, shipment: {} } },
  { type: 'BatchValidated', data: { batch_id, status: 'ready', valid_count: 2, invalid_count: 1, at } },
];
const failed: BatchEvent[] = [
  ...validated,
  {
    type: 'BatchShipped',
    data: { batch_id, account_id: 'acct_acme', charged_cents: 200, item_ids: ['itm0', 'itm2'], at },
  },
  {
    type: 'ItemFailed',
    data: { batch_id, item_id: 'itm2', index: 2, reason: 'Address refused', refund_cents: 100 },
  },
];
const completed: BatchEvent[] = [
  ...failed,
  {
    type: 'ItemCompleted',
    data: {
      batch_id,
      item_id: 'itm0',
      index: 0,
      tracking_number: '9400',
      label_key: 'l/0.pdf',
      price_cents: 100,
    },
  },
  {
    type: 'LabelFilesMerged',
    data: { batch_id, files: [{ file: 1, key: 'merged/1.pdf', item_ids: ['itm0'] }] },
  },
  { type: 'BatchCompleted', data: { batch_id, completed_count: 1, failed_count: 1, at } },
];
const signed = (key: string) => `https://labels.example/${key}?signature=s`;
const when = new Date(at);

describe('batch webhook bodies', () => {
  it('batch.validated: the batch as validated, with the invalid items ids and no labels', () => {
    expect(batchWebhookBody('batch.validated', validated, when, signed)).toEqual({
      type: 'batch.validated',
      timestamp: at,
      data: {
        id: batch_id,
        status: 'ready',
        default_service: 'USPS-2',
        default_shipper_id: 'shp1',
        results: {
          total_count: 3,
          valid_count: 2,
          invalid_count: 1,
          completed_count: 0,
          failed_count: 0,
          completion_percentage: '0%',
        },
        invalid_item_ids: ['itm1'],
      },
    });
  });

  it('batch.item_failed: the failed item and the batch as it was then', () => {
    const body = batchWebhookBody('batch.item_failed', failed, when, signed);
    expect(body.data).toMatchObject({
      status: 'processing',
      failed_item: { id: 'itm2', reason: 'Address refused' },
      results: { failed_count: 1, completion_percentage: '50%' },
      labels: [],
    });
    expect(body.data.invalid_item_ids).toBeUndefined();
  });

  it('batch.completed: results and signed label links', () => {
    expect(batchWebhookBody('batch.completed', completed, when, signed).data).toMatchObject({
      status: 'completed',
      results: { completed_count: 1, failed_count: 1, completion_percentage: '100%' },
      labels: ['https://labels.example/merged/1.pdf?signature=s'],
    });
  });

  it.each(WEBHOOK_BATCH_EVENT_TYPES)(
    '%s sets exactly the data fields its row of WEBHOOK_EVENTS names',
    (type) => {
      const history =
        type === 'batch.validated' ? validated : type === 'batch.item_failed' ? failed : completed;
      const { data } = batchWebhookBody(type, history, when, signed);
      const row: WebhookEventTypeSpec = WEBHOOK_EVENTS[type];
      const own = Object.keys(WEBHOOK_DATA_FIELDS).filter((field) => field in data);
      expect(own).toEqual(row.dataFields ?? []);
    },
  );
});
