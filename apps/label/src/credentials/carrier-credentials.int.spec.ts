import type { INestApplication } from '@nestjs/common';
import { ClockModule } from '@shipping/platform/clock';
import type { ClientProxy } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import {
  CarrierCredentialPatterns,
  type CarrierCredentialsResealed,
  type CarrierCredentialsStored,
  type CarrierCredentialsVerified,
  carrierCredentialsContext,
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
import { MESSAGE_SECRETS, type SecretBox, type SecretKey } from '@shipping/platform/secrets';
import { TestStorageModule } from '@shipping/platform/storage';
import { UspsMockServer } from '@shipping/testing';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { USPS_API_URL } from '../carrier/usps/usps-api-url';
import { LABEL_CONFIG, readLabelConfig } from '../label-config';
import { LabelModule } from '../label.module';
import { CARRIER_CREDENTIAL_BOX, carrierCredentialBox } from './credential-keys';

const key = (id: string): SecretKey => ({ id, key: randomBytes(32) });
const ACCOUNT = 'acct_globex';
const SECRET = 'globex-consumer-secret-7f3a';

const usps = (overrides: Record<string, string> = {}) => ({
  client_id: 'globex-consumer-key',
  client_secret: SECRET,
  crid: '56982563',
  mid: '904128936',
  manifest_mid: '904128937',
  payment_account_type: 'EPS',
  payment_account_number: '1000405525',
  ...overrides,
});

interface LabelApp {
  request<T>(pattern: string, payload: unknown): Promise<T>;
  /** Credentials as the gateway sends them: sealed for this account and shipper. */
  set(shipperId: number, carrier: string, fields: object): Promise<CarrierCredentialsStored>;
  close(): Promise<void>;
}

describe("the label app keeps shippers' carrier credentials sealed", () => {
  let sql: SqlClient;
  let labelsRoot: string;
  let mock: UspsMockServer;
  const old = key('old');
  const fresh = key('new');

  async function startLabelApp(keys: SecretKey[]): Promise<LabelApp> {
    const moduleRef = await Test.createTestingModule({
      imports: [TestStorageModule.with(sql), InProcessMessagingModule.forRoot(), ClockModule, LabelModule],
    })
      .overrideProvider(LABEL_CONFIG)
      .useValue({ ...readLabelConfig({}), labelsRoot, workers: 1 })
      .overrideProvider(CARRIER_CREDENTIAL_BOX)
      .useValue(carrierCredentialBox(keys))
      .overrideProvider(USPS_API_URL)
      .useValue(mock.url)
      .compile();
    const app: INestApplication = moduleRef.createNestApplication({ logger: false });
    connectMessageHandlers(app, createInProcessServer(app));
    try {
      await app.init();
    } catch (error) {
      await app.close();
      throw error;
    }
    await app.startAllMicroservices();
    const client = app.get<ClientProxy>(MESSAGE_CLIENT);
    const messageSecrets = app.get<SecretBox>(MESSAGE_SECRETS);
    const context = { accountId: ACCOUNT, correlationId: 'req-1' };
    const request = <T>(pattern: string, payload: unknown) =>
      sendRequest<T>(client, pattern, { context, payload });
    return {
      request,
      set: (shipperId, carrier, fields) =>
        request(CarrierCredentialPatterns.set, {
          shipper_id: shipperId,
          carrier,
          sealed_credentials: messageSecrets.seal(
            JSON.stringify(fields),
            carrierCredentialsContext(ACCOUNT, shipperId),
          ),
        }),
      close: () => app.close(),
    };
  }

  const stored = async (shipperId: number) =>
    (
      await sql.query<{ sealed: string }>(
        'select sealed from carrier_credentials where account_id = $1 and shipper_id = $2',
        [ACCOUNT, shipperId],
      )
    ).rows[0]?.sealed;

  beforeAll(async () => {
    sql = await createPgliteSqlClient();
    labelsRoot = await mkdtemp(join(tmpdir(), 'label-credentials-'));
    mock = await UspsMockServer.start({
      clients: [{ client_id: 'globex-consumer-key', client_secret: SECRET }],
    });
  }, 60_000);

  afterAll(async () => {
    await mock?.stop();
    await sql?.close();
    await rm(labelsRoot, { recursive: true, force: true });
  });

  it('stores them sealed under the newest key, answers without them, and verifies them with the carrier', async () => {
    const app = await startLabelApp([old]);
    try {
      const answer = await app.set(1001, 'usps', usps());
      expect(answer).toEqual({ shipper_id: 1001, carrier: 'usps', set_at: expect.any(String) });
      expect(await stored(1001)).toMatch(/^v1\.old\./);
      expect(await stored(1001)).not.toContain(SECRET);

      const verified = await app.request<CarrierCredentialsVerified>(CarrierCredentialPatterns.verify, {
        shipper_id: 1001,
      });
      expect(verified).toEqual({ verified: true });

      await app.set(1001, 'usps', usps({ client_secret: 'a-secret-usps-refuses-9c1' }));
      const refused = await app.request<CarrierCredentialsVerified>(CarrierCredentialPatterns.verify, {
        shipper_id: 1001,
      });
      expect(refused).toEqual({ verified: false, carrier_message: expect.stringMatching(/^USPS: /) });
      expect(JSON.stringify(refused)).not.toContain('a-secret-usps-refuses-9c1');
    } finally {
      await app.close();
    }
  }, 60_000);

  it('takes only credentials sealed for this account and shipper, and checks their fields again', async () => {
    const app = await startLabelApp([old]);
    try {
      await expect(
        app.request(CarrierCredentialPatterns.set, {
          shipper_id: 1002,
          carrier: 'usps',
          sealed_credentials: JSON.stringify(usps()),
        }),
      ).rejects.toMatchObject({ code: 'internal' });
      await expect(app.set(1002, 'usps', usps({ crid: '' }))).rejects.toMatchObject({
        code: 'validation_failed',
        data: { crid: [expect.any(String)] },
      });
      expect(await stored(1002)).toBeUndefined();
      await app.set(1003, 'ups', { client_id: 'u', client_secret: SECRET, account_number: 'A1B2C3' });
      await expect(app.request(CarrierCredentialPatterns.verify, { shipper_id: 1003 })).rejects.toMatchObject(
        { code: 'validation_failed', data: { carrier: [expect.stringMatching(/not supported yet/)] } },
      );
    } finally {
      await app.close();
    }
  }, 60_000);

  it('reseals every record under a new key at start and when asked, and refuses to start without the key of a record', async () => {
    const first = await startLabelApp([old]);
    await first.set(1004, 'usps', usps());
    await first.close();
    expect(await stored(1004)).toMatch(/^v1\.old\./);

    const rotated = await startLabelApp([fresh, old]);
    try {
      expect(await stored(1004)).toMatch(/^v1\.new\./);
      await sql.query(`update carrier_credentials set sealed = $1 where shipper_id = 1004`, [
        carrierCredentialBox([old]).seal(JSON.stringify(usps()), `carrier_credentials:${ACCOUNT}:1004`),
      ]);
      const resealed = await rotated.request<CarrierCredentialsResealed>(
        CarrierCredentialPatterns.reseal,
        {},
      );
      expect(resealed).toEqual({ resealed: 1, key_id: 'new' });
      expect(await stored(1004)).toMatch(/^v1\.new\./);
    } finally {
      await rotated.close();
    }

    const withoutNew = await startLabelApp([fresh]);
    await withoutNew.close();
    await expect(startLabelApp([key('other')])).rejects.toThrow(
      /CARRIER_CREDENTIAL_KEYS: a shipper's carrier credentials is sealed with key "new"/,
    );
  }, 90_000);
});
