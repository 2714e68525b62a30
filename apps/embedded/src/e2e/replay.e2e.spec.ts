import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { unwrap, waitForBatchStatus } from '@shipping/client';
import {
  batchShipment,
  createTestDatabase,
  eventually,
  fedexPickupOrder,
  freightOrder,
  instantShipBody,
  parcelOrder,
  REPO_ROOT,
  type RuntimeProcess,
  startRuntime,
  testClient,
  TS_RUNTIME,
  type TestDatabase,
  undeliverableBatchShipment,
} from '@shipping/testing';
import { SANDBOX_ADMIN_API_KEY } from '@shipping/platform/config';

const run = promisify(execFile);

describe('the replay tool on a database the runtime filled (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Client;
  const ids = { batch: '', order: '', pickup: '', shipment: '' };

  /** The CLI as a real process: its exit code, what it printed and what it logged. */
  const replay = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        [...TS_RUNTIME, 'tools/replay/replay.ts', ...args],
        {
          cwd: REPO_ROOT,
          env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: '' },
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase('replay_e2e');
    const runtime: RuntimeProcess = await startRuntime({
      env: { STORE: 'postgres', DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: '0' },
    });
    try {
      const acme = testClient(runtime.baseUrl, 'sk_test_acme');
      const freight = unwrap(
        await acme.POST('/freight-orders', {
          body: freightOrder(),
          headers: { 'x-request-id': 'replay-freight-1' },
        }),
      );
      ids.order = String(freight.shipment_order_id);
      await acme.POST('/freight-orders', {
        body: { ...freightOrder(), shipment_order_id: freight.shipment_order_id, pickup_date: '2026-12-02' },
      });
      await acme.POST('/parcel-orders', { body: parcelOrder() });
      const pickup = unwrap(await acme.POST('/pickup-orders', { body: fedexPickupOrder() }));
      ids.pickup = String(pickup.id);
      const batch = unwrap(
        await acme.POST('/batches', {
          body: {
            shipper_id: 1,
            service: 'USPS-1',
            batch_shipments: [batchShipment(0), undeliverableBatchShipment(1), batchShipment(2)],
          },
          headers: { 'x-request-id': 'replay-batch-1' },
        }),
      );
      ids.batch = batch.id;
      await waitForBatchStatus(acme, ids.batch, ['ready']);
      await acme.POST('/batches/{batch_id}/ship', { params: { path: { batch_id: ids.batch } } });
      await waitForBatchStatus(acme, ids.batch, ['completed']);
      const shipped = unwrap(await acme.POST('/parcel-orders/instant-ship', { body: instantShipBody() }));
      ids.shipment = shipped.shipment_order_id;
      // A live key's batch: its rows name the live mode, rebuilt the same from its BatchCreated.
      const admin = testClient(runtime.baseUrl, SANDBOX_ADMIN_API_KEY);
      const liveKey = unwrap(
        await admin.POST('/admin/accounts/{account_id}/api-keys', {
          params: { path: { account_id: 'acct_acme' } },
          body: { mode: 'live' },
        }),
      );
      const live = testClient(runtime.baseUrl, liveKey.key);
      const liveBatch = unwrap(
        await live.POST('/batches', {
          body: { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment(0)] },
        }),
      );
      await waitForBatchStatus(live, liveBatch.id, ['ready']);
      await eventually(async () => (unwrap(await acme.GET('/orders')).data.length === 2 ? true : undefined));
      await eventually(async () =>
        unwrap(await acme.GET('/pickup-orders')).data.length === 1 ? true : undefined,
      );
    } finally {
      await runtime.stop();
    }
    db = new Client({ connectionString: database.url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await database?.drop();
  });

  it('prints the history of a batch: time, type, version, who, and the data, in stream order', async () => {
    const { code, stdout } = await replay('history', 'batch', ids.batch);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(`batch-${ids.batch}: 11 events`);
    expect(stdout).toMatch(
      new RegExp(`#0  \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z  BatchCreated v3  \\([0-9a-f-]{36}\\)`),
    );
    expect(stdout).toContain('correlation replay-batch-1  causation replay-batch-1');
    expect(stdout).toContain('#10  ');
    expect(stdout).toContain('BatchCompleted v1');
    expect(stdout).toMatch(/BatchCompleted v1 .*\n.*\n {4}\{.*"failed_count":1.*\}\n/);
    expect(stdout).toMatch(/"completed_count":2/);
  });

  it('prints the same history as JSON, with the account, correlation and causation of every event', async () => {
    const { code, stdout } = await replay('history', 'batch', ids.batch, '--json');
    expect(code).toBe(0);
    const events = JSON.parse(stdout);
    expect(events.map((event: any) => event.type)).toEqual([
      'BatchCreated',
      'ItemValidated',
      'ItemValidated',
      'ItemValidated',
      'BatchValidated',
      'BatchShipped',
      'ItemCompleted',
      'ItemFailed',
      'ItemCompleted',
      'LabelFilesMerged',
      'BatchCompleted',
    ]);
    expect(events.map((event: any) => event.revision)).toEqual(
      events.map((_: unknown, index: number) => String(index)),
    );
    const [created, validated] = events;
    expect(created).toMatchObject({
      version: 3,
      correlation_id: 'replay-batch-1',
      account_id: created.data.account_id,
      data: { batch_id: ids.batch },
    });
    expect(validated.causation_id).toBe(created.id);
    expect(
      events.every(
        (event: any) => event.account_id === created.data.account_id && !Number.isNaN(Date.parse(event.time)),
      ),
    ).toBe(true);
  });

  it('prints the history of an order, a pickup (as version 3) and an instant shipment', async () => {
    const order = await replay('history', 'order', ids.order);
    expect(order.code).toBe(0);
    expect(order.stdout).toContain('FreightOrderDrafted v2');
    expect(order.stdout).toContain('FreightOrderRevised v2');
    expect(order.stdout).toContain('correlation replay-freight-1');
    const pickup = JSON.parse((await replay('history', 'pickup', ids.pickup, '--json')).stdout);
    expect(pickup).toEqual([expect.objectContaining({ type: 'PickupOrderScheduled', version: 3 })]);
    expect(pickup[0].data.pickup.pieces[0]).toMatchObject({ quantity: 3, weight_hundredths: 110 });
    const shipment = await replay('history', 'shipment', ids.shipment, '--json');
    expect(JSON.parse(shipment.stdout).map((event: any) => event.type)).toEqual([
      'InstantShipRequested',
      'ParcelShipped',
    ]);
  });

  it('says so, with exit code 1, for a stream without events', async () => {
    const missing = await replay('history', 'batch', 'nosuchbatch');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No events: there is no batch nosuchbatch.');
    expect((await replay('history', 'spaceship', '1')).code).toBe(2);
  });

  it('rebuilds every read model from the events alone and finds them equal to the live ones', async () => {
    const { code, stdout } = await replay('rebuild');
    expect(stdout).toContain('batch_view: equal (2 rows)');
    expect(stdout).toContain('batch_items_view: equal (4 rows)');
    const modes = await db.query<{ mode: string }>(
      'select distinct mode from batch_items_view order by mode',
    );
    expect(modes.rows).toEqual([{ mode: 'live' }, { mode: 'test' }]);
    expect(stdout).toContain('order_open_orders: equal (2 rows)');
    expect(stdout).toContain('pickup_orders_view: equal (1 rows)');
    expect(stdout).toContain('read models: equal');
    expect(code).toBe(0);
    const scratch = await db.query(
      `select schema_name from information_schema.schemata where schema_name like 'replay_%'`,
    );
    expect(scratch.rows).toEqual([]);
  });

  it('reports a corrupted live row, a missing one and a stray one as differences, with exit code 1', async () => {
    await db.query(
      `update batch_view set doc = jsonb_set(doc::jsonb, '{counts,completed}', '99')::json where batch_id = $1`,
      [ids.batch],
    );
    await db.query(`delete from batch_items_view where batch_id = $1 and idx = 2`, [ids.batch]);
    await db.query(
      `insert into pickup_orders_view select pickup_id + 1000, account_id, created_at, last_revision, doc from pickup_orders_view`,
    );
    const { code, stdout } = await replay('rebuild', '--json');
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.equal).toBe(false);
    const table = (name: string) => report.tables.find((comparison: any) => comparison.table === name);
    expect(table('batch_view').changed).toEqual([
      expect.objectContaining({
        key: ids.batch,
        live: expect.objectContaining({
          doc: expect.objectContaining({ counts: expect.objectContaining({ completed: 99 }) }),
        }),
      }),
    ]);
    expect(table('batch_view').changed[0].rebuilt.doc.counts.completed).toBe(2);
    expect(table('batch_items_view').onlyRebuilt).toHaveLength(1);
    expect(table('pickup_orders_view').onlyLive).toEqual([String(Number(ids.pickup) + 1000)]);
    expect(table('order_open_orders')).toMatchObject({ onlyLive: [], onlyRebuilt: [], changed: [] });

    const readable = await replay('rebuild');
    expect(readable.code).toBe(1);
    expect(readable.stdout).toContain(`batch_view: DIFFERENT (live 2 rows, rebuilt 2)`);
    expect(readable.stdout).toContain(`  differs: ${ids.batch}`);
    expect(readable.stdout).toContain('    doc.counts.completed: live 99, rebuilt 2\n');
    expect(readable.stdout).toContain(`  missing from live: ${ids.batch}/`);
    expect(readable.stdout).toContain(`  only live: ${Number(ids.pickup) + 1000}\n`);
    expect(readable.stdout).toContain('read models: DIFFERENT from the events');
  });
});
