import { randomBytes } from 'node:crypto';
import { checkpointSigned, recordCheckpoints, SqlAuditCheckpoints } from '@shipping/event-store';
import { AUDIT_CONFIG, readAuditConfig } from '@shipping/platform/audit';
import request from 'supertest';
import { ACME, createHttpTestApp, type HttpTestApp, STARTUP_TIMEOUT_MS } from '../http/testing/http-test-app';
import { AuditCheckpointsController } from './audit-checkpoints.controller';
import { AuditExports, type PublishedCheckpoint } from './audit-exports';

const config = readAuditConfig({ AUDIT_SIGNING_KEYS: `a1:${randomBytes(32).toString('base64')}` });
const published = config.keys.map(({ id, publicKey }) => ({ id, publicKey }));

let harness: HttpTestApp;
const http = () => request(harness.app.getHttpServer());

beforeAll(async () => {
  harness = await createHttpTestApp({}, undefined, undefined, {
    controllers: [AuditCheckpointsController],
    providers: [AuditExports, { provide: AUDIT_CONFIG, useValue: config }],
  });
  for (let n = 0; n < 5; n++)
    await harness.store.appendToStream(`order-${n % 2}`, [{ type: 'ThingHappened', data: { n } }]);
  const checkpoints = new SqlAuditCheckpoints(harness.sql);
  await checkpoints.init();
  await recordCheckpoints(harness.store, checkpoints, config.keys[0], 2);
}, STARTUP_TIMEOUT_MS);
afterAll(() => harness?.close());

/** The checkpoint as it was signed, rebuilt from the published fields alone. */
const signedOf = (checkpoint: PublishedCheckpoint) => ({
  sequence: checkpoint.sequence,
  position: { commit: BigInt(checkpoint.position.commit), prepare: BigInt(checkpoint.position.prepare) },
  events: BigInt(checkpoint.events),
  chain: checkpoint.chain,
  heads: checkpoint.heads.map((head) => ({ ...head, revision: BigInt(head.revision) })),
  keyId: checkpoint.key_id,
  signature: checkpoint.signature,
});

describe('GET /audit/checkpoints', () => {
  it('publishes the signed checkpoints newest first, page by page, each verifying with the published key', async () => {
    const stored = await new SqlAuditCheckpoints(harness.sql).all();
    const first = await http().get('/audit/checkpoints?per_page=2').set(ACME);
    const second = await http().get('/audit/checkpoints?per_page=2&page=2').set(ACME);

    expect(first.status).toBe(200);
    const pages = [first.body.data, second.body.data] as { data: PublishedCheckpoint[] }[];
    const newest = stored.reverse().slice(0, 4);
    expect(newest.length).toBeGreaterThanOrEqual(3);
    expect(
      pages.map((page) => page.data.map((checkpoint) => [checkpoint.sequence, checkpoint.events])),
    ).toEqual(
      [newest.slice(0, 2), newest.slice(2, 4)].map((page) =>
        page.map((checkpoint) => [checkpoint.sequence, checkpoint.events.toString()]),
      ),
    );
    expect(first.body.data.next_page_url).toMatch(/\/audit\/checkpoints\?per_page=2&page=2$/);
    const all = pages.flatMap((page) => page.data);
    expect(all.every((checkpoint) => checkpointSigned(signedOf(checkpoint), published))).toBe(true);
    expect(all[0]).toMatchObject({
      sequence: newest[0].sequence,
      position: {
        commit: newest[0].position.commit.toString(),
        prepare: newest[0].position.prepare.toString(),
      },
      key_id: 'a1',
      chain: newest[0].chain,
      heads: [{ stream: 'order-0', revision: '2', hash: expect.stringMatching(/^[0-9a-f]{64}$/) }],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('asks for an API key, and answers a bad page with 422', async () => {
    const anonymous = await http().get('/audit/checkpoints');
    const badPage = await http().get('/audit/checkpoints?per_page=0').set(ACME);

    expect(anonymous.status).toBe(401);
    expect([badPage.status, badPage.body.data]).toEqual([
      422,
      { per_page: ['The per_page must be at least 1.'] },
    ]);
  });
});
