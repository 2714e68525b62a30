import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { accountStreamName } from '@shipping/accounts-domain';
import { PostgresEventStore } from '@shipping/event-store';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { InProcessMessagingModule } from '@shipping/messaging';
import { ClockModule } from '@shipping/platform/clock';
import { StorageModule } from '@shipping/platform/storage';
import { sandboxSeed } from '@shipping/reference-data';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { AccountDirectory } from './accounts/account-directory';
import { ORDER_APP_EVENTS } from './order-app-events';
import { OrderModule } from './order.module';

const INSTANCES = 4;
const ROUNDS = 4;

/** One instance of the order app as its process starts it: the order module on the database's store. */
async function startInstance(databaseUrl: string): Promise<INestApplication> {
  const storage = {
    SHIPPING_MODE: 'sandbox' as const,
    STORE: 'postgres' as const,
    DATA_DIR: '',
    DATABASE_URL: databaseUrl,
    EVENT_STORE: 'postgres' as const,
  };
  const moduleRef = await Test.createTestingModule({
    imports: [
      StorageModule.forRoot(storage, ORDER_APP_EVENTS.upcasters),
      ClockModule,
      InProcessMessagingModule.forRoot(),
      OrderModule,
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

describe('order app instances starting on one database', () => {
  let database: TestDatabase | undefined;
  const started: INestApplication[] = [];

  afterEach(async () => {
    await Promise.allSettled(started.splice(0).map((app) => app.close()));
    await database?.drop();
  });

  const startAll = async (count: number) => {
    const url = (database as TestDatabase).url;
    const outcomes = await Promise.allSettled(Array.from({ length: count }, () => startInstance(url)));
    for (const outcome of outcomes) if (outcome.status === 'fulfilled') started.push(outcome.value);
    return outcomes.filter((outcome) => outcome.status === 'rejected');
  };

  const expectSandboxDirectory = async () => {
    const directory = started[0].get(AccountDirectory);
    for (const account of sandboxSeed.accounts) {
      expect((await directory.account(account.id))?.name).toBe(account.name);
      expect((await directory.shippers(account.id)).map((shipper) => shipper.id)).toEqual(
        account.shippers.map((shipper) => shipper.id).sort((a, b) => a - b),
      );
    }
  };

  it.each(Array.from({ length: ROUNDS }, (_, round) => round + 1))(
    'start together on a fresh database and agree on the sandbox directory (round %i)',
    async () => {
      database = await createTestDatabase('order_startup');

      expect(await startAll(INSTANCES)).toEqual([]);
      await expectSandboxDirectory();
    },
    120_000,
  );

  it("starts where another instance appended a sandbox account's opening but has not written its row yet", async () => {
    database = await createTestDatabase('order_startup');
    const [account] = sandboxSeed.accounts;
    const sql = createPgSqlClient(database.url, { max: 1 });
    const store = new PostgresEventStore(sql);
    try {
      await store.init();
      await store.appendToStream(accountStreamName(account.id), [
        {
          type: 'AccountOpened',
          data: {
            account_id: account.id,
            name: account.name,
            ...account.preferences,
            at: new Date().toISOString(),
          },
        },
      ]);
    } finally {
      await store.close();
    }

    expect(await startAll(1)).toEqual([]);
    await expectSandboxDirectory();
  }, 60_000);
});
