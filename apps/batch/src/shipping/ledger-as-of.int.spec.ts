import { ValidationFailed } from '@shipping/contracts';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { PostgresEventStore } from '@shipping/event-store';
import { SystemClock } from '@shipping/platform/clock';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { Ledger } from './ledger';

const account = 'acct_as_of';
const context = { accountId: account, correlationId: 'ledger-as-of' };
const testTenant = { accountId: account, mode: 'test' as const };
const liveTenant = { accountId: account, mode: 'live' as const };

describe('the balance as of a moment of the ledger stream, on PostgreSQL', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let ledger: Ledger;
  /** The balance the ledger answered after each command, with its revision and the time right after. */
  const answered: { balanceCents: number; revision: string; time: string }[] = [];

  const remember = async () => {
    const { balanceCents, revision } = await ledger.balance(testTenant);
    answered.push({ balanceCents, revision: String(revision), time: new Date().toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 5));
  };

  beforeAll(async () => {
    database = await createTestDatabase('ledger_as_of');
    const sql = createPgSqlClient(database.url, { max: 2 });
    store = new PostgresEventStore(sql);
    await store.init();
    ledger = new Ledger(store, sql, new SystemClock());
    await ledger.onModuleInit();
    const credit = { reference: 'ref', actor: 'adm_spec', mode: 'test' as const };
    await ledger.addCredit(context, { ...credit, creditId: 'c1', amountCents: 10_000 });
    await remember();
    await ledger.chargeBatch(context, 'batch-1', 3_000);
    await remember();
    await ledger.refundItem(testTenant, 'batch-1', 'item-1', 750, 'refund-1');
    await remember();
    await ledger.addCredit(context, { ...credit, creditId: 'c2', amountCents: 25, mode: 'live' });
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('answers each revision and each time with the balance answered then', async () => {
    expect(answered.map((then) => then.balanceCents)).toEqual([10_000, 7_000, 7_750]);
    for (const then of answered) {
      for (const asOf of [{ revision: then.revision }, { time: then.time }])
        expect(await ledger.balanceAsOf(testTenant, asOf)).toEqual({
          balanceCents: then.balanceCents,
          revision: BigInt(then.revision),
        });
    }
  });

  it('folds the ledger of the mode asked for, and nothing before its first event', async () => {
    expect(await ledger.balanceAsOf(liveTenant, { revision: '0' })).toEqual({
      balanceCents: 25,
      revision: 0n,
    });
    expect(await ledger.balanceAsOf(liveTenant, { time: answered[2].time })).toEqual({
      balanceCents: 0,
      revision: undefined,
    });
  });

  it('refuses a revision past the end of the stream', async () => {
    await expect(ledger.balanceAsOf(testTenant, { revision: '3' })).rejects.toEqual(
      ValidationFailed.field(
        'as_of',
        'The as_of revision is past the end of the stream, whose last revision is 2.',
      ),
    );
  });
});
