import type { INestApplication } from '@nestjs/common';
import { ClockModule } from '@shipping/platform/clock';
import type { ClientProxy } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import {
  CarrierCredentialPatterns,
  carrierCredentialsContext,
  LabelPatterns,
  type LabelPurchaseReply,
} from '@shipping/contracts';
import { type SqlClient } from '@shipping/event-store';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import {
  connectMessageHandlers,
  createInProcessServer,
  InProcessMessagingModule,
  MESSAGE_CLIENT,
  sendRequest,
} from '@shipping/messaging';
import { MESSAGE_SECRETS, type SecretBox } from '@shipping/platform/secrets';
import { TestStorageModule } from '@shipping/platform/storage';
import { UspsMockServer } from '@shipping/testing';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { purchaseOf } from '../carrier/guard/guarded-usps.fixture';
import { sandboxTrackingNumber } from '../carrier/sandbox-tracking-number';
import { USPS_API_URL } from '../carrier/usps/usps-api-url';
import { LABEL_CONFIG, readLabelConfig } from '../label-config';
import { LabelModule } from '../label.module';
import { LabelPurchaseIntents } from '../purchases/label-purchase-intents';
import { LabelPurchases } from '../purchases/label-purchases';
import { CARRIER_CREDENTIAL_BOX, carrierCredentialBox } from './credential-keys';

const ACCOUNT = 'acct_initech';
const LABELS = '/labels/v3/label';
const CLIENTS = [
  { client_id: 'initech-key', client_secret: 'initech-secret-0f4c' },
  { client_id: 'initech-new-key', client_secret: 'initech-new-secret-9d21' },
];

const credentials = (client: (typeof CLIENTS)[number]) => ({
  ...client,
  crid: '56982563',
  mid: '904128936',
  manifest_mid: '904128937',
  payment_account_type: 'EPS',
  payment_account_number: '1000405525',
});

interface LabelApp {
  buy(itemIds: string[], mode: 'test' | 'live', shipperId: number): Promise<LabelPurchaseReply>;
  setCredentials(shipperId: number, fields: object): Promise<unknown>;
  nest: INestApplication;
  close(): Promise<void>;
}

