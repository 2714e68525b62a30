import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { RetentionJob } from '@shipping/platform/retention';
import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { UNSAFE_LABEL_KEYS } from '../testing/unsafe-label-keys';
import { DatabaseLabelFileStore } from './database-label-file-store';
import { labelFileRetention } from './label-file-retention';

const backends = sqlBackends<SqlClient>('label_files', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 4 }),
});
/** Every byte value, twice: a PDF is binary. */
const BINARY = Uint8Array.from({ length: 512 }, (_, index) => index % 256);
const bytesOf = (content: Uint8Array | undefined) => (content ? Buffer.from(content) : content);

describe.each(backends)('label files in the database on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;
  let files: DatabaseLabelFileStore;
  const rows = async () =>
    (await sql.query<{ key: string }>('select key from label_files order by key')).rows;

  /** A label app instance as far as files go: on the server, a pool of its own. */
  const instance = async () => {
    const store = new DatabaseLabelFileStore(db.client());
    await store.onModuleInit();
    return store;
  };

  beforeAll(async () => {
    db = await backend.open();
    files = await instance();
    sql = db.client();
  });
  beforeEach(() => sql.query('delete from label_files'));
  afterAll(() => db?.close());

  it('deletes the files written before their retention, and keeps the recent ones', async () => {
    const day = 86_400_000;
    await files.putMany(['items/old.pdf', 'items/recent.pdf'].map((key) => ({ key, content: BINARY })));
    await sql.query(
      `update label_files set created_at = now() - interval '31 days' where key = 'items/old.pdf'`,
    );

    const job = new RetentionJob(sql, { now: () => new Date() }, [labelFileRetention(30 * day)], {
      batchSize: 100,
      intervalMs: day,
    });
    expect(await job.pruneOnce()).toEqual({ label_files: 1 });
    expect(await rows()).toEqual([{ key: 'items/recent.pdf' }]);
    expect(await files.get('items/old.pdf')).toBeUndefined();
  });

  it('keeps a file under its key, byte for byte, and answers undefined for a key without one', async () => {
    await files.put('items/a1.pdf', BINARY);
    expect(bytesOf(await files.get('items/a1.pdf'))).toEqual(Buffer.from(BINARY));
    expect(await files.get('items/none.pdf')).toBeUndefined();
  });

  it('replaces a file stored again under the same key, keeping one row and its first time', async () => {
    await files.put('batches/B1/labels-1.pdf', Buffer.from('%PDF-1.7 first'));
    const [{ created_at }] = (await sql.query('select created_at from label_files')).rows;
    await files.put('batches/B1/labels-1.pdf', Buffer.from('%PDF-1.7 again'));
    expect(bytesOf(await files.get('batches/B1/labels-1.pdf'))).toEqual(Buffer.from('%PDF-1.7 again'));
    expect(await sql.query('select key, created_at from label_files')).toMatchObject({
      rows: [{ key: 'batches/B1/labels-1.pdf', created_at }],
    });
  });

  it('reads several files at once, leaving out the missing ones', async () => {
    await files.put('items/m1.pdf', Buffer.from('one'));
    await files.put('items/m2.pdf', Buffer.from('two'));
    const found = await files.getMany(['items/m2.pdf', 'items/none.pdf', 'items/m1.pdf']);
    expect(new Map([...found].map(([key, content]) => [key, bytesOf(content)]))).toEqual(
      new Map([
        ['items/m2.pdf', Buffer.from('two')],
        ['items/m1.pdf', Buffer.from('one')],
      ]),
    );
    expect(await files.getMany([])).toEqual(new Map());
  });

  it('stores several files in one write, byte for byte, replacing what was under their keys', async () => {
    await files.put('items/p2.pdf', Buffer.from('old'));
    await files.putMany([
      { key: 'items/p2.pdf', content: BINARY },
      { key: 'items/p1.pdf', content: Buffer.from('%PDF-1.7 one') },
    ]);
    await files.putMany([]);
    expect(bytesOf(await files.get('items/p1.pdf'))).toEqual(Buffer.from('%PDF-1.7 one'));
    expect(bytesOf(await files.get('items/p2.pdf'))).toEqual(Buffer.from(BINARY));
    expect(await rows()).toEqual([{ key: 'items/p1.pdf' }, { key: 'items/p2.pdf' }]);
  });

  it('stores more files than one statement writes, every one byte for byte', async () => {
    const many = Array.from({ length: 2_001 }, (_, index) => ({
      key: `items/n${index}.pdf`,
      content: Buffer.concat([BINARY, Buffer.from(String(index))]),
    }));
    await files.putMany(many);
    expect(await rows()).toHaveLength(2_001);
    const back = await files.getMany([many[0].key, many[1_000].key, many[2_000].key]);
    expect(bytesOf(back.get(many[1_000].key))).toEqual(many[1_000].content);
    expect(bytesOf(back.get(many[2_000].key))).toEqual(many[2_000].content);
  });

  it.each(UNSAFE_LABEL_KEYS)('refuses the key %p with bad_request, storing nothing', async (key) => {
    await expect(files.get(key)).rejects.toMatchObject({ code: 'bad_request' });
    await expect(files.put(key as string, Buffer.from('%PDF'))).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(files.getMany(['items/ok.pdf', key as string])).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(
      files.putMany([
        { key: 'items/ok.pdf', content: Buffer.from('%PDF') },
        { key: key as string, content: Buffer.from('%PDF') },
      ]),
    ).rejects.toMatchObject({ code: 'bad_request' });
    expect(await rows()).toEqual([]);
  });

  (backend.concurrent ? it : it.skip)(
    'takes overlapping files stored by several instances at once',
    async () => {
      const instances = await Promise.all([instance(), instance(), instance()]);
      const keys = Array.from({ length: 20 }, (_, index) => `items/o${index}.pdf`);
      await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          instances[index % 3].putMany(
            (index % 2 === 0 ? keys : [...keys].reverse()).map((key) => ({ key, content: Buffer.from(key) })),
          ),
        ),
      );
      expect(await rows()).toHaveLength(20);
      expect(bytesOf(await files.get('items/o7.pdf'))).toEqual(Buffer.from('items/o7.pdf'));
    },
  );

  (backend.concurrent ? it : it.skip)('takes the same file stored by several instances at once', async () => {
    const instances = await Promise.all([instance(), instance(), instance()]);
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        instances[index % 3].put('batches/B2/labels-1.pdf', Buffer.from('%PDF-1.7 same')),
      ),
    );
    expect(await rows()).toEqual([{ key: 'batches/B2/labels-1.pdf' }]);
    expect(bytesOf(await instances[1].get('batches/B2/labels-1.pdf'))).toEqual(Buffer.from('%PDF-1.7 same'));
  });
});
