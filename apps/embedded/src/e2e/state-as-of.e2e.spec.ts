import {
  apiClient,
  batchShipment,
  eventually,
  type RuntimeProcess,
  type TestDatabase,
  undeliverableBatchShipment,
} from '@shipping/testing';
import { startAdminRuntime } from './admin-runtime';
import { batchWithStatus } from './batch-support';

const ADMIN_KEY = 'admin-state-as-of-key-0123456789';
const ACCOUNT = 'acct_acme';

type Api = ReturnType<typeof apiClient>;

/** One answer as recorded live, and the stream revision it said it was built from. */
interface Recorded {
  path: string;
  revision: string | null;
  body: unknown;
}

/** The reads of one moment of the batch's life, and the time right after the last of them. */
interface Moment {
  name: string;
  /** Nothing was being written when it was recorded: the stream at `time` is what the reads saw. */
  atRest: boolean;
  time: string;
  batch: Recorded[];
  account: Recorded;
}

/**
 * The embedded runtime on PostgreSQL, through the gateway: a batch of five items (one the sandbox
 * carrier refuses, so it fails and is refunded) read live at moments of its life, then read again
 * `as_of` each moment, by stream revision and (where nothing was being written) by time.
 */
describe('GET /batches/{id} and GET /account as of a past moment', () => {
  let database: TestDatabase;
  let runtime: RuntimeProcess;
  let admin: Api;
  let acme: Api;
  let live: Api;
  let tiny: Api;
  let batchId: string;
  let beforeCreation: string;
  const moments: Moment[] = [];

  const read = async (client: Api, path: string): Promise<Recorded> => {
    const answer = await client.get(path);
    expect(answer.status).toBe(200);
    return { path, revision: answer.headers.get('stream-revision'), body: answer.body };
  };

  /** Page 1 and page 2 of two items, a status filter, and the account's balance. */
  const record = async (name: string, status: string, atRest: boolean) => {
    const batch = await Promise.all(
      [`per_page=2`, `per_page=2&page=2`, `per_page=2&status=${status}`].map((query) =>
        read(acme, `/batches/${batchId}?${query}`),
      ),
    );
    const account = await read(acme, '/account');
    moments.push({ name, atRest, time: new Date().toISOString(), batch, account });
  };

  const asOf = (path: string, moment: string) =>
    `${path}${path.includes('?') ? '&' : '?'}as_of=${encodeURIComponent(moment)}`;

  /** Links as a live read makes them: without `as_of`, and label links without their signature (signed each second). */
  const comparable = (body: unknown) =>
    JSON.parse(JSON.stringify(body), (_key, value: unknown) => {
      if (typeof value !== 'string' || !/^https?:\/\//.test(value)) return value;
      const url = new URL(value);
      url.searchParams.delete('as_of');
      if (url.pathname.startsWith('/labels/')) url.search = '';
      return url.toString();
    }) as unknown;

  const balanceOf = (recorded: Recorded) => (recorded.body as { data: { balance: string } }).data.balance;

  beforeAll(async () => {
    ({ database, runtime, admin } = await startAdminRuntime('state_as_of', ADMIN_KEY));
    acme = apiClient(runtime.baseUrl, 'sk_test_acme');
    tiny = apiClient(runtime.baseUrl, 'sk_test_tiny');
    const issued = await admin.post(`/admin/accounts/${ACCOUNT}/api-keys`, { mode: 'live' });
    expect(issued.status).toBe(201);
    live = apiClient(runtime.baseUrl, issued.body.data.key);

    beforeCreation = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const created = await acme.post('/batches', {
      shipper_id: 1,
      service: 'USPS-1',
      batch_shipments: [
        batchShipment(0),
        batchShipment(1),
        undeliverableBatchShipment(2),
        batchShipment(3),
        batchShipment(4),
      ],
    });
    expect(created.status).toBe(201);
    batchId = created.body.data.id;
    await record('created', 'valid', false);
    await batchWithStatus(acme, batchId, ['ready']);
    await record('validated', 'valid', true);
    const shipped = await acme.post(`/batches/${batchId}/ship`);
    expect(shipped.status).toBe(200);
    await record('shipped', 'valid', false);
    await batchWithStatus(acme, batchId, ['completed']);
    // The refund of the failed item is in the ledger before the batch completes; waited for all the same.
    await eventually(async () => {
      const entries = await acme.get('/account/ledger');
      return entries.body.data.data.some((entry: { kind: string }) => entry.kind === 'refund') || undefined;
    });
    await record('completed', 'failed', true);
  }, 180_000);

  afterAll(async () => {
    await runtime?.stop();
    await database?.drop();
  });

  it('recorded a life that moved: later revisions, other statuses and balances', () => {
    const statuses = moments.map(
      (moment) => (moment.batch[0].body as { data: { status: string } }).data.status,
    );
    expect([statuses[1], statuses[3]]).toEqual(['ready', 'completed']);
    expect(['processing', 'completed']).toContain(statuses[2]);
    const revisions = moments.map((moment) => Number(moment.batch[0].revision));
    expect(revisions[3]).toBeGreaterThan(revisions[2]);
    expect(revisions[2]).toBeGreaterThan(revisions[1]);
    const [, validated, shipped, completed] = moments.map((moment) => Number(balanceOf(moment.account)));
    expect(shipped).toBeLessThan(validated);
    expect(completed).toBeLessThan(validated);
    const failed = moments[3].batch[2].body as { data: { items: { data: { status: string }[] } } };
    expect(failed.data.items.data.map((item) => item.status)).toEqual(['failed']);
  });

  it('answers as_of each recorded revision exactly as the batch and the balance were answered then', async () => {
    for (const moment of moments) {
      for (const recorded of [...moment.batch, moment.account]) {
        expect(recorded.revision).toMatch(/^\d+$/);
        const then = await acme.get(asOf(recorded.path, recorded.revision as string));
        expect([moment.name, recorded.path, then.status]).toEqual([moment.name, recorded.path, 200]);
        expect(then.headers.get('stream-revision')).toBe(recorded.revision);
        expect(comparable(then.body)).toEqual(comparable(recorded.body));
      }
    }
  });

  it('answers as_of each moment at rest by its time, from the revision it had reached', async () => {
    const atRest = moments.filter((moment) => moment.atRest);
    expect(atRest.map((moment) => moment.name)).toEqual(['validated', 'completed']);
    for (const moment of atRest) {
      for (const recorded of [...moment.batch, moment.account]) {
        const then = await acme.get(asOf(recorded.path, moment.time));
        expect(then.status).toBe(200);
        expect(then.headers.get('stream-revision')).toBe(recorded.revision);
        expect(comparable(then.body)).toEqual(comparable(recorded.body));
      }
    }
  });

  it('keeps the moment in the page links, so paging goes on as of it', async () => {
    const { revision } = moments[1].batch[0];
    const then = await acme.get(`/batches/${batchId}?per_page=2&as_of=${revision}`);
    const next = then.body.data.items.next_page_url as string;
    expect(new URL(next).searchParams.get('as_of')).toBe(revision);
    const second = await acme.get(next.replace(runtime.baseUrl, ''));
    expect(comparable(second.body)).toEqual(comparable(moments[1].batch[1].body));
  });

  it('does not find the batch before it was created, nor for another account or the other mode', async () => {
    const notFound = { success: false, message: 'Batch not found.' };
    const before = await acme.get(`/batches/${batchId}?as_of=${encodeURIComponent(beforeCreation)}`);
    expect([before.status, before.body]).toEqual([404, notFound]);
    for (const client of [tiny, live]) {
      for (const moment of ['0', '999999', moments[3].time]) {
        const other = await client.get(`/batches/${batchId}?as_of=${encodeURIComponent(moment)}`);
        expect([other.status, other.body]).toEqual([404, notFound]);
      }
    }
  });

  it('answers the balance as of a moment from the ledger of the key mode', async () => {
    const test = await acme.get(`/account?as_of=${encodeURIComponent(moments[3].time)}`);
    const liveNow = await live.get('/account');
    const liveThen = await live.get(`/account?as_of=${encodeURIComponent(moments[3].time)}`);
    expect(test.body.data.balance).toBe(balanceOf(moments[3].account));
    expect([liveNow.body.data.balance, liveNow.headers.get('stream-revision')]).toEqual(['0.00', null]);
    expect([liveThen.status, liveThen.body.data.balance, liveThen.headers.get('stream-revision')]).toEqual([
      200,
      '0.00',
      null,
    ]);
  });

  it.each([
    ['not a moment', 'yesterday'],
    ['a negative revision', '-1'],
    ['a date that does not exist', '2026-02-30T10:00:00Z'],
    ['a time without its offset', '2026-11-28T10:00:00'],
    ['a date alone', '2026-11-28'],
    ['empty', ''],
  ])('refuses as_of %s with 422 naming the field', async (_name, value) => {
    for (const path of [`/batches/${batchId}`, '/account']) {
      const answer = await acme.get(`${path}?as_of=${encodeURIComponent(value)}`);
      expect([answer.status, answer.body]).toEqual([
        422,
        {
          success: false,
          message: 'The given data was invalid.',
          data: {
            as_of: ['The as_of must be an RFC 3339 time or a stream revision (a non-negative integer).'],
          },
        },
      ]);
    }
  });

  it('refuses a time in the future and a revision past the end of the stream', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    for (const path of [`/batches/${batchId}`, '/account']) {
      const answer = await acme.get(`${path}?as_of=${encodeURIComponent(future)}`);
      expect([answer.status, answer.body.data]).toEqual([
        422,
        { as_of: ['The as_of must not be a time in the future.'] },
      ]);
    }
    const last = moments[3].batch[0].revision as string;
    const past = await acme.get(`/batches/${batchId}?as_of=${BigInt(last) + 1n}`);
    expect([past.status, past.body]).toEqual([
      422,
      {
        success: false,
        message: 'The given data was invalid.',
        data: {
          as_of: [`The as_of revision is past the end of the stream, whose last revision is ${last}.`],
        },
      },
    ]);
    const liveLedger = await live.get('/account?as_of=0');
    expect([liveLedger.status, liveLedger.body.data]).toEqual([
      422,
      { as_of: ['The as_of revision is past the end of the stream, which holds no event yet.'] },
    ]);
  });
});
