import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LoggedEvent, startTestEventStoreDbServer } from '@shipping/testing';
import {
  type AuditCheckpoint,
  checkpointText,
  nextCheckpointBody,
  signCheckpoint,
} from '../audit/audit-checkpoint';
import { chainedHashOf } from '../audit/audit-checkpointer';
import { auditBundle } from '../audit/audit-export';
import { auditSigningKey, signText } from '../audit/signing-keys';
import { verifyStore } from '../audit/verify-store';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const ROOT = join(__dirname, '..', '..', '..', '..');
const key = auditSigningKey('a1', randomBytes(32));
const published = [{ id: key.id, publicKey: key.publicKey }];
const acme = { accountId: 'acct_acme' };

/** What the test server keeps, reached as someone with access to its storage would reach it. */
interface ServerStorage {
  log: LoggedEvent[];
  streams: Map<string, { events: LoggedEvent[] }>;
}

/** A server of its own per test: each one tampers with the server's storage. */
describe('tampering with events on the EventStoreDB test server, seen by verify and by the standalone verifier', () => {
  let server: Awaited<ReturnType<typeof startTestEventStoreDbServer>>;
  let store: EventStoreDbEventStore;
  let checkpoints: AuditCheckpoint[];
  const folder = mkdtempSync(join(tmpdir(), 'esdb-audit-'));

  beforeEach(async () => {
    server = await startTestEventStoreDbServer();
    store = new EventStoreDbEventStore(server.connectionString);
    const things = (from: number, count: number, metadata = acme) =>
      Array.from({ length: count }, (_, n) => ({ type: 'ThingHappened', data: { n: from + n }, metadata }));
    await store.appendToStream('order-1', things(0, 3));
    await store.appendToStream('order-2', things(0, 2, { accountId: 'acct_other' }));
    await store.appendToStream('order-1', things(3, 2));
    const all = await store.readAll();
    checkpoints = [];
    for (let from = 0; from < all.length; from += 4)
      checkpoints.push(
        signCheckpoint(nextCheckpointBody(checkpoints.at(-1), all.slice(from, from + 4), chainedHashOf), key),
      );
  }, 30_000);

  afterEach(async () => {
    await store?.close();
    await server?.stop();
  });

  const storage = () => server.log as unknown as ServerStorage;
  const stored = (stream: string, revision: number) =>
    storage().log.find(
      (event) => event.streamName === stream && event.revision === BigInt(revision),
    ) as LoggedEvent;
  const remove = (event: LoggedEvent) => {
    const { log, streams } = storage();
    log.splice(log.indexOf(event), 1);
    const events = streams.get(event.streamName)?.events ?? [];
    events.splice(events.indexOf(event), 1);
  };

  /** The first break verify finds in a stream (or else its first), and what the standalone verifier prints. */
  const verifyBoth = async () => {
    const report = await verifyStore(store, checkpoints, published);
    const file = join(folder, `${randomBytes(4).toString('hex')}.jsonl`);
    let bundle = '';
    for await (const line of auditBundle(store, checkpoints, published, { account: 'acct_acme' }))
      bundle += line;
    await writeFile(file, bundle);
    const run = spawnSync(process.execPath, ['tools/audit-verify/verify.mjs', file], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    return {
      service: report.breaks.find((entry) => entry.stream !== undefined) ?? report.breaks[0],
      standalone: run.stdout.split('\n').filter((line) => line.startsWith('BROKEN')),
      summary: run.stdout.trim().split('\n').at(-1),
      code: run.status,
    };
  };

  it('verifies an untouched store clean, both ways', async () => {
    const { service, standalone, summary, code } = await verifyBoth();

    expect(service).toBeUndefined();
    expect(standalone).toEqual([]);
    expect(summary).toMatch(/^5 events in 1 streams: .* 2 checkpoints: .*: intact$/);
    expect(code).toBe(0);
  });

  it("reports one event's changed data at its stream and revision", async () => {
    stored('order-1', 1).data = Buffer.from('{"n":99}');

    const { service, standalone, code } = await verifyBoth();

    expect(service).toMatchObject({
      stream: 'order-1',
      revision: 1n,
      problem: expect.stringMatching(/^altered/),
    });
    expect(standalone[0]).toBe(
      'BROKEN stream order-1 revision 1: altered: the stored hash is not that of the event and the hash before it',
    );
    expect(code).toBe(1);
  });

  it('reports a deleted event at its stream and revision', async () => {
    remove(stored('order-1', 3));

    const { service, standalone, code } = await verifyBoth();

    expect(service).toMatchObject({
      stream: 'order-1',
      revision: 3n,
      problem: expect.stringMatching(/^missing/),
    });
    expect(standalone[0]).toBe('BROKEN stream order-1 revision 3: missing: revision 4 follows 2');
    expect(code).toBe(1);
  });

  it('reports two swapped events at the first of them', async () => {
    const [first, second] = [stored('order-1', 1), stored('order-1', 2)];
    [first.revision, second.revision] = [second.revision, first.revision];

    const { service, standalone, code } = await verifyBoth();

    expect(service).toMatchObject({ stream: 'order-1', revision: 1n });
    expect(standalone[0]).toMatch(/^BROKEN stream order-1 revision 1: /);
    expect(code).toBe(1);
  });

  it("reports a stream's truncated tail, which a checkpoint saw, at the first revision missing", async () => {
    remove(stored('order-1', 4));

    const { standalone, code } = await verifyBoth();
    const { breaks } = await verifyStore(store, checkpoints, published);

    expect(breaks).toContainEqual(
      expect.objectContaining({
        stream: 'order-1',
        revision: 4n,
        checkpoint: 2,
        problem: expect.stringMatching(/^missing/),
      }),
    );
    expect(standalone).toEqual([
      'BROKEN stream order-1 revision 4, checkpoint 2: missing: checkpoint 2 saw this stream at revision 4, the bundle has it up to 3',
    ]);
    expect(code).toBe(1);
  });

  it('reports a checkpoint signed again with another key', async () => {
    const other = auditSigningKey(key.id, randomBytes(32));
    checkpoints[0] = {
      ...checkpoints[0],
      signature: signText(checkpointText(checkpoints[0], key.id), other),
    };

    const { service, standalone, code } = await verifyBoth();

    expect(service).toMatchObject({
      checkpoint: 1,
      problem: expect.stringMatching(/signature does not verify/),
    });
    expect(standalone).toEqual([
      'BROKEN checkpoint 1: the signature does not verify with a published key "a1"',
    ]);
    expect(code).toBe(1);
  });
});
