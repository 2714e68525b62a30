import type { LabelPurchaseItem } from '@shipping/contracts';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { createTestDatabase, eventually, stallable, type TestDatabase } from '@shipping/testing';
import { CarrierRegistry } from '../carrier/carrier-registry';
import type { CarrierPort } from '../carrier/carrier-port';
import { type LabelHarness, startLabelHarness } from '../testing/label-harness';
import { withReceiver } from '../testing/label-shipment.fixture';
import type { Lease } from '@shipping/platform/leases';
import { LabelPurchaseIntents } from './label-purchase-intents';
import { LabelPurchaseStore } from './label-purchase-store';
import { LabelPurchases } from './label-purchases';

const item = (item_id: string): LabelPurchaseItem => ({
  item_id,
  shipment: withReceiver(`Receiver ${item_id}`),
});

/**
 * Two label app processes on one PostgreSQL database, each with its own pool of connections, so
 * their claims, purchases and records really run at the same time.
 */
describe('two label app processes buying the same items at once', () => {
  let database: TestDatabase;
  let otherSql: SqlClient;
  let harness: LabelHarness;
  let other: LabelPurchases;
  const count = async (sql: string, params: unknown[]) =>
    Number((await harness.sql.query<{ count: string }>(sql, params)).rows[0].count);

  beforeAll(async () => {
    database = await createTestDatabase('label_purchases_concurrency');
    harness = await startLabelHarness(2, createPgSqlClient(database.url, { max: 4 }));
    otherSql = createPgSqlClient(database.url, { max: 4 });
    other = harness.secondProcess(otherSql);
  }, 60_000);

  afterAll(async () => {
    await otherSql?.close();
    await harness?.close();
    await database?.drop();
  });

  it('sells one label for an item 20 requests from two processes ask for at once, and records it once', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? harness.purchases : other).purchase({ service: 'USPS-1', items: [item('one')] }),
      ),
    );
    expect(new Set(results.map(([result]) => JSON.stringify(result))).size).toBe(1);
    expect(results[0][0]).toMatchObject({ ok: true });
    expect(await harness.carrier.soldFor('one')).toBe(1);
    expect(await count('select count(*) from label_purchases where item_id = $1', ['one'])).toBe(1);
    expect(await count('select count(*) from label_purchase_intents where item_id = $1', ['one'])).toBe(0);
  }, 60_000);

  it('sells each item of a chunk once when both processes buy the whole chunk at once', async () => {
    const items = Array.from({ length: 50 }, (_, index) => item(`chunk-${index}`));
    const [mine, theirs] = await Promise.all([
      harness.purchases.purchase({ service: 'USPS-1', items }),
      other.purchase({ service: 'USPS-1', items: [...items].reverse() }),
    ]);
    expect(mine).toEqual([...theirs].reverse());
    const sold = await count('select count(*) from sandbox_carrier_sales where item_id = any($1::text[])', [
      items.map((entry) => entry.item_id),
    ]);
    const distinct = await count(
      'select count(distinct item_id) from sandbox_carrier_sales where item_id = any($1::text[])',
      [items.map((entry) => entry.item_id)],
    );
    expect([sold, distinct]).toEqual([50, 50]);
  }, 60_000);

  it('a process whose clock runs an hour ahead does not take an intent another process holds', async () => {
    const shipment = item('skewed').shipment;
    const held = await harness.intents.claim('USPS-1', [{ item_id: 'skewed', shipment }], 'a-live-process');
    const aheadIntents = new LabelPurchaseIntents(otherSql);
    const claims = jest.spyOn(aheadIntents, 'claim');
    const ahead = new LabelPurchases(
      new CarrierRegistry(harness.carrier),
      new LabelPurchaseStore(otherSql),
      harness.files,
      aheadIntents,
    );

    // Every timer but Date's stays real: only the process's idea of the time is off.
    jest.useFakeTimers({
      now: Date.now() + 3_600_000,
      advanceTimers: true,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    const buying = ahead.purchase({ service: 'USPS-1', items: [item('skewed')] });
    try {
      // Refused at its first claim it claims again; a claim that took the intent buys at once.
      const triedOrBought = () => claims.mock.calls.length >= 2 || harness.carrier.countFor('skewed') > 0;
      await eventually(async () => (triedOrBought() ? true : undefined));
    } finally {
      jest.useRealTimers();
    }
    expect(harness.carrier.countFor('skewed')).toBe(0);

    await harness.intents.leases.releaseAll([held.get('skewed')?.lease as Lease]);
    const [label] = await buying;
    expect(label).toMatchObject({ ok: true });
    expect(harness.carrier.requests.filter((request) => request.item_id === 'skewed')).toEqual([
      expect.objectContaining({ idempotency_key: held.get('skewed')?.carrier_key }),
    ]);
  }, 60_000);

  it('a process stalled past its lease before calling the carrier calls it not once it resumes, and answers the label of the process that took over', async () => {
    const stalled = stallable(createPgSqlClient(database.url, { max: 2 }));
    const stalledIntents = new LabelPurchaseIntents(stalled.client, 300);
    const claims = jest.spyOn(stalledIntents, 'claim');
    claims.mockImplementation(async (...args) => {
      const claimed = await LabelPurchaseIntents.prototype.claim.apply(stalledIntents, args);
      if (claims.mock.calls.length === 1) stalled.stall();
      return claimed;
    });
    const first = new LabelPurchases(
      new CarrierRegistry(harness.carrier),
      new LabelPurchaseStore(stalled.client),
      harness.files,
      stalledIntents,
    );
    let carrierReached = () => undefined as void;
    const reached = new Promise<void>((done) => (carrierReached = done));
    let letCarrierAnswer = () => undefined as void;
    const answering = new Promise<void>((done) => (letCarrierAnswer = done));
    const heldCarrier: CarrierPort = {
      idempotencyKeys: 'honoured',
      purchase: async (request) => {
        carrierReached();
        await answering;
        return harness.carrier.purchase(request);
      },
    };
    const takingOver = new LabelPurchases(
      new CarrierRegistry(heldCarrier),
      new LabelPurchaseStore(otherSql),
      harness.files,
      new LabelPurchaseIntents(otherSql, 300),
    );
    // Settled before the pools close, a failed expectation included: a purchase still retrying
    // then would fail on a closed pool after this file ended, and fail the next file instead.
    const pending: Promise<unknown>[] = [];
    try {
      const stale = first.purchase({ service: 'USPS-1', items: [item('stalled')] });
      pending.push(stale);
      await eventually(async () => (claims.mock.calls.length === 1 ? true : undefined));
      // Answered `unavailable` while the first holds the item, it asks again until it takes it over.
      const taken = eventually(
        () => takingOver.purchase({ service: 'USPS-1', items: [item('stalled')] }),
        30_000,
      );
      pending.push(taken);
      await reached;

      stalled.resume();
      // Refused by the database it claims again; one that went on calls the carrier at once.
      const waitingOrBought = () => claims.mock.calls.length >= 2 || harness.carrier.countFor('stalled') > 0;
      await eventually(async () => (waitingOrBought() ? true : undefined));
      expect(harness.carrier.countFor('stalled')).toBe(0);

      letCarrierAnswer();
      const [[theirs], [ours]] = await Promise.all([taken, stale]);
      expect(ours).toEqual(theirs);
      expect(harness.carrier.countFor('stalled')).toBe(1);
    } finally {
      stalled.resume();
      letCarrierAnswer();
      await Promise.allSettled(pending);
      await stalled.client.close();
    }
  }, 60_000);
});
