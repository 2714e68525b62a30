import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import type { Position } from '../event-store';
import type { SqlClient } from '../sql-client';
import { createPgSqlClient } from './pg-sql-client';
import { createPgliteSqlClient } from './pglite-sql-client';
import { SqlCheckpointStore } from './sql-checkpoint-store';

const backends = sqlBackends<SqlClient>('checkpoints', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 2 }),
});

const at = (commit: bigint | number, prepare: bigint | number): Position => ({
  commit: BigInt(commit),
  prepare: BigInt(prepare),
});

describe.each(backends)('SqlCheckpointStore on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let checkpoints: SqlCheckpointStore;
  let names = 0;
  const newName = () => `subscription-${++names}`;

  beforeAll(async () => {
    db = await backend.open();
    checkpoints = new SqlCheckpointStore(db.client(), { schema: 'projections' });
    await checkpoints.init();
    await checkpoints.init();
  }, 60_000);
  afterAll(() => db?.close());

  /** Instances of an app sharing the store: on the server each with a pool of its own. */
  const instances = async (count: number) => {
    const started = Array.from({ length: count }, () =>
      backend.concurrent ? new SqlCheckpointStore(db.client(), { schema: 'projections' }) : checkpoints,
    );
    for (const instance of started) await instance.init();
    return started;
  };

  it('keeps one position per subscription name, up to unsigned 64 bits', async () => {
    const [a, b] = [newName(), newName()];
    expect(await checkpoints.load(a)).toBeUndefined();

    await checkpoints.store(a, at(18_446_744_073_709_551_615n, 9_007_199_254_740_993n));
    await checkpoints.store(b, at(1, 2));

    expect(await checkpoints.load(a)).toEqual(at(18_446_744_073_709_551_615n, 9_007_199_254_740_993n));
    expect(await checkpoints.load(b)).toEqual(at(1, 2));
  });

  it('moves a checkpoint forward only, commit first and then prepare', async () => {
    const name = newName();
    await checkpoints.store(name, at(5, 100));
    await checkpoints.store(name, at(6, 1));
    expect(await checkpoints.load(name)).toEqual(at(6, 1));

    for (const earlier of [at(6, 0), at(5, 900), at(6, 1)]) {
      await checkpoints.store(name, earlier);
      expect(await checkpoints.load(name)).toEqual(at(6, 1));
    }

    await checkpoints.store(name, at(6, 2));
    expect(await checkpoints.load(name)).toEqual(at(6, 2));
  });

  it('keeps the checkpoint of the instance that got furthest when a slower one stores after it', async () => {
    const name = newName();
    const [taker, slower] = await instances(2);
    await slower.store(name, at(10, 10));
    await taker.store(name, at(40, 40));

    await slower.store(name, at(20, 20));

    expect(await taker.load(name)).toEqual(at(40, 40));
    expect(await slower.load(name)).toEqual(at(40, 40));
  });

  it('ends at the furthest position when instances store theirs at once', async () => {
    const name = newName();
    const writers = await instances(6);
    // Each writer moves forward through positions of its own; together they reach 6 x 20.
    await Promise.all(
      writers.map(async (writer, w) => {
        for (let step = 1; step <= 20; step++) await writer.store(name, at(step * 6 - w, w));
      }),
    );
    expect(await checkpoints.load(name)).toEqual(at(120, 0));
  });
});
