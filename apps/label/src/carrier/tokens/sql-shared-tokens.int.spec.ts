import { type SqlClient } from '@shipping/event-store';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { RetentionJob } from '@shipping/platform/retention';
import { createTestDatabase, type TestDatabase, UspsMockServer } from '@shipping/testing';
import { carrierCredentialBox, readCarrierCredentialKeys } from '../../credentials/credential-keys';
import { type LabelHarness, startLabelHarness } from '../../testing/label-harness';
import { INTEGRATION, MOCK_CLIENT } from '../guard/guarded-usps.fixture';
import { UspsSessions } from '../usps/usps-sessions';
import { carrierTokensRetention, SqlSharedTokens } from './sql-shared-tokens';

const TOKEN = '/oauth2/v3/token';
const PAYMENT = '/payments/v3/payment-authorization';

/** Two label app instances, each with its own pool on one PostgreSQL database, asking USPS for tokens. */
describe('carrier tokens kept for every label instance', () => {
  let database: TestDatabase;
  let harness: LabelHarness;
  let otherSql: SqlClient;
  let mock: UspsMockServer;
  const box = carrierCredentialBox(readCarrierCredentialKeys({}));
  const instance = (sql: SqlClient) => new UspsSessions(Date.now, new SqlSharedTokens(sql, box));
  const http = () => ({ baseUrl: mock.url, timeoutMs: 5_000, now: Date.now });
  const tokenRows = async () =>
    (await harness.sql.query<{ key: string; sealed: string; digest: string }>('select * from carrier_tokens'))
      .rows;

  beforeAll(async () => {
    database = await createTestDatabase('carrier_tokens_shared');
    harness = await startLabelHarness(1, createPgSqlClient(database.url, { max: 4 }));
    otherSql = createPgSqlClient(database.url, { max: 4 });
    mock = await UspsMockServer.start({ clients: [MOCK_CLIENT] });
  }, 60_000);

  beforeEach(async () => {
    await harness.sql.query('delete from carrier_tokens');
    mock.requests.length = 0;
    mock.delay(0);
  });

  afterAll(async () => {
    await mock?.stop();
    await otherSql?.close();
    await harness?.close();
    await database?.drop();
  });

  it('fetches one access token for two instances asking at once, and both use it', async () => {
    mock.delay(200);
    const [one, two] = [instance(harness.sql), instance(otherSql)];

    const tokens = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 === 0 ? one : two).accessToken(http(), INTEGRATION),
      ),
    );

    expect(mock.requestsTo('POST', TOKEN)).toHaveLength(1);
    expect(new Set(tokens).size).toBe(1);
  });

  it('keeps the token sealed: neither the row nor its digest holds it', async () => {
    const token = await instance(harness.sql).accessToken(http(), INTEGRATION);

    const rows = await tokenRows();
    expect(rows.map((row) => row.key)).toEqual([`usps:access:${INTEGRATION.id}`]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('fetches a token USPS refused once for every instance: the second instance uses the new one', async () => {
    const [one, two] = [instance(harness.sql), instance(otherSql)];
    const first = await one.accessToken(http(), INTEGRATION);
    expect(await two.accessToken(http(), INTEGRATION)).toBe(first);

    await one.forgetAccessToken(INTEGRATION, first);
    const second = await one.accessToken(http(), INTEGRATION);
    // The other instance still holds the refused token in memory; refused too, it forgets it and
    // finds the one already fetched, and forgetting it again removes nothing newer.
    await two.forgetAccessToken(INTEGRATION, first);
    expect(await two.accessToken(http(), INTEGRATION)).toBe(second);

    expect(second).not.toBe(first);
    expect(mock.requestsTo('POST', TOKEN)).toHaveLength(2);
  });

  it('fetches a token again once the database clock passed its expiry', async () => {
    await instance(harness.sql).accessToken(http(), INTEGRATION);
    await harness.sql.query(`update carrier_tokens set expires_at = now() - interval '1 second'`);

    await instance(otherSql).accessToken(http(), INTEGRATION);

    expect(mock.requestsTo('POST', TOKEN)).toHaveLength(2);
  });

  it('fetches one payment authorization for two instances asking at once', async () => {
    mock.delay(200);
    const authorized = (sessions: UspsSessions) => async (path: string, init: RequestInit) =>
      fetch(`${mock.url}${path}`, {
        ...init,
        headers: {
          ...init.headers,
          Authorization: `Bearer ${await sessions.accessToken(http(), INTEGRATION)}`,
        },
      });
    const [one, two] = [instance(harness.sql), instance(otherSql)];
    await Promise.all([one, two].map((sessions) => sessions.accessToken(http(), INTEGRATION)));

    const tokens = await Promise.all(
      [one, two, one, two].map((sessions) => sessions.paymentToken(INTEGRATION, authorized(sessions))),
    );

    expect(mock.requestsTo('POST', PAYMENT)).toHaveLength(1);
    expect(new Set(tokens).size).toBe(1);
  });

  it('prunes expired tokens and payment authorizations fetched over a day ago, keeping the live ones', async () => {
    const day = 86_400_000;
    await harness.sql.query(
      `insert into carrier_tokens (key, sealed, digest, expires_at, fetched_at) values
        ('expired', 's', 'd', now() - interval '1 minute', now() - interval '1 hour'),
        ('live', 's', 'd', now() + interval '1 hour', now()),
        ('old-payment', 's', 'd', null, now() - interval '25 hours'),
        ('new-payment', 's', 'd', null, now() - interval '1 hour')`,
    );
    const job = new RetentionJob(harness.sql, { now: () => new Date() }, [carrierTokensRetention()], {
      batchSize: 100,
      intervalMs: day,
    });

    expect(await job.pruneOnce()).toEqual({ carrier_tokens: 2 });
    expect((await tokenRows()).map((row) => row.key).sort()).toEqual(['live', 'new-payment']);
  });
});
