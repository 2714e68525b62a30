import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import {
  configureGatewayApp,
  createGatewayAdapter,
  OpenApiDocument,
  readGatewayHttpConfig,
} from '@shipping/gateway-app';
import {
  CARRIER_PORT,
  type CarrierLabelRequest,
  type CarrierPort,
} from '@shipping/label-app/src/carrier/carrier-port';
import { CarrierRegistry } from '@shipping/label-app/src/carrier/carrier-registry';
import { claimedByADeadHolder } from '@shipping/label-app/src/testing/dead-holder.fixture';
import { LabelPurchases } from '@shipping/label-app/src/purchases/label-purchases';
import { connectMessageHandlers, createInProcessServer } from '@shipping/messaging';
import { SANDBOX_ADMIN_API_KEY, validateConfig } from '@shipping/platform/config';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { type ShippingClient, unwrap, waitForBatchStatus } from '@shipping/client';
import {
  batchShipment,
  createTestDatabase,
  instantShipBody,
  type TestDatabase,
  testClient,
} from '@shipping/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedConfig } from '../embedded-config';
import { EmbeddedModule } from '../embedded.module';

/** The merchant's own USPS account: what a live key of Acme's shipper 1 reaches. */
class CountingUspsAdapter implements CarrierPort {
  readonly idempotencyKeys = 'honoured';
  readonly requests: CarrierLabelRequest[] = [];

  constructor(private readonly sandbox: CarrierPort) {}

  purchase(request: CarrierLabelRequest) {
    this.requests.push(request);
    return this.sandbox.purchase(request);
  }

  itemIds(): string[] {
    return this.requests.map((request) => request.item_id);
  }
}

const ENV = ['STORE', 'DATABASE_URL', 'RATE_LIMIT_PER_MINUTE', 'DATA_DIR', 'LOG_LEVEL', 'ADMIN_API_KEY'];

/**
 * The whole runtime in this process, on PostgreSQL, with a counting adapter registered in the
 * label app's carrier registry for USPS on the merchant's own integration: what a test key asks
 * never reaches it; what a live key asks does, once per item.
 */
describe('which carrier adapter a key reaches', () => {
  let database: TestDatabase;
  let dataDir: string;
  let app: NestFastifyApplication;
  let usps: CountingUspsAdapter;
  let baseUrl: string;
  const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

  beforeAll(async () => {
    database = await createTestDatabase('carrier_modes_e2e');
    dataDir = await mkdtemp(join(tmpdir(), 'carrier-modes-'));
    Object.assign(process.env, {
      STORE: 'postgres',
      DATABASE_URL: database.url,
      RATE_LIMIT_PER_MINUTE: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_API_KEY: SANDBOX_ADMIN_API_KEY,
    });
    const httpConfig = readGatewayHttpConfig();
    const moduleRef = await Test.createTestingModule({
      imports: [EmbeddedModule.forRoot(validateConfig(EmbeddedConfig))],
    })
      .overrideProvider(CarrierRegistry)
      .useFactory({
        inject: [CARRIER_PORT],
        factory: (sandbox: CarrierPort) => {
          usps = new CountingUspsAdapter(sandbox);
          return new CarrierRegistry(sandbox, [{ carrier: 'usps', integration: 'own', adapter: usps }]);
        },
      })
      .compile();
    app = moduleRef.createNestApplication<NestFastifyApplication>(createGatewayAdapter(httpConfig), {
      bodyParser: false,
    });
    configureGatewayApp(app, httpConfig);
    OpenApiDocument.describe(app);
    connectMessageHandlers(app, createInProcessServer(app));
    await app.startAllMicroservices();
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  /** A live key of Acme, with live credit to spend: the sandbox seed credit is test credit. */
  const liveKey = async () => {
    const admin = testClient(baseUrl, SANDBOX_ADMIN_API_KEY);
    const account = { params: { path: { account_id: 'acct_acme' } } };
    const issued = await admin.POST('/admin/accounts/{account_id}/api-keys', {
      ...account,
      body: { mode: 'live' },
    });
    expect(issued.response.status).toBe(201);
    const credit = await admin.POST('/admin/accounts/{account_id}/credit', {
      ...account,
      body: { amount: '500.00', reference: 'live spec', mode: 'live' },
    });
    expect(credit.response.status).toBe(201);
    return testClient(baseUrl, issued.data!.data.key);
  };

  const shippedBatch = async (client: ShippingClient, items: number) => {
    const created = await client.POST('/batches', {
      body: {
        shipper_id: 1,
        service: 'USPS-1',
        batch_shipments: Array.from({ length: items }, (_, index) => batchShipment(index)),
      },
    });
    expect(created.response.status).toBe(201);
    const batchId = created.data!.data.id;
    await waitForBatchStatus(client, batchId, ['ready']);
    const shipped = await client.POST('/batches/{batch_id}/ship', {
      params: { path: { batch_id: batchId } },
    });
    expect(shipped.response.status).toBe(200);
    return waitForBatchStatus(client, batchId, ['completed']);
  };

  it('buys nothing from the registered adapter for a test key: a batch and an instant ship go to the sandbox', async () => {
    const acme = testClient(baseUrl, 'sk_test_acme');
    const batch = await shippedBatch(acme, 2);
    const shipped = await acme.POST('/parcel-orders/instant-ship', { body: instantShipBody() });

    expect(batch.status).toBe('completed');
    expect(shipped.response.status).toBe(201);
    expect(usps.requests).toEqual([]);
  });

  it('buys one label per item from the registered adapter for a live key on the own integration', async () => {
    const live = await liveKey();
    const before = usps.requests.length;
    const batch = await shippedBatch(live, 3);
    const shipped = await live.POST('/parcel-orders/instant-ship', { body: instantShipBody() });

    expect(batch.status).toBe('completed');
    expect(shipped.response.status).toBe(201);
    const bought = usps.itemIds().slice(before);
    expect(bought).toHaveLength(4);
    expect(new Set(bought).size).toBe(4);
    expect(bought).toContain(`shipment-${shipped.data!.data.shipment_order_id}`);
  });

  it('answers a live key shipping a batch a test key created that there is no such batch, buying nothing', async () => {
    const acme = testClient(baseUrl, 'sk_test_acme');
    const live = await liveKey();
    const { id: batchId } = unwrap(
      await acme.POST('/batches', {
        body: { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment()] },
      }),
    );
    await waitForBatchStatus(acme, batchId, ['ready']);
    const before = usps.requests.length;

    const refused = await live.POST('/batches/{batch_id}/ship', { params: { path: { batch_id: batchId } } });

    expect(refused.response.status).toBe(404);
    expect(refused.error).toEqual({ success: false, message: 'Batch not found.' });
    expect(usps.requests.length).toBe(before);
  });

  it('completes a live purchase left between its intent and the carrier from the same adapter', async () => {
    const shipment = instantShipBody().to_address;
    const item = {
      item_id: 'crashed-1',
      shipment: {
        from_address: shipment,
        to_address: shipment,
        weight_unit: 'LBS' as const,
        length_unit: 'IN' as const,
        package_list: [{ count: 1, length: 10, width: 8, height: 4, weight: 1.5 }],
      },
    };
    const claimed = await claimedByADeadHolder(app.get(SQL_CLIENT), 'USPS-1', [item], {
      carrier: 'usps',
      integration: 'own',
      mode: 'live',
    });

    await app.get(LabelPurchases).completeUnheld();

    expect(usps.requests.filter((request) => request.item_id === 'crashed-1')).toEqual([
      expect.objectContaining({ idempotency_key: claimed.get('crashed-1')?.carrier_key }),
    ]);
  });
});