/** The label module as it is wired: live keys on own USPS integrations reach USPS (here its mock). */
describe('live purchases on a shipper’s own USPS integration', () => {
  let sql: SqlClient;
  let labelsRoot: string;
  let mock: UspsMockServer;
  const savedMode = process.env['SHIPPING_MODE'];

  async function startLabelApp(): Promise<LabelApp> {
    const moduleRef = await Test.createTestingModule({
      imports: [TestStorageModule.with(sql), InProcessMessagingModule.forRoot(), ClockModule, LabelModule],
    })
      .overrideProvider(LABEL_CONFIG)
      .useValue({ ...readLabelConfig({}), labelsRoot, workers: 1 })
      .overrideProvider(CARRIER_CREDENTIAL_BOX)
      .useValue(carrierCredentialBox([{ id: 'k1', key: randomBytes(32) }]))
      .overrideProvider(USPS_API_URL)
      .useValue(mock.url)
      .compile();
    const app: INestApplication = moduleRef.createNestApplication({ logger: false });
    connectMessageHandlers(app, createInProcessServer(app));
    await app.init();
    await app.startAllMicroservices();
    const client = app.get<ClientProxy>(MESSAGE_CLIENT);
    const messageSecrets = app.get<SecretBox>(MESSAGE_SECRETS);
    const context = { accountId: ACCOUNT, correlationId: 'req-1' };
    const request = <T>(pattern: string, payload: unknown) =>
      sendRequest<T>(client, pattern, { context, payload });
    return {
      buy: (itemIds, mode, shipperId) =>
        request(LabelPatterns.purchase, {
          service: 'USPS-1',
          items: itemIds.map((item_id, index) => ({ item_id, shipment: purchaseOf(index).shipment })),
          shipper: { carrier: 'usps', integration: 'own', account_id: ACCOUNT, shipper_id: shipperId },
          mode,
        }),
      setCredentials: (shipperId, fields) =>
        request(CarrierCredentialPatterns.set, {
          shipper_id: shipperId,
          carrier: 'usps',
          sealed_credentials: messageSecrets.seal(
            JSON.stringify(fields),
            carrierCredentialsContext(ACCOUNT, shipperId),
          ),
        }),
      nest: app,
      close: () => app.close(),
    };
  }

  const tokenClients = () =>
    mock
      .requestsTo('POST', '/oauth2/v3/token')
      .map((request) => (request.body as { client_id: string }).client_id);

  beforeAll(async () => {
    sql = await createPgliteSqlClient();
    labelsRoot = await mkdtemp(join(tmpdir(), 'own-usps-'));
    mock = await UspsMockServer.start({ clients: CLIENTS });
  }, 60_000);

  afterEach(() => {
    if (savedMode === undefined) delete process.env['SHIPPING_MODE'];
    else process.env['SHIPPING_MODE'] = savedMode;
  });

  afterAll(async () => {
    await mock?.stop();
    await sql?.close();
    await rm(labelsRoot, { recursive: true, force: true });
  });

  it('buys each item once from USPS with the shipper’s stored credentials, and a test key from the sandbox', async () => {
    const app = await startLabelApp();
    try {
      await app.setCredentials(7, credentials(CLIENTS[0]));
      const live = await app.buy(['own-1', 'own-2'], 'live', 7);
      expect(live.map((result) => result.ok)).toEqual([true, true]);
      expect(mock.requestsTo('POST', LABELS)).toHaveLength(2);
      const sold = mock.soldTrackingNumbers();
      for (const result of live) if (result.ok) expect(sold).toContain(result.tracking_number);
      expect(tokenClients()).toEqual(['initech-key']);

      expect(await app.buy(['own-1', 'own-2'], 'live', 7)).toEqual(live);
      const test = await app.buy(['own-test-1'], 'test', 7);
      expect(test).toEqual([
        expect.objectContaining({ ok: true, tracking_number: sandboxTrackingNumber('own-test-1') }),
      ]);
      expect(mock.requestsTo('POST', LABELS)).toHaveLength(2);
    } finally {
      await app.close();
    }
  });

  it('buys with the new credentials once they are replaced', async () => {
    const app = await startLabelApp();
    try {
      await app.setCredentials(8, credentials(CLIENTS[0]));
      await app.buy(['swap-1'], 'live', 8);
      await app.setCredentials(8, credentials(CLIENTS[1]));
      const [answer] = await app.buy(['swap-2'], 'live', 8);
      expect(answer.ok).toBe(true);
      expect(tokenClients().slice(-2)).toEqual(['initech-key', 'initech-new-key']);
    } finally {
      await app.close();
    }
  });

  it('completes a live intent left unheld with the shipper it was claimed for', async () => {
    const app = await startLabelApp();
    try {
      await app.setCredentials(11, credentials(CLIENTS[1]));
      const intents = app.nest.get(LabelPurchaseIntents);
      const shipper = { account_id: ACCOUNT, shipper_id: 11 };
      const claimed = await intents.claim(
        'USPS-1',
        [{ item_id: 'left-1', shipment: purchaseOf(1).shipment }],
        'a-dead-process',
        { carrier: 'usps', integration: 'own', mode: 'live', shipper },
      );
      await intents.leases.releaseAll([claimed.get('left-1')!.lease]);
      const labelsBefore = mock.requestsTo('POST', LABELS).length;

      await app.nest.get(LabelPurchases).completeUnheld();

      expect(mock.requestsTo('POST', LABELS)).toHaveLength(labelsBefore + 1);
      expect(await app.buy(['left-1'], 'live', 11)).toEqual([
        expect.objectContaining({ item_id: 'left-1', ok: true }),
      ]);
      expect(mock.requestsTo('POST', LABELS)).toHaveLength(labelsBefore + 1);
    } finally {
      await app.close();
    }
  });

  it('fails a live item of a shipper without credentials in production, without asking USPS or the sandbox', async () => {
    process.env['SHIPPING_MODE'] = 'production';
    const app = await startLabelApp();
    try {
      const before = mock.requests.length;
      const [answer] = await app.buy(['bare-1'], 'live', 9);
      expect(answer).toEqual({
        item_id: 'bare-1',
        ok: false,
        reason: expect.stringContaining('No USPS credentials are stored for shipper 9'),
      });
      expect(mock.requests).toHaveLength(before);
    } finally {
      await app.close();
    }
  });

  it('lets the sandbox serve a live key of a shipper without credentials outside production', async () => {
    delete process.env['SHIPPING_MODE'];
    const app = await startLabelApp();
    try {
      const before = mock.requests.length;
      const [answer] = await app.buy(['bare-2'], 'live', 10);
      expect(answer).toEqual(
        expect.objectContaining({ ok: true, tracking_number: sandboxTrackingNumber('bare-2') }),
      );
      expect(mock.requests).toHaveLength(before);
    } finally {
      await app.close();
    }
  });
});
