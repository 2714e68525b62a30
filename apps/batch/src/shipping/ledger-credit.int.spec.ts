import { evolveLedger, initialLedgerState, type LedgerEvent, ledgerStreamName } from '@shipping/batch-domain';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { PostgresEventStore } from '@shipping/event-store';
import { SystemClock } from '@shipping/platform';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { Ledger } from './ledger';

const account = 'acct_race';
const context = { accountId: account, correlationId: 'credit-race' };
const admin = 'adm_spec';

/** Each instance of the batch app has its own pool of connections, store and index cache. */
async function instance(url: string) {
  const sql = createPgSqlClient(url, { max: 4 });
  const store = new PostgresEventStore(sql);
  await store.init();
  const ledger = new Ledger(store, sql, new SystemClock());
  await ledger.onModuleInit();
  return { ledger, store };
}

describe('credit added to the ledger on PostgreSQL, racing charges on several instances', () => {
  let database: TestDatabase;
  let instances: Awaited<ReturnType<typeof instance>>[];

  beforeEach(async () => {
    database = await createTestDatabase('ledger_credit');
    instances = [];
    for (let index = 0; index < 3; index++) instances.push(await instance(database.url));
  }, 60_000);

  afterEach(async () => {
    await Promise.all(instances.map(({ store }) => store.close()));
    await database.drop();
  });

  const credit = (creditId: string, amountCents: number) => ({
    creditId,
    amountCents,
    reference: `ref-${creditId}`,
    actor: admin,
  });

  it('loses no cent when credits and a batch charge race, and adds a repeated credit once', async () => {
    const [first] = instances;
    await first.ledger.addCredit(context, credit('opening', 1_000));
    // 1.01 to 8.08: every cent counts, and the charge needs the opening credit plus none of these.
    const amounts = [101, 202, 303, 404, 505, 606, 707, 808];
    const outcomes = await Promise.all([
      ...amounts.map((cents, index) =>
        instances[index % instances.length].ledger.addCredit(context, credit(`c${index}`, cents)),
      ),
      // The same credit id from two instances at once: one adds it, the other finds it added.
      instances[1].ledger.addCredit(context, credit('c0', 101)),
      instances[2].ledger.chargeBatch(context, 'batch-1', 999),
    ]);

    expect(outcomes.filter((added) => added).length).toBe(amounts.length + 1);
    const events = (await first.store.readStream(ledgerStreamName(account))).map(
      (recorded) => ({ type: recorded.type, data: recorded.data }) as LedgerEvent,
    );
    expect(events.filter((event) => event.type === 'CreditAdded')).toHaveLength(amounts.length + 1);
    expect(events.filter((event) => event.type === 'BatchCharged')).toHaveLength(1);

    const expected = 1_000 + amounts.reduce((sum, cents) => sum + cents, 0) - 999;
    expect(events.reduce(evolveLedger, initialLedgerState).balanceCents).toBe(expected);
    for (const { ledger } of instances) expect(await ledger.balanceCents(account)).toBe(expected);
  }, 60_000);

  it('records who added the credit and why, and lists it newest first', async () => {
    const [first, second] = instances;
    await first.ledger.addCredit(context, credit('top-up-1', 25_000));
    await second.ledger.chargeBatch(context, 'batch-2', 1_234);

    const [newest, oldest] = await first.ledger.newestFirst(account, 1, 10);
    expect(newest).toMatchObject({
      type: 'BatchCharged',
      data: { batch_id: 'batch-2', amount_cents: 1_234 },
    });
    expect(oldest).toMatchObject({
      type: 'CreditAdded',
      data: { credit_id: 'top-up-1', amount_cents: 25_000, reference: 'ref-top-up-1' },
      metadata: { actor: admin, correlationId: 'credit-race', accountId: account },
    });
    expect(await first.ledger.newestFirst(account, 2, 1)).toHaveLength(1);
    expect(await first.ledger.newestFirst(account, 3, 1)).toHaveLength(0);
  }, 60_000);
});
