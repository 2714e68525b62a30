import {
  CreditIdReused,
  evolveLedger,
  initialLedgerState,
  type LedgerEvent,
  ledgerStreamName,
} from '@shipping/ledger-domain';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@shipping/contracts';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { PostgresEventStore } from '@shipping/event-store';
import { SystemClock } from '@shipping/platform/clock';
import { sandboxSeed } from '@shipping/reference-data';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { Ledger } from './ledger';

const account = 'acct_race';
const context = { accountId: account, correlationId: 'credit-race' };
const testTenant = { accountId: account, mode: 'test' as const };
const liveTenant = { accountId: account, mode: 'live' as const };
const admin = 'adm_spec';

/** Each instance of the batch app has its own pool of connections, store and index cache. */
async function instance(url: string) {
  const sql = createPgSqlClient(url, { max: 4 });
  const store = new PostgresEventStore(sql);
  await store.init();
  const ledger = new Ledger(store, sql, new SystemClock());
  await ledger.onModuleInit();
  return { ledger, store, sql };
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

  const credit = (creditId: string, amountCents: number, mode: 'test' | 'live' = 'test') => ({
    creditId,
    amountCents,
    reference: `ref-${creditId}`,
    actor: admin,
    mode,
  });

  it('loses no cent when credits and a batch charge race, and adds a repeated credit once', async () => {
    const [first] = instances;
    await first.ledger.addCredit(context, credit('opening', 1_000));
    // 1.01 to 8.08: every cent counts, and the charge needs the opening credit plus none of these.
    const amounts = [101, 202, 303, 404, 505, 606, 707, 808];
    const outcomes = await Promise.all([
      ...amounts.map((cents, index) =>
        instances[index % instances.length].ledger
          .addCredit(context, credit(`c${index}`, cents))
          .then(({ added }) => added),
      ),
      // The same credit id from two instances at once: one adds it, the other finds it added.
      instances[1].ledger.addCredit(context, credit('c0', 101)).then(({ added }) => added),
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
    for (const { ledger } of instances) expect(await ledger.balanceCents(testTenant)).toBe(expected);
  }, 60_000);

  it('records who added the credit and why, and lists it newest first', async () => {
    const [first, second] = instances;
    await first.ledger.addCredit(context, credit('top-up-1', 25_000));
    await second.ledger.chargeBatch(context, 'batch-2', 1_234);

    const [newest, oldest] = await first.ledger.newestFirst(testTenant, 1, 10);
    expect(newest).toMatchObject({
      type: 'BatchCharged',
      data: { batch_id: 'batch-2', amount_cents: 1_234 },
    });
    expect(oldest).toMatchObject({
      type: 'CreditAdded',
      data: { credit_id: 'top-up-1', amount_cents: 25_000, reference: 'ref-top-up-1' },
      metadata: { actor: admin, correlationId: 'credit-race', accountId: account },
    });
    expect(await first.ledger.newestFirst(testTenant, 2, 1)).toHaveLength(1);
    expect(await first.ledger.newestFirst(testTenant, 3, 1)).toHaveLength(0);
  }, 60_000);

  const creditAdded = async (store: PostgresEventStore) =>
    (await store.readStream(ledgerStreamName(account))).filter((recorded) => recorded.type === 'CreditAdded');

  const refusedAsReused = (error: unknown) => {
    expect(error).toBeInstanceOf(CreditIdReused);
    expect(error).toMatchObject({ code: 'validation_failed', message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    return true;
  };

  it('refuses a credit id again with another amount or reference, and adds nothing', async () => {
    const [first, second] = instances;
    expect(await first.ledger.addCredit(context, credit('retried', 25_000))).toEqual({
      added: true,
      balanceCents: 25_000,
    });

    const otherAmount = second.ledger.addCredit(context, credit('retried', 30_000));
    await expect(otherAmount.catch(refusedAsReused)).resolves.toBe(true);
    const otherReference = second.ledger.addCredit(context, {
      ...credit('retried', 25_000),
      reference: 'INV-2',
    });
    await expect(otherReference.catch(refusedAsReused)).resolves.toBe(true);

    expect(await creditAdded(first.store)).toHaveLength(1);
    for (const { ledger } of instances) expect(await ledger.balanceCents(testTenant)).toBe(25_000);
  }, 60_000);

  it('answers a repeated credit with the balance right after it, whatever came since', async () => {
    const [first, second, third] = instances;
    await first.ledger.addCredit(context, credit('first', 25_000));
    await second.ledger.chargeBatch(context, 'batch-3', 1_000);
    await second.ledger.addCredit(context, credit('second', 500));

    expect(await third.ledger.addCredit(context, credit('first', 25_000))).toEqual({
      added: false,
      balanceCents: 25_000,
    });
    expect(await first.ledger.addCredit(context, credit('second', 500))).toEqual({
      added: false,
      balanceCents: 24_500,
    });
    expect(await creditAdded(first.store)).toHaveLength(2);
  }, 60_000);

  it('adds credit to the ledger of the mode it names: a live charge spends live credit and never test credit', async () => {
    const [first, second] = instances;
    const live = { ...context, keyMode: 'live' as const };
    await first.ledger.addCredit(context, credit('test-credit', 10_000, 'test'));
    await first.ledger.addCredit(context, credit('live-credit', 500, 'live'));

    await expect(second.ledger.chargeBatch(live, 'live-batch', 501)).rejects.toMatchObject({
      code: 'insufficient_credit',
    });
    expect(await second.ledger.chargeBatch(live, 'live-batch', 500)).toBe(true);
    expect(await second.ledger.chargeBatch(context, 'test-batch', 700)).toBe(true);

    for (const { ledger } of instances) {
      expect(await ledger.balanceCents(testTenant)).toBe(9_300);
      expect(await ledger.balanceCents(liveTenant)).toBe(0);
    }
    expect((await first.store.readStream(ledgerStreamName(account, 'live'))).map((e) => e.type)).toEqual([
      'CreditAdded',
      'BatchCharged',
    ]);
    expect((await first.ledger.newestFirst(liveTenant, 1, 10)).map((e) => e.data)).toEqual([
      expect.objectContaining({ batch_id: 'live-batch' }),
      expect.objectContaining({ credit_id: 'live-credit' }),
    ]);
    // One credit id in each mode is two credits, each answered with its own ledger's balance.
    expect(await second.ledger.addCredit(context, credit('same-id', 100, 'live'))).toEqual({
      added: true,
      balanceCents: 100,
    });
    expect(await second.ledger.addCredit(context, credit('same-id', 100, 'test'))).toEqual({
      added: true,
      balanceCents: 9_400,
    });
    const { rows } = await first.sql.query<{ stream: string; mode: string }>(
      'select stream, mode from ledger_heads where stream like $1 order by stream',
      [`%${account}`],
    );
    expect(rows).toEqual([
      { stream: ledgerStreamName(account), mode: 'test' },
      { stream: ledgerStreamName(account, 'live'), mode: 'live' },
    ]);
  }, 60_000);

  it('grants the sandbox seed credit to the test ledger only', async () => {
    const [{ ledger }] = instances;
    const [seeded] = sandboxSeed.accounts;
    expect(await ledger.balanceCents({ accountId: seeded.id, mode: 'test' })).toBe(seeded.credit_cents);
    expect(await ledger.balanceCents({ accountId: seeded.id, mode: 'live' })).toBe(0);
  }, 60_000);

  it('back-fills a credit indexed before the index kept what it added', async () => {
    const [first] = instances;
    await first.ledger.addCredit(context, credit('old', 25_000));
    await first.ledger.chargeBatch(context, 'batch-4', 1_000);
    // As a row written before version 3 of the batch migrations: its amount only.
    await first.sql.query('update ledger_entries set reference = null, balance_after_cents = null');

    const later = await instance(database.url);
    instances.push(later);
    const otherAmount = later.ledger.addCredit(context, credit('old', 30_000));
    await expect(otherAmount.catch(refusedAsReused)).resolves.toBe(true);
    expect(await later.ledger.addCredit(context, credit('old', 25_000))).toEqual({
      added: false,
      balanceCents: 25_000,
    });
    const { rows } = await first.sql.query<{ reference: string; balance_after_cents: string | number }>(
      `select reference, balance_after_cents from ledger_entries where key like 'credit:%'`,
    );
    expect(rows.map((row) => [row.reference, Number(row.balance_after_cents)])).toEqual([
      ['ref-old', 25_000],
    ]);
    expect(await later.ledger.balanceCents(testTenant)).toBe(24_000);
  }, 60_000);
});
