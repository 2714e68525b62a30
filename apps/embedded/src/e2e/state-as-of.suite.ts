import { type operations, type ShippingClient, unwrap, waitForBatchStatus } from '@shipping/client';
import { SANDBOX_ADMIN_API_KEY } from '@shipping/platform/config';
import {
  apiClient,
  batchShipment,
  eventually,
  type RuntimeProcess,
  testClient,
  undeliverableBatchShipment,
} from '@shipping/testing';
import { merchantShipment, onboardMerchant, type OwnMerchant } from './own-merchant';

type Api = ShippingClient;
type BatchQuery = NonNullable<operations['getBatch']['parameters']['query']>;

/** One answer: its status, the stream revision it said it was built from, and its body. */
interface Answer {
  status: number;
  revision: string | null;
  body: unknown;
}

/** A read the spec repeats as of past moments: `path` names it in failures. */
interface Read {
  path: string;
  get: (client: Api, asOf?: string) => Promise<Answer>;
}

/** One read's answer as recorded live. */
interface Recorded extends Read, Answer {}

const answerOf = (result: { data?: unknown; error?: unknown; response: Response }): Answer => ({
  status: result.response.status,
  revision: result.response.headers.get('stream-revision'),
  body: result.data ?? result.error,
});

const accountRead: Read = {
  path: '/account',
  get: async (client, as_of) => answerOf(await client.GET('/account', { params: { query: { as_of } } })),
};

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
 * `as_of` each moment, by stream revision and (where nothing was being written) by time. The batch
 * and the ledgers are a merchant's of its own, so no other suite writes to them meanwhile.
 */
