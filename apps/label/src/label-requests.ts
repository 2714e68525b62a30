import {
  AppError,
  type LabelFileReadRequest,
  type LabelFileRequest,
  type LegacyLabelFileRequest,
  type LabelPurchaseRequest,
  MAX_LABELS_PER_FILE,
} from '@shipping/contracts';
import { assertSafeId, isBoughtLabelKey } from './files/label-keys';

/*
 * Requests come from the batch app, which validated the shipments against the interface; these
 * checks guard what the label app itself relies on: ids that become file names, and shapes.
 */

const MAX_ITEMS_PER_PURCHASE = 1_000;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refuse(message: string): never {
  throw new AppError('bad_request', message);
}

function isParcelShipment(shipment: unknown): boolean {
  return (
    isObject(shipment) &&
    isObject(shipment['from_address']) &&
    isObject(shipment['to_address']) &&
    typeof shipment['to_address']['zip'] === 'string' &&
    Array.isArray(shipment['package_list'])
  );
}

function isShipperChoice(shipper: unknown): boolean {
  return (
    isObject(shipper) &&
    typeof shipper['carrier'] === 'string' &&
    (shipper['integration'] === 'own' || shipper['integration'] === 'platform') &&
    (shipper['account_id'] === undefined || typeof shipper['account_id'] === 'string') &&
    (shipper['shipper_id'] === undefined || Number.isSafeInteger(shipper['shipper_id']))
  );
}

export function assertPurchaseRequest(payload: unknown): asserts payload is LabelPurchaseRequest {
  if (!isObject(payload)) refuse('A label purchase needs a service and items.');
  const { service, items, shipper, mode } = payload;
  if (typeof service !== 'string' || service === '') refuse('A label purchase needs a service.');
  if (shipper !== undefined && !isShipperChoice(shipper))
    refuse('The shipper of a label purchase needs a carrier and an integration (own or platform).');
  if (mode !== undefined && mode !== 'test' && mode !== 'live')
    refuse('The mode of a label purchase is test or live.');
  if (!Array.isArray(items) || items.length > MAX_ITEMS_PER_PURCHASE) {
    refuse(`A label purchase needs a list of at most ${MAX_ITEMS_PER_PURCHASE} items.`);
  }
  for (const item of items) {
    if (!isObject(item)) refuse('Every item of a label purchase must be an object.');
    assertSafeId('item', item['item_id']);
    if (!isParcelShipment(item['shipment']))
      refuse(`The shipment of item ${item['item_id']} is not a parcel shipment.`);
  }
}

/** A merge as sent: each file by its labels' keys, or (a batch app of the version before) by item ids. */
export interface MergeRequest {
  batch_id: string;
  files: (LabelFileRequest | LegacyLabelFileRequest)[];
}

function assertSources(
  file: number,
  sources: unknown,
  kind: 'label keys' | 'item ids',
): asserts sources is string[] {
  if (!Array.isArray(sources) || sources.length === 0) refuse(`Label file ${file} needs a list of ${kind}.`);
  if (sources.length > MAX_LABELS_PER_FILE) {
    refuse(`Label file ${file} lists ${sources.length} labels; a file holds at most ${MAX_LABELS_PER_FILE}.`);
  }
  for (const source of sources) {
    if (kind === 'item ids') assertSafeId('item', source);
    else if (!isBoughtLabelKey(source))
      refuse(`Label file ${file}: ${JSON.stringify(source)} is not the key of a bought label.`);
  }
}

export function assertMergeRequest(payload: unknown): asserts payload is MergeRequest {
  if (!isObject(payload)) refuse('A label merge needs a batch id and files.');
  const { batch_id, files } = payload;
  assertSafeId('batch', batch_id);
  if (!Array.isArray(files)) refuse('A label merge needs a list of files.');
  const numbers = new Set<number>();
  for (const entry of files) {
    if (!isObject(entry)) refuse('Every file of a label merge must be an object.');
    const { file } = entry;
    if (typeof file !== 'number' || !Number.isSafeInteger(file) || file < 1 || numbers.has(file)) {
      refuse(`Label file numbers must be distinct integers from 1; got ${JSON.stringify(file)}.`);
    }
    numbers.add(file);
    if ('label_keys' in entry) assertSources(file, entry['label_keys'], 'label keys');
    else assertSources(file, entry['item_ids'], 'item ids');
  }
}

export function assertReadRequest(payload: unknown): asserts payload is LabelFileReadRequest {
  if (!isObject(payload) || typeof payload['key'] !== 'string') refuse('A label file is read by its key.');
}
