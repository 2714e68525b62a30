import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adapterOf, recordCheckpoints, SqlAuditCheckpoints } from '@shipping/event-store';
import { readAuditConfig } from '@shipping/platform/audit';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { openReplaySource, type ReplaySource } from './replay-store';

const ROOT = join(__dirname, '..', '..');

/** `npm run replay -- verify` as an operator runs it, against the spec's database. */
function replayVerify(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-r', './tools/ts-runtime/register.js', 'tools/replay/replay.ts', 'verify', ...args],
      { cwd: ROOT, env: { ...process.env, ...env } },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout }));
  });
}

describe('npm run replay -- verify, over a live PostgreSQL store', () => {
  let database: TestDatabase;
  let source: ReplaySource;
  const AUDIT_SIGNING_KEYS = `a1:${randomBytes(32).toString('base64')}`;

  beforeAll(async () => {
    database = await createTestDatabase('replay_verify');
    source = await openReplaySource({ DATABASE_URL: database.url });
    for (let n = 0; n < 3; n++)
      await source.store.appendToStream('order-7', [{ type: 'ThingHappened', data: { n } }]);
    const adapter = adapterOf(source.store);
    const deadline = Date.now() + 30_000;
    // $all is read up to the oldest transaction running on the server, which other suites may hold open.
    while ((await adapter.readAll()).length < 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const checkpoints = new SqlAuditCheckpoints(source.sql);
    await checkpoints.init();
    await recordCheckpoints(adapter, checkpoints, readAuditConfig({ AUDIT_SIGNING_KEYS }).keys[0], 10_000);
  }, 60_000);

  const checkpoints = () => new SqlAuditCheckpoints(source.sql).all();

  afterAll(async () => {
    await source?.close();
    await database?.drop();
  });

  it('finds an untouched store intact, and exits 0', async () => {
    const { code, stdout } = await replayVerify({ DATABASE_URL: database.url, AUDIT_SIGNING_KEYS });

    expect(stdout).toBe('3 events in 1 streams, 1 signed checkpoints: intact\n');
    expect(code).toBe(0);
  }, 60_000);

  it('checks the signatures with the keys GET /audit/keys answered, and prints JSON on --json', async () => {
    const keys = readAuditConfig({ AUDIT_SIGNING_KEYS }).keys.map((key) => ({
      key_id: key.id,
      algorithm: 'Ed25519',
      public_key: key.publicKey,
      signing: true,
    }));
    const file = join(mkdtempSync(join(tmpdir(), 'audit-keys-')), 'keys.json');
    writeFileSync(file, JSON.stringify({ success: true, data: { keys } }));

    const { code, stdout } = await replayVerify({ DATABASE_URL: database.url }, ['--keys', file, '--json']);

    expect(JSON.parse(stdout)).toEqual({ events: 3, streams: 1, checkpoints: 1, breaks: [] });
    expect(code).toBe(0);
  }, 60_000);

  it('reports an event whose hash was taken away as unchained, rather than chaining it again', async () => {
    await source.sql.query(
      `update event_store.events set event_hash = null where stream_name = 'order-7' and stream_revision = 2`,
    );

    const { code, stdout } = await replayVerify({ DATABASE_URL: database.url, AUDIT_SIGNING_KEYS });

    expect(stdout).toContain('BROKEN stream order-7 revision 2: unchained');
    expect(code).toBe(1);
    await source.sql.query(
      `update event_store.events set event_hash = $1 where stream_name = 'order-7' and stream_revision = 2`,
      [(await checkpoints()).at(-1)?.heads[0].hash],
    );
  }, 60_000);

  it('names a changed event by its stream and revision and a checkpoint signed by a key it was not given, and exits 1', async () => {
    await source.sql.query(
      `update event_store.events set data = '{"n": 42}' where stream_name = 'order-7' and stream_revision = 1`,
    );
    const otherKeys = `a1:${randomBytes(32).toString('base64')}`;

    const { code, stdout } = await replayVerify({
      DATABASE_URL: database.url,
      AUDIT_SIGNING_KEYS: otherKeys,
    });

    expect(stdout.split('\n')).toEqual([
      'BROKEN checkpoint 1: the signature does not verify with a published key "a1"',
      'BROKEN stream order-7 revision 1: altered: the stored hash is not that of the event and the hash before it',
      '3 events in 1 streams, 1 signed checkpoints: 2 breaks',
      '',
    ]);
    expect(code).toBe(1);
  }, 60_000);
});