export const stateAsOfSuite = (runtimeOf: () => RuntimeProcess) =>
  describe('GET /batches/{id} and GET /account as of a past moment', () => {
    let runtime: RuntimeProcess;
    let merchant: OwnMerchant;
    let merchantApi: Api;
    let live: Api;
    let tiny: Api;
    let batchId: string;
    let beforeCreation: string;
    const moments: Moment[] = [];

    const batchRead = (query: BatchQuery = {}): Read => ({
      path: `/batches/{batch_id} ${JSON.stringify(query)}`,
      get: async (client, as_of) =>
        answerOf(
          await client.GET('/batches/{batch_id}', {
            params: { path: { batch_id: batchId }, query: { ...query, as_of } },
          }),
        ),
    });

    const record = async (read: Read): Promise<Recorded> => {
      const answer = await read.get(merchantApi);
      expect(answer.status).toBe(200);
      return { ...read, ...answer };
    };

    /** Page 1 and page 2 of two items, a status filter, and the account's balance. */
    const recordMoment = async (name: string, status: BatchQuery['status'], atRest: boolean) => {
      const batch = await Promise.all(
        [{ per_page: 2 }, { per_page: 2, page: 2 }, { per_page: 2, status }].map((query) =>
          record(batchRead(query)),
        ),
      );
      const account = await record(accountRead);
      moments.push({ name, atRest, time: new Date().toISOString(), batch, account });
    };

    /** Links as a live read makes them: without `as_of`, and label links without their signature (signed each second). */
    const comparable = (body: unknown) =>
      JSON.parse(JSON.stringify(body), (_key, value: unknown) => {
        if (typeof value !== 'string' || !/^https?:\/\//.test(value)) return value;
        const url = new URL(value);
        url.searchParams.delete('as_of');
        if (url.pathname.startsWith('/labels/')) url.search = '';
        return url.toString();
      }) as unknown;

    const balanceOf = (answer: Answer) => (answer.body as { data: { balance: string } }).data.balance;

    beforeAll(async () => {
      runtime = runtimeOf();
      merchant = await onboardMerchant(runtime.baseUrl, 'State As Of');
      merchantApi = merchant.client;
      tiny = testClient(runtime.baseUrl, 'sk_test_tiny');
      const issued = await testClient(runtime.baseUrl, SANDBOX_ADMIN_API_KEY).POST(
        '/admin/accounts/{account_id}/api-keys',
        {
          params: { path: { account_id: merchant.accountId } },
          body: { mode: 'live' },
        },
      );
      expect(issued.response.status).toBe(201);
      live = testClient(runtime.baseUrl, issued.data!.data.key);

      beforeCreation = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const created = await merchantApi.POST('/batches', {
        body: {
          shipper_id: merchant.shipperId,
          service: 'USPS-1',
          batch_shipments: [
            batchShipment(0),
            batchShipment(1),
            undeliverableBatchShipment(2),
            batchShipment(3),
            batchShipment(4),
          ].map((shipment) => merchantShipment(merchant, shipment)),
        },
      });
      expect(created.response.status).toBe(201);
      batchId = created.data!.data.id;
      await recordMoment('created', 'valid', false);
      await waitForBatchStatus(merchantApi, batchId, ['ready']);
      await recordMoment('validated', 'valid', true);
      const shipped = await merchantApi.POST('/batches/{batch_id}/ship', {
        params: { path: { batch_id: batchId } },
      });
      expect(shipped.response.status).toBe(200);
      await recordMoment('shipped', 'valid', false);
      await waitForBatchStatus(merchantApi, batchId, ['completed']);
      // The refund of the failed item is in the ledger before the batch completes; waited for all the same.
      await eventually(async () => {
        const entries = unwrap(await merchantApi.GET('/account/ledger'));
        return entries.data.some((entry) => entry.kind === 'refund') || undefined;
      });
      await recordMoment('completed', 'failed', true);
    }, 180_000);

    it('recorded a life that moved: later revisions, other statuses and balances', () => {
      const statuses = moments.map(
        (moment) => (moment.batch[0].body as { data: { status: string } }).data.status,
      );
      expect([statuses[1], statuses[3]]).toEqual(['ready', 'completed']);
      expect(['processing', 'completed']).toContain(statuses[2]);
      const revisions = moments.map((moment) => Number(moment.batch[0].revision));
      expect(revisions[2]).toBeGreaterThan(revisions[1]);
      // The sandbox may label all five items before the read after the ship: then nothing came after.
      if (statuses[2] === 'processing') expect(revisions[3]).toBeGreaterThan(revisions[2]);
      else expect(revisions[3]).toBe(revisions[2]);
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
          const then = await recorded.get(merchantApi, recorded.revision as string);
          expect([moment.name, recorded.path, then.status]).toEqual([moment.name, recorded.path, 200]);
          expect(then.revision).toBe(recorded.revision);
          expect(comparable(then.body)).toEqual(comparable(recorded.body));
        }
      }
    });

    it('answers as_of each moment at rest by its time, from the revision it had reached', async () => {
      const atRest = moments.filter((moment) => moment.atRest);
      expect(atRest.map((moment) => moment.name)).toEqual(['validated', 'completed']);
      for (const moment of atRest) {
        for (const recorded of [...moment.batch, moment.account]) {
          const then = await recorded.get(merchantApi, moment.time);
          expect(then.status).toBe(200);
          expect(then.revision).toBe(recorded.revision);
          expect(comparable(then.body)).toEqual(comparable(recorded.body));
        }
      }
    });

    it('keeps the moment in the page links, so paging goes on as of it', async () => {
      const { revision } = moments[1].batch[0];
      const then = unwrap(
        await merchantApi.GET('/batches/{batch_id}', {
          params: { path: { batch_id: batchId }, query: { per_page: 2, as_of: revision as string } },
        }),
      );
      const next = then.items.next_page_url as string;
      expect(new URL(next).searchParams.get('as_of')).toBe(revision);
      // The link followed as the server wrote it, which the typed client takes only as parameters.
      const second = await apiClient(runtime.baseUrl, merchant.apiKey).get(next.replace(runtime.baseUrl, ''));
      expect(comparable(second.body)).toEqual(comparable(moments[1].batch[1].body));
    });

    it('does not find the batch before it was created, nor for another account or the other mode', async () => {
      const notFound = { success: false, message: 'Batch not found.' };
      const before = await batchRead().get(merchantApi, beforeCreation);
      expect([before.status, before.body]).toEqual([404, notFound]);
      for (const client of [tiny, live]) {
        for (const moment of ['0', '999999', moments[3].time]) {
          const other = await batchRead().get(client, moment);
          expect([other.status, other.body]).toEqual([404, notFound]);
        }
      }
    });

    it('answers the balance as of a moment from the ledger of the key mode', async () => {
      const test = await accountRead.get(merchantApi, moments[3].time);
      const liveNow = await accountRead.get(live);
      const liveThen = await accountRead.get(live, moments[3].time);
      expect(balanceOf(test)).toBe(balanceOf(moments[3].account));
      expect([balanceOf(liveNow), liveNow.revision]).toEqual(['0.00', null]);
      expect([liveThen.status, balanceOf(liveThen), liveThen.revision]).toEqual([200, '0.00', null]);
    });

    it.each([
      ['not a moment', 'yesterday'],
      ['a negative revision', '-1'],
      ['a date that does not exist', '2026-02-30T10:00:00Z'],
      ['a time without its offset', '2026-11-28T10:00:00'],
      ['a date alone', '2026-11-28'],
      ['empty', ''],
    ])('refuses as_of %s with 422 naming the field', async (_name, value) => {
      for (const read of [batchRead(), accountRead]) {
        const answer = await read.get(merchantApi, value);
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
      for (const read of [batchRead(), accountRead]) {
        const answer = await read.get(merchantApi, future);
        expect([answer.status, (answer.body as { data: unknown }).data]).toEqual([
          422,
          { as_of: ['The as_of must not be a time in the future.'] },
        ]);
      }
      const last = moments[3].batch[0].revision as string;
      const past = await batchRead().get(merchantApi, String(BigInt(last) + 1n));
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
      const liveLedger = await accountRead.get(live, '0');
      expect([liveLedger.status, (liveLedger.body as { data: unknown }).data]).toEqual([
        422,
        { as_of: ['The as_of revision is past the end of the stream, which holds no event yet.'] },
      ]);
    });
  });
