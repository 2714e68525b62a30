import { randomBytes } from 'node:crypto';
import {
  checkpointSigned,
  PostgresEventStore,
  SqlAuditCheckpoints,
  Upcasters,
  verifyStore,
} from '@shipping/event-store';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { TracedEventStore } from '../observability/traced-event-store';
import { AuditCheckpointJob } from './audit-checkpoint-job';
import { readAuditConfig } from './audit-config';

describe('AuditCheckpointJob on PostgreSQL', () => {
  let database: TestDatabase;
  let adapter: PostgresEventStore;

  beforeEach(async () => {
    database = await createTestDatabase('audit_job');
    adapter = new PostgresEventStore(createPgSqlClient(database.url));
    await adapter.init();
  }, 30_000);

  afterEach(async () => {
    await adapter.close();
    await database.drop();
  });

  it('signs one checkpoint per AUDIT_CHECKPOINT_EVENTS events appended since the last, with the first key', async () => {
    const config = readAuditConfig({
      AUDIT_SIGNING_KEYS: `a2:${randomBytes(32).toString('base64')},a1:${randomBytes(32).toString('base64')}`,
      AUDIT_CHECKPOINT_EVENTS: '2',
    });
    const sql = createPgSqlClient(database.url);
    const job = new AuditCheckpointJob(new TracedEventStore(adapter, new Upcasters()), sql, config);
    const published = config.keys.map(({ id, publicKey }) => ({ id, publicKey }));
    await new SqlAuditCheckpoints(sql).init();
    try {
      for (let n = 0; n < 5; n++)
        await adapter.appendToStream(`order-${n % 2}`, [{ type: 'ThingHappened', data: { n } }]);
      await waitForAll(adapter, 5);

      const first = await job.checkpointOnce();
      const again = await job.checkpointOnce();
      await adapter.appendToStream('order-0', [{ type: 'ThingHappened', data: { n: 5 } }]);
      await waitForAll(adapter, 6);
      const later = await job.checkpointOnce();

      expect(first.map((checkpoint) => [checkpoint.sequence, checkpoint.events, checkpoint.keyId])).toEqual([
        [1, 2n, 'a2'],
        [2, 4n, 'a2'],
        [3, 5n, 'a2'],
      ]);
      expect(again).toEqual([]);
      expect(later.map((checkpoint) => checkpoint.sequence)).toEqual([4]);
      const stored = await new SqlAuditCheckpoints(sql).all();
      expect(stored.every((checkpoint) => checkpointSigned(checkpoint, published))).toBe(true);
      expect((await verifyStore(adapter, stored, published)).breaks).toEqual([]);
    } finally {
      await sql.close();
    }
  });

  it('signs a checkpoint as soon as AUDIT_CHECKPOINT_EVENTS events arrived since the last, once across instances', async () => {
    const config = readAuditConfig({
      AUDIT_SIGNING_KEYS: `a1:${randomBytes(32).toString('base64')}`,
      AUDIT_CHECKPOINT_EVENTS: '3',
      AUDIT_CHECKPOINT_INTERVAL_SECONDS: '3600',
    });
    const clients = [createPgSqlClient(database.url), createPgSqlClient(database.url)];
    const instances = clients.map((sql) => new AuditCheckpointJob(new PostgresEventStore(sql), sql, config));
    const checkpoints = new SqlAuditCheckpoints(clients[0]);
    try {
      await Promise.all(instances.map((job) => job.onApplicationBootstrap()));
      for (let n = 0; n < 7; n++)
        await adapter.appendToStream(`order-${n % 3}`, [{ type: 'ThingHappened', data: { n } }]);
      await waitForAll(adapter, 7);

      const deadline = Date.now() + 20_000;
      while ((await checkpoints.all()).length < 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 500));

      const stored = await checkpoints.all();
      expect(stored.map((checkpoint) => [checkpoint.sequence, checkpoint.events])).toEqual([
        [1, 3n],
        [2, 6n],
      ]);
      expect((await verifyStore(adapter, stored, config.keys)).breaks).toEqual([]);
    } finally {
      await Promise.all(instances.map((job) => job.onModuleDestroy()));
      await Promise.all(clients.map((sql) => sql.close()));
    }
  });
});

/** $all is read up to the oldest transaction running on the server, which other suites may hold open. */
async function waitForAll(store: PostgresEventStore, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await store.readAll()).length < count) {
    if (Date.now() > deadline) throw new Error(`$all did not reach ${count} events`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
