import { batchDecider } from './batch-decider';
import type { BatchEvent } from './batch-events';
import {
  ACCOUNT,
  BATCH,
  created,
  invalidated,
  item,
  now,
  readyBatch,
  validated,
} from './batch-history.fixture';
import { batchPrice } from './batch-price';
import type { BatchFacts } from './batch-state';

const facts = (events: BatchEvent[]) => {
  const state = events.reduce(batchDecider.evolve, batchDecider.initialState);
  if (state.status === 'none') throw new Error('no batch');
  return state as BatchFacts;
};

describe('the price of a batch', () => {
  it('is the sum of its valid items, named in index order', () => {
    expect(batchPrice(facts(readyBatch([995, 1165, 2480])))).toEqual({
      cents: 4640,
      itemIds: [item(0), item(1), item(2)],
    });
  });

  it('leaves out invalid items and items still pending', () => {
    const events = [created(5), validated(3, 700), invalidated(1), validated(0, 995), invalidated(2)];
    expect(batchPrice(facts(events))).toEqual({ cents: 1695, itemIds: [item(0), item(3)] });
  });

  it('is nothing for a batch without a valid item', () => {
    expect(batchPrice(facts([created(2), invalidated(0), invalidated(1)]))).toEqual({
      cents: 0,
      itemIds: [],
    });
  });

  it('is what shipping the batch charges', () => {
    const events = readyBatch([995, 1165, 0, 2480]);
    const [shipped] = batchDecider.decide(
      { type: 'ShipBatch', batchId: BATCH, accountId: ACCOUNT, now },
      events.reduce(batchDecider.evolve, batchDecider.initialState),
    );
    const price = batchPrice(facts(events));
    expect(shipped).toMatchObject({
      type: 'BatchShipped',
      data: { charged_cents: price.cents, item_ids: price.itemIds },
    });
  });
});
