import { deciderSpec } from '@shipping/testing';
import { batchDecider } from './batch-decider';
import type { ItemValidationOutcome, RecordValidation } from './batch-commands';
import {
  BATCH,
  batchValidated,
  created,
  createBatch,
  errors,
  invalidated,
  item,
  now,
  shipmentOf,
  readyBatch,
  submissions,
  validated,
} from './batch-history.fixture';

const spec = deciderSpec(batchDecider);

const create = (items = submissions(3)) => createBatch(items);

const record = (results: ItemValidationOutcome[]): RecordValidation => ({
  type: 'RecordValidation',
  batchId: BATCH,
  results,
  now,
});
const valid = (index: number, price_cents: number): ItemValidationOutcome => ({
  item_id: item(index),
  valid: true,
  price_cents,
  shipment: shipmentOf(index),
});
const invalid = (index: number): ItemValidationOutcome => ({ item_id: item(index), valid: false, errors });

describe('creating a batch', () => {
  it('records every item with its raw shipment', () => {
    spec
      .given([])
      .when(create())
      .then([created(3)]);
  });

  it('never creates twice under one id', () => {
    spec
      .given([created(3)])
      .when(create())
      .thenThrows((error) => expect(String(error)).toContain('already used'));
  });

  it.each([
    ['no items', []],
    ['a repeated index', [...submissions(1), { ...submissions(1)[0], item_id: 'other' }]],
    ['a repeated item id', [...submissions(1), { ...submissions(2)[1], item_id: item(0) }]],
    ['a gap in the indexes', [submissions(3)[0], submissions(3)[2]]],
  ])('refuses %s', (_case, items) => {
    spec
      .given([])
      .when(create(items))
      .thenThrows((error) => expect(error).toBeInstanceOf(Error));
  });
});

describe('recording validation results', () => {
  it('records a chunk of results in index order and waits for the other items', () => {
    spec
      .given([created(3)])
      .when(record([invalid(2), valid(0, 995)]))
      .then([validated(0, 995), invalidated(2)]);
  });

  it('marks the batch invalid with the last result when an item is invalid', () => {
    spec
      .given([created(3), validated(0, 995), invalidated(2)])
      .when(record([valid(1, 1165)]))
      .then([validated(1, 1165), batchValidated('invalid', 2, 1)]);
  });

  it('marks the batch ready when every item is valid', () => {
    spec
      .given([created(2)])
      .when(record([valid(0, 995), valid(1, 1165)]))
      .then([validated(0, 995), validated(1, 1165), batchValidated('ready', 2, 0)]);
  });

  it('ignores results of items already validated, so a repeated chunk appends nothing', () => {
    spec
      .given([created(2), validated(0, 995)])
      .when(record([invalid(0), valid(0, 1)]))
      .then([]);
  });

  it('takes the first of two results for one item', () => {
    spec
      .given([created(1)])
      .when(record([valid(0, 995), invalid(0)]))
      .then([validated(0, 995), batchValidated('ready', 1, 0)]);
  });

  it('ignores items the batch does not hold', () => {
    spec
      .given([created(2)])
      .when(record([valid(7, 995)]))
      .then([]);
  });

  it('decides nothing once the batch is no longer validating', () => {
    spec
      .given(readyBatch([995]))
      .when(record([invalid(0)]))
      .then([]);
  });

  it('decides nothing for a batch that does not exist', () => {
    spec
      .given([])
      .when(record([valid(0, 995)]))
      .then([]);
  });

  it.each([9.95, -1, Number.NaN])('refuses the price %p: money is whole cents', (price) => {
    spec
      .given([created(1)])
      .when(record([valid(0, price)]))
      .thenThrows((error) => expect(String(error)).toContain('cents'));
  });
});
