import { AppError } from '@shipping/contracts';
import { deleteRedisKeys, mockLabelPdf, uniqueRedisPrefix, UspsMockServer } from '@shipping/testing';
import { SteppingClock } from '../../testing/stepping-clock';
import { UspsAnswerError } from '../usps/usps-faults';
import {
  guardedUspsInstance,
  type GuardedUspsInstance,
  guardSettings,
  INTEGRATION,
  MOCK_CLIENT,
  purchaseOf,
} from './guarded-usps.fixture';

const LABELS = '/labels/v3/label';

const range = (count: number, from = 0) => Array.from({ length: count }, (_, index) => from + index);

describe('carrier calls through the guard, against the USPS mock and the shared Redis', () => {
  let mock: UspsMockServer;
  let prefix: string;
  const instances: GuardedUspsInstance[] = [];
  const instance = (options: Omit<Parameters<typeof guardedUspsInstance>[0], 'baseUrl' | 'prefix'>) => {
    const started = guardedUspsInstance({ ...options, baseUrl: mock.url, prefix });
    instances.push(started);
    return started;
  };

  afterEach(async () => {
    for (const started of instances.splice(0)) started.close();
    await mock.stop();
    await deleteRedisKeys(prefix);
  });

  describe('on the real clock', () => {
    beforeEach(async () => {
      prefix = uniqueRedisPrefix('guarded-carrier');
      // One label drawn once: drawing 200 in this process would stall the mock's clock readings.
      const labelPdf = await mockLabelPdf({
        trackingNumber: '9205590109769900012613',
        mailClass: 'PRIORITY_MAIL',
        toName: 'Jane Receiver',
        toZIPCode: '94043',
      });
      mock = await UspsMockServer.start({ clients: [MOCK_CLIENT], labelPdf });
    });

    it('keeps 200 concurrent purchases from two instances within the carrier rate, every one labelled', async () => {
      const perSecond = 40;
      mock.delay(20);
      const settings = guardSettings({
        limits: { ratePerSecond: perSecond, concurrency: 8, slotLeaseMs: 15_000 },
      });
      const [first, second] = [instance({ settings }), instance({ settings })];
      mock.rateLimit(perSecond);

      const labels = await Promise.all(
        range(200).map((index) => (index % 2 === 0 ? first : second).carrier.purchase(purchaseOf(index))),
      );

      expect(labels.filter((label) => label.ok)).toHaveLength(200);
      const labelRequests = mock.requestsTo('POST', LABELS);
      const refused = mock.requests.filter((request) => request.status === 429);
      // The mock answers 429 past 40 requests in a second of its clock. On a quiet machine it refuses
      // only the two instances' token and payment requests at the start, which the guard does not
      // count; a loaded one can bunch a few label requests into one of the mock's seconds. Either
      // way there is no storm (without the guard, 124 of the 200 purchases fail on a 429), and every
      // refusal was retried: 200 labels were answered 200.
      expect(labelRequests.filter((request) => request.status === 200)).toHaveLength(200);
      expect(refused.length).toBeLessThan(20);
      expect(first.guard.stats.rateLimited + second.guard.stats.rateLimited).toBe(
        refused.filter((request) => request.path === LABELS).length,
      );
    });

    it('retries a burst of 5xx answers of a carrier honouring idempotency keys, then every purchase is labelled', async () => {
      const settings = guardSettings({ backoff: { baseMs: 20, maxMs: 200 } });
      const { carrier, guard } = instance({ settings, asIfKeyed: true });
      await carrier.purchase(purchaseOf(0));
      mock.failNext(503, 6);

      const labels = await Promise.all(range(10, 1).map((index) => carrier.purchase(purchaseOf(index))));

      expect(labels.every((label) => label.ok)).toBe(true);
      expect(mock.requests.filter((request) => request.status === 503)).toHaveLength(6);
      expect(guard.stats).toMatchObject({ faults: 6, retries: 6, circuitOpened: 0 });
      expect(mock.requestsTo('POST', LABELS).filter((request) => request.status === 200)).toHaveLength(11);
    });

    it('does not retry a USPS purchase answered 5xx: USPS may have sold it', async () => {
      const { carrier, guard } = instance({ settings: guardSettings() });
      await carrier.purchase(purchaseOf(0));
      mock.failNext(503, 1);

      await expect(carrier.purchase(purchaseOf(1))).rejects.toMatchObject({
        status: 503,
        unprocessed: false,
      });
      expect(mock.requestsTo('POST', LABELS).map((request) => request.status)).toEqual([200, 503]);
      expect(guard.stats).toMatchObject({ faults: 1, retries: 0 });
    });

    it('fetches an access token that expires mid-run once again, and goes on', async () => {
      const { carrier, guard } = instance({ settings: guardSettings() });
      const firstHalf = await Promise.all(range(10).map((index) => carrier.purchase(purchaseOf(index))));
      mock.expireTokens();
      const secondHalf = await Promise.all(range(10, 10).map((index) => carrier.purchase(purchaseOf(index))));

      expect([...firstHalf, ...secondHalf].every((label) => label.ok)).toBe(true);
      expect(mock.requestsTo('POST', '/oauth2/v3/token')).toHaveLength(2);
      expect(guard.stats).toMatchObject({ retries: 0, faults: 0 });
    });
  });

  describe('on a stepping clock shared by the mock and the guard', () => {
    let clock: SteppingClock;

    beforeEach(async () => {
      prefix = uniqueRedisPrefix('guarded-carrier');
      clock = new SteppingClock();
      mock = await UspsMockServer.start({ clients: [MOCK_CLIENT], clock: clock.now });
    });

    it("waits out a 429's Retry-After before any instance calls the carrier again", async () => {
      const settings = guardSettings({
        limits: { ratePerSecond: 100, concurrency: 1, slotLeaseMs: 600_000 },
      });
      const [first, second] = [instance({ settings, clock }), instance({ settings, clock })];
      await Promise.all([first.carrier.purchase(purchaseOf(0)), second.carrier.purchase(purchaseOf(1))]);
      mock.rateLimit(2);

      const labels = await Promise.all(
        range(6, 2).map((index) => (index % 2 === 0 ? first : second).carrier.purchase(purchaseOf(index))),
      );

      expect(labels.every((label) => label.ok)).toBe(true);
      const refused = mock.requests.filter((request) => request.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      // Concurrency 1: nothing was on its way when the 429 came, so whatever follows was sent after it.
      for (const rateLimited of refused) {
        const after = mock.requests.slice(mock.requests.indexOf(rateLimited) + 1);
        expect(after.filter((request) => request.at < rateLimited.at + 1_000)).toEqual([]);
      }
      expect(first.guard.stats.rateLimited + second.guard.stats.rateLimited).toBe(refused.length);
    });
    it('opens the circuit on sustained failure: no call while open, calls again after the cool-down, nothing failed', async () => {
      const coolDownMs = 30_000;
      const settings = guardSettings({
        limits: { ratePerSecond: 100, concurrency: 1, slotLeaseMs: 600_000 },
        circuit: { failuresToOpen: 3, coolDownMs },
      });
      const { carrier, guard, circuit } = instance({ settings, clock, asIfKeyed: true });
      await carrier.purchase(purchaseOf(0));
      mock.failNext(503, 5);

      const labels = await Promise.all(range(3, 1).map((index) => carrier.purchase(purchaseOf(index))));

      expect(labels.every((label) => label.ok)).toBe(true);
      // Three faults open it; the probes after each cool-down meet the 4th and 5th and open it again.
      expect(circuit.map(({ state }) => state)).toEqual([
        'open',
        'half-open',
        'open',
        'half-open',
        'open',
        'half-open',
        'closed',
      ]);
      // The stepping clock stands still while a request is out: the fault that opened the circuit
      // arrived at the instant it opened; nothing may arrive after it until the cool-down is over.
      for (const opened of circuit.filter(({ state }) => state === 'open')) {
        const whileOpen = mock.requests.filter(
          (request) => request.at > opened.at && request.at < opened.at + coolDownMs,
        );
        expect(whileOpen).toEqual([]);
      }
      expect(guard.stats).toMatchObject({ faults: 5, circuitOpened: 3, unavailable: 0 });
    });

    it('answers unavailable, never a failure, when the circuit stays open past the longest wait', async () => {
      const settings = guardSettings({
        limits: { ratePerSecond: 100, concurrency: 1, slotLeaseMs: 600_000 },
        circuit: { failuresToOpen: 3, coolDownMs: 30_000 },
        maxCircuitWaitMs: 100_000,
      });
      const { carrier, guard } = instance({ settings, clock, asIfKeyed: true });
      await carrier.purchase(purchaseOf(0));
      mock.failNext(503, 1_000);
      const startedAt = clock.now();

      const outcome = await carrier.purchase(purchaseOf(1)).catch((error: unknown) => error);

      expect(outcome).toBeInstanceOf(AppError);
      expect((outcome as AppError).code).toBe('unavailable');
      expect(clock.now() - startedAt).toBeGreaterThanOrEqual(100_000);
      // Three faults, then one probe after each of the three cool-downs within the wait.
      expect(mock.requests.filter((request) => request.status === 503)).toHaveLength(6);
      expect(guard.stats.unavailable).toBe(1);
    });

    it("answers a 4xx refusal at once in the carrier's words, without a secret", async () => {
      const { carrier, guard } = instance({ settings: guardSettings(), clock });
      mock.refuseAddress('00000', `Invalid ZIP Code for account ${INTEGRATION.account.number}`);
      const startedAt = clock.now();

      const label = await carrier.purchase(purchaseOf(1, '00000'));

      expect(label).toEqual({
        ok: false,
        reason: 'USPS: Invalid ZIP Code for account [redacted] (toAddress)',
      });
      expect(mock.requestsTo('POST', LABELS)).toHaveLength(1);
      expect(guard.stats).toMatchObject({ calls: 1, retries: 0 });
      expect(clock.now()).toBe(startedAt);
    });

    it('throws a malformed answer as an error, not a label, and does not buy again', async () => {
      const { carrier, guard } = instance({ settings: guardSettings(), clock });
      mock.malformLabels('truncated');

      await expect(carrier.purchase(purchaseOf(1))).rejects.toBeInstanceOf(UspsAnswerError);

      expect(mock.requestsTo('POST', LABELS)).toHaveLength(1);
      expect(guard.stats).toMatchObject({ calls: 1, retries: 0, faults: 0 });
      expect(guard.circuit.state).toBe('closed');
    });
  });
});
