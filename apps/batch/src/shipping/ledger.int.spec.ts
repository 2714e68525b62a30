import { AppError } from '@shipping/contracts';
import { ledgerStreamName } from '@shipping/ledger-domain';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { PostgresEventStore, type SqlClient } from '@shipping/event-store';
import { type Clock, SystemClock } from '@shipping/platform/clock';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { Ledger } from './ledger';

const account = 'acct_ledger';
const context = { accountId: account, correlationId: 'ledger-spec' };
const tenant = { accountId: account, mode: 'test' as const };

/** One instance of the batch app as far as the ledger goes: its own pool, store and index cache. */
interface Instance {
  ledger: Ledger;
  store: PostgresEventStore;
  sql: SqlClient;
}

describe('the ledger on PostgreSQL, with several instances', () => {
  let database: TestDatabase;
  const running: Instance[] = [];

  async function start(clock: Clock = new SystemClock()): Promise<Instance> {
    const sql = createPgSqlClient(database.url, { max: 4 });
    const store = new PostgresEventStore(sql);
    await store.init();
    const ledger = new Ledger(store, sql, clock);
    await ledger.onModuleInit();
    const instance = { ledger, store, sql };
    running.push(instance);
    return instance;
  }

  async function stop(instance: Instance): Promise<void> {
    running.splice(running.indexOf(instance), 1);
    await instance.store.close();
  }

  async function ledgerEvents(instance: Instance, accountId = account) {
    return instance.store.readStream(ledgerStreamName(accountId));
  }

  async function grant(instance: Instance, amountCents: number, accountId = account) {
    await instance.store.appendToStream(ledgerStreamName(accountId), [
      {
        type: 'CreditGranted',
        data: {
          account_id: accountId,
          grant_id: `grant-${amountCents}`,
          amount_cents: amountCents,
          reason: 'spec',
          at: '',
        },
      },
    ]);
  }

  beforeEach(async () => {
    database = await createTestDatabase('ledger');
  }, 30_000);

  afterEach(async () => {
    for (const instance of [...running]) await stop(instance);
    await database.drop();
  }, 30_000);

  it('records the time its clock tells, and the request as correlation and causation', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const fixed = await start({ now: () => at });
    await grant(fixed, 10_000);

    expect(await fixed.ledger.chargeBatch(context, 'batch-at', 700)).toBe(true);

    const [charge] = (await ledgerEvents(fixed)).filter((event) => event.type === 'BatchCharged');
    expect(charge.data).toEqual(expect.objectContaining({ batch_id: 'batch-at', at: at.toISOString() }));
    expect(charge.metadata).toEqual(
      expect.objectContaining({
        correlationId: 'ledger-spec',
        causationId: 'ledger-spec',
        accountId: account,
      }),
    );
  }, 60_000);

  it('charges a batch once when ship calls race on two instances', async () => {
    const [a, b] = [await start(), await start()];
    await grant(a, 10_000);

    const charged = await Promise.all(
      Array.from({ length: 12 }, (_, n) => (n % 2 ? a : b).ledger.chargeBatch(context, 'batch-1', 700)),
    );

    expect(charged.filter(Boolean)).toHaveLength(1);
    const charges = (await ledgerEvents(a)).filter((event) => event.type === 'BatchCharged');
    expect(charges.map((event) => event.data)).toEqual([
      expect.objectContaining({ batch_id: 'batch-1', amount_cents: 700 }),
    ]);
  }, 60_000);

  it('never overdraws: of racing charges of distinct batches, exactly those the credit covers are taken', async () => {
    const [a, b] = [await start(), await start()];
    await grant(a, 1_000);

    const outcomes = await Promise.allSettled(
      Array.from({ length: 16 }, (_, n) => (n % 2 ? a : b).ledger.chargeBatch(context, `batch-${n}`, 100)),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    for (const outcome of outcomes.filter((result) => result.status === 'rejected'))
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'insufficient_credit' });
    const restarted = await start();
    await expect(restarted.ledger.chargeBatch(context, 'one-more', 1)).rejects.toBeInstanceOf(AppError);
    expect(await restarted.ledger.chargeBatch(context, 'free', 0)).toBe(true);
  }, 60_000);

  describe('after a restart, with a long history in between', () => {
    async function history(instance: Instance, entries: number) {
      for (let n = 0; n < entries; n++) {
        await instance.ledger.chargeShipment(context, 900_000 + n, 1);
      }
    }

    it('does not charge again a ship retried after a crash between BatchCharged and BatchShipped', async () => {
      const first = await start();
      await grant(first, 100_000);
      expect(await first.ledger.chargeBatch(context, 'batch-crashed', 2_500)).toBe(true);
      await history(first, 50);
      await stop(first);

      const second = await start();
      expect(await second.ledger.chargeBatch(context, 'batch-crashed', 2_500)).toBe(false);
      const charges = (await ledgerEvents(second)).filter((event) => event.type === 'BatchCharged');
      expect(charges).toHaveLength(1);
    }, 60_000);

    it('refunds an item once when a resumed labelling run refunds it again, and never beyond the charge', async () => {
      const first = await start();
      await grant(first, 100_000);
      await first.ledger.chargeBatch(context, 'batch-refunds', 1_000);
      await first.ledger.refundItem(tenant, 'batch-refunds', 'item-1', 400, 'run-1');
      await history(first, 50);
      await stop(first);

      const second = await start();
      await second.ledger.refundItem(tenant, 'batch-refunds', 'item-1', 400, 'run-2');
      await second.ledger.refundItem(tenant, 'batch-refunds', 'item-2', 600, 'run-2');
      await expect(second.ledger.refundItem(tenant, 'batch-refunds', 'item-3', 1, 'run-2')).rejects.toThrow(
        /exceeds what batch batch-refunds paid/,
      );
      const refunds = (await ledgerEvents(second)).filter((event) => event.type === 'ItemRefunded');
      expect(refunds.map((event) => (event.data as { item_id: string }).item_id)).toEqual([
        'item-1',
        'item-2',
      ]);
    }, 60_000);

    it('charges an instant shipment once when its ship is retried, and never again after its refund', async () => {
      const first = await start();
      await grant(first, 100_000);
      expect(await first.ledger.chargeShipment(context, 7, 830)).toBe(true);
      await history(first, 50);
      await stop(first);

      const second = await start();
      expect(await second.ledger.chargeShipment(context, 7, 830)).toBe(false);
      expect(await second.ledger.refundShipment(context, 7, 830)).toBe(true);
      await stop(second);

      const third = await start();
      expect(await third.ledger.refundShipment(context, 7, 830)).toBe(false);
      expect(await third.ledger.chargeShipment(context, 7, 830)).toBe(false);
      const ofShipment = (await ledgerEvents(third)).filter(
        (event) => (event.data as { shipment_order_id?: number }).shipment_order_id === 7,
      );
      expect(ofShipment.map((event) => event.type)).toEqual(['ShipmentCharged', 'ShipmentRefunded']);
    }, 60_000);

    it('decides the next charge on the balance and its own rows, reading none of the history', async () => {
      const first = await start();
      await grant(first, 100_000);
      await first.ledger.chargeBatch(context, 'batch-old', 10);
      await history(first, 300);
      await stop(first);

      const second = await start();
      const reads = jest.spyOn(second.store, 'readStream');
      const queries = jest.spyOn(second.sql, 'query');
      expect(await second.ledger.chargeBatch(context, 'batch-new', 100)).toBe(true);
      expect(await second.ledger.chargeBatch(context, 'batch-old', 10)).toBe(false);

      const eventsRead = await Promise.all(reads.mock.results.map((result) => result.value));
      expect(eventsRead.flat()).toEqual([]);
      // At most the rows of a command's keys (two at most) and the sum of a charge's refunds.
      const rowsRead = await Promise.all(queries.mock.results.map((result) => result.value));
      expect(
        Math.max(...rowsRead.map((result: { rows: unknown[] }) => result.rows.length)),
      ).toBeLessThanOrEqual(3);
      const { rows } = await second.sql.query<{ balance_cents: string }>(
        'select balance_cents from ledger_heads where stream = $1',
        [ledgerStreamName(account)],
      );
      expect(Number(rows[0].balance_cents)).toBe(100_000 - 10 - 300 - 100);
    }, 60_000);
  });

  it('rebuilds its index from the stream alone, with the same decisions', async () => {
    const first = await start();
    await grant(first, 5_000);
    await first.ledger.chargeBatch(context, 'batch-a', 1_000);
    await first.ledger.refundItem(tenant, 'batch-a', 'item-a', 300, 'run');
    await first.ledger.chargeShipment(context, 11, 500);
    await stop(first);
    const admin = createPgSqlClient(database.url, { max: 1 });
    await admin.exec('truncate ledger_entries, ledger_heads');
    await admin.close();

    const second = await start();
    expect(await second.ledger.chargeBatch(context, 'batch-a', 1_000)).toBe(false);
    await second.ledger.refundItem(tenant, 'batch-a', 'item-a', 300, 'run');
    expect(await second.ledger.chargeShipment(context, 11, 500)).toBe(false);
    await expect(second.ledger.chargeBatch(context, 'batch-b', 3_801)).rejects.toMatchObject({
      code: 'insufficient_credit',
    });
    expect(await second.ledger.chargeBatch(context, 'batch-b', 3_800)).toBe(true);
  }, 60_000);
});
