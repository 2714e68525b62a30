import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adapterOf,
  auditSigningKey,
  checkpointText,
  recordCheckpoints,
  signText,
  SqlAuditCheckpoints,
} from '@shipping/event-store';
import { readAuditConfig } from '@shipping/platform/audit';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { brokenLines, replay, standaloneVerify } from './audit-bundle.fixture';
import { exportAudit } from './export-audit';
import { openReplaySource, type ReplaySource } from './replay-store';
import { verifyAudit } from './verify-audit';

const AUDIT_SIGNING_KEYS = `a1:${randomBytes(32).toString('base64')}`;
const key = readAuditConfig({ AUDIT_SIGNING_KEYS }).keys[0];
const keys = [{ id: key.id, publicKey: key.publicKey }];
const acme = { accountId: 'acct_acme' };

describe('npm run replay -- export and the standalone verifier, over a PostgreSQL store', () => {
  let database: TestDatabase;
  let source: ReplaySource;
  let folder: string;

  beforeEach(async () => {
    database = await createTestDatabase('audit_export');
    source = await openReplaySource({ DATABASE_URL: database.url });
    folder = mkdtempSync(join(tmpdir(), 'audit-export-'));
    const append = (stream: string, count: number, metadata: Record<string, unknown>) =>
      source.store.appendToStream(
        stream,
        Array.from({ length: count }, (_, n) => ({ type: 'ThingHappened', data: { n }, metadata })),
      );
    await source.store.appendToStream('account-acct_acme', [
      { type: 'AccountOpened', data: { name: 'Acme' }, metadata: { ...acme, actor: 'adm_0123456789ab' } },
    ]);
    await append('order-1', 3, acme);
    await append('order-2', 2, { accountId: 'acct_other' });
    await append('order-1', 2, acme);
    await append('order-3', 1, acme);
    const adapter = adapterOf(source.store);
    const deadline = Date.now() + 30_000;
    // $all is read up to the oldest transaction running on the server, which other suites may hold open.
    while ((await adapter.readAll()).length < 9 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const checkpoints = new SqlAuditCheckpoints(source.sql);
    await checkpoints.init();
    await recordCheckpoints(adapter, checkpoints, key, 4);
  }, 60_000);

  afterEach(async () => {
    await source?.close();
    await database?.drop();
  });

  const revisionOf = (stream: string, revision: number) =>
    `stream_name = '${stream}' and stream_revision = ${revision}`;
  const exportAcme = async (query: { from?: Date; to?: Date } = {}) => {
    const out = join(folder, `acme-${randomBytes(4).toString('hex')}.jsonl`);
    await exportAudit(source, keys, { account: 'acct_acme', ...query }, out);
    return out;
  };
  /**
   * The first break `replay verify` finds in a stream (or else its first), and the first the
   * standalone verifier prints, over the store as it is: an account's bundle has no $all chain.
   */
  const firstBreaks = async () => {
    const report = await verifyAudit(source, keys);
    const bundle = await standaloneVerify(await exportAcme());
    return {
      service: report.breaks.find((entry) => entry.stream !== undefined) ?? report.breaks[0],
      standalone: brokenLines(bundle.stdout)[0],
      code: bundle.code,
    };
  };

  it('exports the account through the command line, and the standalone verifier finds it intact and shows who did what', async () => {
    const out = join(folder, 'acme.jsonl');
    const exported = await replay(['export', '--account', 'acct_acme', '--out', out], {
      DATABASE_URL: database.url,
      AUDIT_SIGNING_KEYS,
    });
    expect(exported.code).toBe(0);
    const records = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as Record<string, unknown>);

    expect(records.map((record) => record.record)).toEqual([
      'bundle',
      'key',
      'stream',
      'event',
      'stream',
      'event',
      'event',
      'event',
      'checkpoint',
      'event',
      'event',
      'checkpoint',
      'stream',
      'event',
      'checkpoint',
      'end',
    ]);
    expect(records.filter((record) => record.record === 'stream').map((record) => record.stream)).toEqual([
      'account-acct_acme',
      'order-1',
      'order-3',
    ]);
    expect(records[3]).toMatchObject({
      specversion: '1.0',
      type: 'com.shipping.account.AccountOpened.v1',
      subject: 'account-acct_acme',
      revision: '0',
      data: { name: 'Acme' },
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const verified = await standaloneVerify(out);
    expect(verified.stdout).toContain('adm_0123456789ab  AccountOpened  account-acct_acme#0');
    expect(verified.stdout).toMatch(
      /7 events in 3 streams: every hash and chain link; 3 checkpoints: .* 0 events after the last checkpoint, held by their chains only: intact\n$/,
    );
    expect(verified.code).toBe(0);
  }, 60_000);

  it('refuses an export without an account id, or with a time that is not one, and says why', async () => {
    const env = { DATABASE_URL: database.url };

    const noAccount = await replay(['export', '--out', join(folder, 'x.jsonl')], env);
    const badTime = await replay(
      ['export', '--account', 'acct_acme', '--from', 'yesterday', '--out', join(folder, 'x.jsonl')],
      env,
    );

    expect([noAccount.code, noAccount.stderr.split('\n')[0]]).toEqual([
      2,
      '--account must be an account id (acct_...)',
    ]);
    expect([badTime.code, badTime.stderr.split('\n')[0]]).toEqual([
      2,
      '--from must be a time (ISO 8601), not "yesterday"',
    ]);
  }, 60_000);

  it('exports a window with the hash each stream chains to at its start, which verifies', async () => {
    await source.sql.query(
      `update event_store.events set created_at = now() - interval '1 day' where ${revisionOf('order-1', 0)} or ${revisionOf('order-1', 1)} or stream_name = 'account-acct_acme'`,
    );
    const [, second] = await source.store.readStream('order-1');

    const out = await exportAcme({ from: new Date(Date.now() - 3_600_000) });

    const streams = readFileSync(out, 'utf8')
      .split('\n')
      .filter((text) => text.includes('"record":"stream"'))
      .map((text) => JSON.parse(text) as unknown);
    expect(streams).toEqual([
      { record: 'stream', stream: 'order-1', from_revision: '2', previous_hash: second.hash },
      { record: 'stream', stream: 'order-3', from_revision: '0', previous_hash: null },
    ]);
    expect((await standaloneVerify(out)).code).toBe(0);
  }, 60_000);

  it('ends a window at its time with the checkpoints before the first event after it, and it verifies', async () => {
    await source.sql.query(
      `update event_store.events set created_at = now() + interval '1 day' where stream_name = 'order-3'`,
    );

    const out = await exportAcme({ to: new Date(Date.now() + 3_600_000) });

    const records = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as { record: string; stream?: string; signed?: { sequence: number } });
    expect(records.filter((record) => record.record === 'stream').map((record) => record.stream)).toEqual([
      'account-acct_acme',
      'order-1',
    ]);
    expect(records.filter((record) => record.signed).map((record) => record.signed?.sequence)).toEqual([
      1, 2,
    ]);
    expect((await standaloneVerify(out)).code).toBe(0);
  }, 60_000);

  it("reports one event's changed data at its stream and revision, as replay verify does", async () => {
    await source.sql.query(
      `update event_store.events set data = '{"n": 99}' where ${revisionOf('order-1', 1)}`,
    );

    const { service, standalone, code } = await firstBreaks();

    expect(service).toMatchObject({
      stream: 'order-1',
      revision: 1n,
      problem: expect.stringMatching(/^altered/),
    });
    expect(standalone).toBe(
      'BROKEN stream order-1 revision 1: altered: the stored hash is not that of the event and the hash before it',
    );
    expect(code).toBe(1);
  }, 60_000);

  it('reports a deleted event at its stream and revision', async () => {
    await source.sql.query(`delete from event_store.events where ${revisionOf('order-1', 2)}`);

    const { service, standalone, code } = await firstBreaks();

    expect(service).toMatchObject({
      stream: 'order-1',
      revision: 2n,
      problem: expect.stringMatching(/^missing/),
    });
    expect(standalone).toBe(
      'BROKEN stream order-1 revision 2, checkpoint 1: missing: checkpoint 1 saw this stream at revision 2, the bundle has it up to 1',
    );
    expect(code).toBe(1);
  }, 60_000);

  it('reports two swapped events at the first of them', async () => {
    await source.sql.query(
      `update event_store.events set stream_revision = 1000 where ${revisionOf('order-1', 1)}`,
    );
    await source.sql.query(
      `update event_store.events set stream_revision = 1 where ${revisionOf('order-1', 2)}`,
    );
    await source.sql.query(
      `update event_store.events set stream_revision = 2 where ${revisionOf('order-1', 1000)}`,
    );

    const { service, standalone, code } = await firstBreaks();

    expect(service).toMatchObject({ stream: 'order-1', revision: 1n });
    expect(standalone).toMatch(/^BROKEN stream order-1 revision 1: /);
    expect(code).toBe(1);
  }, 60_000);

  it("reports a stream's truncated tail, which a checkpoint saw, at the first revision missing", async () => {
    await source.sql.query(
      `delete from event_store.events where stream_name = 'order-1' and stream_revision >= 3`,
    );

    const { standalone, code } = await firstBreaks();
    const service = (await verifyAudit(source, keys)).breaks;

    expect(service).toContainEqual(
      expect.objectContaining({
        stream: 'order-1',
        revision: 3n,
        checkpoint: 2,
        problem: expect.stringMatching(/^missing/),
      }),
    );
    expect(standalone).toBe(
      'BROKEN stream order-1 revision 3, checkpoint 2: missing: checkpoint 2 saw this stream at revision 4, the bundle has it up to 2',
    );
    expect(code).toBe(1);
  }, 60_000);

  it('reports a checkpoint signed again with another key', async () => {
    const other = auditSigningKey(key.id, randomBytes(32));
    const [checkpoint] = await new SqlAuditCheckpoints(source.sql).all();
    await source.sql.query(`update event_store.audit_checkpoints set signature = $1 where sequence = 1`, [
      signText(checkpointText(checkpoint, key.id), other),
    ]);

    const { service, standalone, code } = await firstBreaks();

    expect(service).toMatchObject({
      checkpoint: 1,
      problem: expect.stringMatching(/signature does not verify/),
    });
    expect(standalone).toBe('BROKEN checkpoint 1: the signature does not verify with a published key "a1"');
    expect(code).toBe(1);
  }, 60_000);

  it('catches a bundle changed after the export: an edited event, a removed one, a cut-off end', async () => {
    const lines = readFileSync(await exportAcme(), 'utf8').split('\n');
    const tampered = (name: string, edit: (copy: string[]) => string[]) => {
      const file = join(folder, name);
      writeFileSync(file, edit([...lines]).join('\n'));
      return standaloneVerify(file);
    };
    const eventLine = (stream: string, revision: number) =>
      lines.findIndex((text) => text.includes(`"stream":"${stream}","revision":"${revision}"`));

    const edited = await tampered('edited.jsonl', (copy) => {
      copy[eventLine('order-1', 0)] = copy[eventLine('order-1', 0)].replace(
        '"data":{"n":0}',
        '"data":{"n":7}',
      );
      return copy;
    });
    const removed = await tampered('removed.jsonl', (copy) =>
      copy.filter((_, n) => n !== eventLine('order-3', 0)),
    );
    const cut = await tampered('cut.jsonl', (copy) => copy.slice(0, eventLine('order-1', 4)));

    expect(brokenLines(edited.stdout)).toEqual([
      'BROKEN stream order-1 revision 0: altered: the stored hash is not that of the event and the hash before it',
    ]);
    expect(brokenLines(removed.stdout)).toEqual([
      'BROKEN stream order-3 revision 0, checkpoint 3: missing: checkpoint 3 saw this stream at revision 0, the bundle has it up to -1',
      'BROKEN bundle: the end line counts 7 events, 3 streams, 3 checkpoints; the bundle holds 6, 3, 3',
    ]);
    expect(brokenLines(cut.stdout)).toEqual(['BROKEN bundle: the bundle has no end line: it was cut short']);
    expect([edited.code, removed.code, cut.code]).toEqual([1, 1, 1]);
  }, 60_000);
});
