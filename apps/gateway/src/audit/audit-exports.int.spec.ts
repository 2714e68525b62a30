import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordCheckpoints, SqlAuditCheckpoints } from '@shipping/event-store';
import { AUDIT_CONFIG, readAuditConfig } from '@shipping/platform/audit';
import request from 'supertest';
import { ApiKeys } from '../http/auth/api-keys';
import { ACME, createHttpTestApp, type HttpTestApp, STARTUP_TIMEOUT_MS } from '../http/testing/http-test-app';
import { AccountAuditExportController, AdminAuditExportsController } from './audit-exports.controller';
import { AuditExports } from './audit-exports';

const ROOT = join(__dirname, '..', '..', '..', '..');
const ADMIN = { Authorization: 'Bearer sk_admin_audit_export_spec' };
const config = readAuditConfig({ AUDIT_SIGNING_KEYS: `a1:${randomBytes(32).toString('base64')}` });

let harness: HttpTestApp;
const http = () => request(harness.app.getHttpServer());
const text = (response: request.Response) => response.body as string;
const get = (path: string, headers: Record<string, string>) =>
  http()
    .get(path)
    .set(headers)
    .buffer(true)
    .parse((res, done) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => done(null, body));
    });

/** The standalone verifier over the answer, as an auditor runs it on the file they were given. */
function verify(bundle: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'audit-http-')), 'bundle.jsonl');
  writeFileSync(file, bundle);
  return spawnSync(process.execPath, ['tools/audit-verify/verify.mjs', file], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

beforeAll(async () => {
  harness = await createHttpTestApp({ adminApiKey: 'sk_admin_audit_export_spec' }, undefined, undefined, {
    controllers: [AdminAuditExportsController, AccountAuditExportController],
    providers: [AuditExports, { provide: AUDIT_CONFIG, useValue: config }],
  });
  const { store, sql } = harness;
  await store.appendToStream('order-1', [
    { type: 'ThingHappened', data: { n: 1 }, metadata: { accountId: 'acct_acme' } },
  ]);
  await store.appendToStream('order-2', [
    { type: 'ThingHappened', data: { n: 2 }, metadata: { accountId: 'acct_tiny' } },
  ]);
  await store.appendToStream('order-1', [
    { type: 'ThingHappened', data: { n: 3, text: 'naïve ☃' }, metadata: { accountId: 'acct_acme' } },
  ]);
  // A stream a live key of Acme opened: its first event records the key's mode.
  await store.appendToStream('order-3', [
    { type: 'ThingHappened', data: { n: 4, key_mode: 'live' }, metadata: { accountId: 'acct_acme' } },
  ]);
  // An admin change as the admin API makes it: an event naming the admin key's id as its actor.
  const admin = { correlationId: 'req_admin', actor: 'adm_0123456789ab' };
  const issued = await harness.app.get(ApiKeys).issue({ id: 'acct_acme', name: 'Acme' }, 'live', admin);
  await harness.app.get(ApiKeys).revoke('acct_acme', issued.id, admin);
  const checkpoints = new SqlAuditCheckpoints(sql);
  await checkpoints.init();
  await recordCheckpoints(store, checkpoints, config.keys[0], 100);
}, STARTUP_TIMEOUT_MS);
afterAll(() => harness?.close());

describe('GET /admin/audit/exports and GET /account/audit-export', () => {
  it("streams an account's bundle to the admin key, which the standalone verifier finds intact, admin changes and their actors listed", async () => {
    const response = await get('/admin/audit/exports?account=acct_acme', ADMIN);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/jsonl; charset=utf-8');
    const records = text(response)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { record: string; subject?: string });
    const subjects = records.filter((record) => record.record === 'event').map((record) => record.subject);
    // The sandbox key's stream is the account's too; acct_tiny's order is not.
    expect(subjects).toEqual([
      'api-keys-acct_acme',
      'order-1',
      'order-1',
      'order-3',
      'api-keys-acct_acme',
      'api-keys-acct_acme',
    ]);
    const verified = verify(text(response));
    const actions = verified.stdout.split('\n').filter((line) => / api-keys-acct_acme#\d$/.test(line));
    expect(actions.map((line) => line.trim().split(/\s+/).slice(1))).toEqual([
      ['sandbox-seed', 'ApiKeyIssued', 'api-keys-acct_acme#0'],
      ['adm_0123456789ab', 'ApiKeyIssued', 'api-keys-acct_acme#1'],
      ['adm_0123456789ab', 'ApiKeyRevoked', 'api-keys-acct_acme#2'],
    ]);
    expect(verified.stdout).toMatch(/6 events in 3 streams: .* 1 checkpoints: .*: intact\n$/);
    expect(verified.status).toBe(0);
  });

  it("gives a test key its account's bundle without the live key mode's streams, and it verifies", async () => {
    const [own, admin] = await Promise.all([
      get('/account/audit-export', ACME),
      get('/admin/audit/exports?account=acct_acme', ADMIN),
    ]);

    const streamsOf = (bundle: string) =>
      bundle
        .split('\n')
        .filter((line) => line.startsWith('{"record":"stream"'))
        .map((line) => (JSON.parse(line) as { stream: string }).stream);
    expect(own.status).toBe(200);
    expect(streamsOf(text(admin))).toEqual(
      expect.arrayContaining(['order-1', 'order-3', 'api-keys-acct_acme']),
    );
    expect(streamsOf(text(own))).toEqual(streamsOf(text(admin)).filter((stream) => stream !== 'order-3'));
    expect(verify(text(own)).status).toBe(0);
  });

  it('answers a bad window or account with 422 in the envelope, and refuses an API key on the admin route', async () => {
    const badTime = await http().get('/account/audit-export?from=yesterday').set(ACME);
    const noAccount = await http().get('/admin/audit/exports').set(ADMIN);
    const backwards = await http()
      .get('/admin/audit/exports?account=acct_acme&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z')
      .set(ADMIN);
    const apiKey = await http().get('/admin/audit/exports?account=acct_acme').set(ACME);

    expect([badTime.status, badTime.body]).toEqual([
      422,
      {
        success: false,
        message: 'The given data was invalid.',
        data: { from: ['The from must be a time (ISO 8601).'] },
      },
    ]);
    expect(noAccount.status).toBe(422);
    expect(noAccount.body.data).toEqual({ account: ['The account must be an account id (acct_...).'] });
    expect([backwards.status, backwards.body.data]).toEqual([
      422,
      { from: ['The from must not be after the to.'] },
    ]);
    expect(apiKey.status).toBe(401);
  });
});
