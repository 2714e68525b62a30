import { deciderSpec } from '@shipping/testing';
import { batchDecider } from './batch-decider';
import { AppError, BATCH_NOT_FOUND_MESSAGE, Conflict, NotFound } from '@shipping/contracts-core';
import type { ShipBatch } from './batch-commands';
import {
  ACCOUNT,
  BATCH,
  batchCompleted,
  batchValidated,
  completed,
  created,
  invalidated,
  item,
  merged,
  now,
  processingBatch,
  readyBatch,
  shipped,
  validated,
} from './batch-history.fixture';
import { INVALID_ITEMS_MESSAGE, NOT_READY_MESSAGE } from '../rules/batch-rules';

const spec = deciderSpec(batchDecider);

const ship = (change: Partial<ShipBatch> = {}): ShipBatch => ({
  type: 'ShipBatch',
  batchId: BATCH,
  accountId: ACCOUNT,
  now,
  ...change,
});

const refused = (expected: AppError) => (error: unknown) => {
  expect(error).toBeInstanceOf(expected.constructor);
  expect((error as AppError).toPayload()).toEqual(expected.toPayload());
};

const invalidBatch = [
  created(4),
  validated(0, 995),
  invalidated(1),
  validated(2, 995),
  invalidated(3),
  batchValidated('invalid', 2, 2),
];
const completedBatch = [...processingBatch([995]), completed(0, 995), merged([]), batchCompleted(1, 0)];

describe('shipping a batch', () => {
  it('ships every valid item of a ready batch, charging the sum of their prices', () => {
    spec
      .given(readyBatch([995, 1165, 2480]))
      .when(ship())
      .then([shipped(4640, [item(0), item(1), item(2)])]);
  });

  it('ships with a key of the mode the batch was created with', () => {
    spec
      .given(readyBatch([995]))
      .when(ship({ keyMode: 'test' }))
      .then([shipped(995, [item(0)])]);
  });

  it.each([
    ['a live key', 'a test', 'test', 'live'],
    ['a test key', 'a live', 'live', 'test'],
  ] as const)(
    'answers %s shipping %s batch that there is no such batch',
    (_key, _batch, created_, keyMode) => {
      spec
        .given([created(1, created_), validated(0, 995), batchValidated('ready', 1, 0)])
        .when(ship({ keyMode }))
        .thenThrows(refused(new NotFound(BATCH_NOT_FOUND_MESSAGE)));
    },
  );

  it('refuses a batch with invalid items, naming them in index order', () => {
    spec
      .given(invalidBatch)
      .when(ship())
      .thenThrows(refused(new Conflict(INVALID_ITEMS_MESSAGE, { invalid_order_ids: [item(1), item(3)] })));
  });

  it('says what to do about invalid items', () => {
    expect(INVALID_ITEMS_MESSAGE).toMatch(/invalid items must be fixed or removed before shipping/i);
  });

  it.each([
    ['validating', [created(2), validated(0, 995)]],
    ['processing', processingBatch([995])],
    ['completed', completedBatch],
  ])('refuses a %s batch as not ready', (_status, history) => {
    spec
      .given(history)
      .when(ship())
      .thenThrows(refused(new Conflict('Batch is not ready to ship.')));
    expect(NOT_READY_MESSAGE).toBe('Batch is not ready to ship.');
  });

  it.each([
    ['an unknown batch', []],
    ["another account's ready batch", readyBatch([995])],
    ["another account's invalid batch", invalidBatch],
  ])('answers %s as not found', (_case, history) => {
    spec
      .given(history)
      .when(ship({ accountId: 'acct_tiny' }))
      .thenThrows(refused(new NotFound('Batch not found.')));
  });

  describe('only if ready (finishing a ship after a crash)', () => {
    it.each([
      ['processing', processingBatch([995])],
      ['completed', completedBatch],
    ])('decides nothing for a batch already %s', (_status, history) => {
      spec
        .given(history)
        .when(ship({ onlyIfReady: true }))
        .then([]);
    });

    it('still ships a ready batch', () => {
      spec
        .given(readyBatch([995]))
        .when(ship({ onlyIfReady: true }))
        .then([shipped(995, [item(0)])]);
    });

    it('still refuses a batch that is validating', () => {
      spec
        .given([created(1)])
        .when(ship({ onlyIfReady: true }))
        .thenThrows(refused(new Conflict(NOT_READY_MESSAGE)));
    });

    it("still answers another account's batch as not found", () => {
      spec
        .given(processingBatch([995]))
        .when(ship({ onlyIfReady: true, accountId: 'acct_tiny' }))
        .thenThrows(refused(new NotFound('Batch not found.')));
    });
  });
});
