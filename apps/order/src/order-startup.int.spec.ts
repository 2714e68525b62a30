import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { InProcessMessagingModule } from '@shipping/messaging';
import { ClockModule } from '@shipping/platform/clock';
import { StorageModule } from '@shipping/platform/storage';
import { sandboxSeed } from '@shipping/reference-data';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { AccountDirectory } from './accounts/account-directory';
import { ORDER_APP_EVENTS } from './order-app-events';
import { OrderModule } from './order.module';

const INSTANCES = 3;
const ROUNDS = 3;

/** One instance of the order app as it starts in its process: its module on the database's store. */
async function startInstance(databaseUrl: string): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      StorageModule.forRoot(
        {
          SHIPPING_MODE: 'sandbox',
          STORE: 'postgres',
          DATA_DIR: '',
          DATABASE_URL: databaseUrl,
          EVENT_STORE: 'postgres',
        },
        ORDER_APP_EVENTS.upcasters,
      ),
      ClockModule,
      InProcessMessagingModule.forRoot(),
      OrderModule,
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return app;
}

describe('order app instances starting together on one fresh database', () => {
  let database: TestDatabase | undefined;
  const started: INestApplication[] = [];

  afterEach(async () => {
    await Promise.allSettled(started.splice(0).map((app) => app.close()));
    await database?.drop();
  });

  it.each(Array.from({ length: ROUNDS }, (_, round) => round + 1))(
    'all start and agree on the sandbox directory (round %i)',
    async () => {
      database = await createTestDatabase('order_startup');
      const url = database.url;
      const outcomes = await Promise.allSettled(Array.from({ length: INSTANCES }, () => startInstance(url)));
      for (const outcome of outcomes) if (outcome.status === 'fulfilled') started.push(outcome.value);

      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      const directory = started[0].get(AccountDirectory);
      for (const account of sandboxSeed.accounts) {
        expect((await directory.account(account.id))?.name).toBe(account.name);
        expect((await directory.shippers(account.id)).map((shipper) => shipper.id)).toEqual(
          account.shippers.map((shipper) => shipper.id),
        );
      }
    },
    120_000,
  );
});
