import { Client } from 'pg';
import { eventually } from '../http-client';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { settledState, workInHand } from './database-state';

describe('the fuzz settles on work in hand, not on quiet reads alone', () => {
  let database: TestDatabase;
  let db: Client;

  beforeAll(async () => {
    database = await createTestDatabase('database_state');
    db = new Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await database?.drop();
  });

  it('counts nothing in a store without the tables that hold work', async () => {
    expect(await workInHand(db)).toBe(0);
  });

  it('counts a delivery due soon, a held purchase lease, an instant ship and a labelling under way', async () => {
    await db.query(`create table webhook_deliveries (id text primary key, status text, next_attempt_at timestamptz);
      create table label_purchase_intents (item_id text primary key, lease_expires_at timestamptz);
      create table order_instant_ship_pending (shipment_order_id bigint primary key);
      create table batch_labeling_jobs (batch_id text primary key)`);
    await db.query(`insert into webhook_deliveries values ('delivered', 'delivered', null),
      ('later', 'pending', now() + interval '1 hour'), ('failed', 'failed', null);
      insert into label_purchase_intents values ('lapsed', now() - interval '1 minute')`);
    expect(await workInHand(db)).toBe(0);

    await db.query(`insert into webhook_deliveries values ('due', 'pending', now() + interval '10 seconds');
      insert into label_purchase_intents values ('held', now() + interval '1 minute');
      insert into order_instant_ship_pending values (1);
      insert into batch_labeling_jobs values ('b')`);
    expect(await workInHand(db)).toBe(4);
  });

  it("counts events committed beyond the fence of $all while an older transaction of the store's database runs", async () => {
    // The event store's migrations define all_fence() (see its all-query.ts); this stand-in counts
    // every transaction the snapshot lists, which holds the same transactions here and more.
    await db.query(`create schema event_store;
      create table event_store.events (global_position bigserial primary key,
        transaction_id xid8 not null default pg_current_xact_id());
      create function event_store.all_fence() returns xid8 language sql stable
        as 'select pg_snapshot_xmin(pg_current_snapshot())'`);
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_current_xact_id()');
      await db.query('insert into event_store.events default values');
      expect(await workInHand(db)).toBe(5);
      await holder.query('commit');
      // Other work on the server may hold the stand-in's fence a while longer: it moves once that ends too.
      await eventually(async () => ((await workInHand(db)) === 4 ? true : undefined), 30_000);
    } finally {
      await holder.end();
    }
  });

  it('waits for work in hand to end though every read agrees meanwhile', async () => {
    const finished = setTimeout(() => void db.query('delete from batch_labeling_jobs'), 1_500);
    const started = Date.now();
    await db.query(`delete from webhook_deliveries where id = 'due'; delete from label_purchase_intents where item_id = 'held';
      delete from order_instant_ship_pending`);
    const state = await settledState(db, async () => true, 100, 10_000);
    clearTimeout(finished);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    expect(state['public.batch_labeling_jobs']).toMatch(/^0 /);
  });
});
