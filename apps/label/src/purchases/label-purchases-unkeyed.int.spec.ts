import type { LabelPurchaseItem } from '@shipping/contracts';
import { RetentionJob } from '@shipping/platform/retention';
import { UspsMockServer } from '@shipping/testing';
import { CarrierRegistry } from '../carrier/carrier-registry';
import { AccountGuard } from '../carrier/guard/account-guard';
import { guardSettings, INTEGRATION, MOCK_CLIENT, purchaseOf } from '../carrier/guard/guarded-usps.fixture';
import { GuardedCarrier } from '../carrier/guard/guarded-carrier';
import { InProcessCarrierLimits } from '../carrier/guard/in-process-carrier-limits';
import { UspsCarrier } from '../carrier/usps/usps-carrier';
import { UspsSessions } from '../carrier/usps/usps-sessions';
import { type LabelHarness, startLabelHarness } from '../testing/label-harness';
import { LabelPurchases } from './label-purchases';
import { outcomeUnknownRetention } from './outcome-unknown-retention';

const LIVE_USPS = { carrier: 'usps', integration: 'own' as const };
const LABELS = '/labels/v3/label';
/** The label app's clock, fixed: the day a lost sale's reason names. */
const SALE_DAY = '2026-03-14T23:30:00Z';

const item = (item_id: string, index: number): LabelPurchaseItem => ({
  item_id,
  shipment: purchaseOf(index, `0${String(2100 + index)}`).shipment,
});

/** USPS Labels 3.0 takes no idempotency key: what it may have sold is never asked for again. */
describe('buying from a carrier without idempotency keys', () => {
  let harness: LabelHarness;
  let mock: UspsMockServer;
  let purchases: LabelPurchases;

  const buy = (...items: LabelPurchaseItem[]) =>
    purchases.purchase({ service: 'USPS-1', items, shipper: LIVE_USPS, mode: 'live' });
  const labelRequestsTo = (zip: string) =>
    mock
      .requestsTo('POST', LABELS)
      .filter((request) => (request.body as { toAddress: { ZIPCode: string } }).toAddress.ZIPCode === zip);
  const intentOf = async (itemId: string) =>
    (await harness.sql.query('select * from label_purchase_intents where item_id = $1', [itemId])).rows[0];
  const rowsOf = async (itemId: string) =>
    (await harness.sql.query('select * from label_purchases where item_id = $1', [itemId])).rows;

  beforeAll(async () => {
    harness = await startLabelHarness();
    mock = await UspsMockServer.start({ clients: [MOCK_CLIENT] });
    const guard = new AccountGuard(
      'usps',
      INTEGRATION.id,
      guardSettings({ attempts: 4 }),
      new InProcessCarrierLimits(),
      { now: Date.now, sleep: async () => undefined },
    );
    const usps = new UspsCarrier(INTEGRATION, {
      baseUrl: mock.url,
      sessions: new UspsSessions(),
      timeoutMs: 1_000,
    });
    const registry = new CarrierRegistry(harness.carrier, [
      { ...LIVE_USPS, adapter: new GuardedCarrier(usps, guard) },
    ]);
    purchases = new LabelPurchases(registry, harness.store, harness.files, harness.intents, {
      now: () => new Date(SALE_DAY),
    });
  }, 60_000);
  afterAll(async () => {
    await mock?.stop();
    await harness?.close();
  });

  it('buys a label with one request per item when USPS answers', async () => {
    const [answer] = await buy(item('k1', 1));
    expect(answer).toEqual(expect.objectContaining({ item_id: 'k1', ok: true }));
    expect(labelRequestsTo('02101')).toHaveLength(1);
  });

  it.each([
    ['times out after the sale', 'hang' as const, 2],
    ['drops the connection after the sale', 'drop' as const, 3],
    ['answers 500 after the sale', 500, 4],
    ['answers 503 after the sale', 503, 5],
  ])(
    'asks once when USPS %s, and fails the item for good telling where to look',
    async (_case, lost, index) => {
      const itemId = `lost-${index}`;
      const zip = `0${String(2100 + index)}`;
      mock.loseAnswersAfterSale(lost);
      const [answer] = await buy(item(itemId, index));
      expect(answer).toEqual({ item_id: itemId, ok: false, reason: expect.any(String) });
      const { reason } = answer as { reason: string };
      expect(reason).toContain('USPS may have sold this label');
      expect(reason).toContain(`bought on ${SALE_DAY.slice(0, 10)} to ZIP Code ${zip}`);
      expect(reason).toContain(`item ${itemId}`);
      expect(reason).not.toContain(INTEGRATION.client_secret);

      // A redelivered request and the sweep answer the same failure without asking USPS.
      expect(await buy(item(itemId, index))).toEqual([answer]);
      await purchases.completeUnheld();
      expect(await buy(item(itemId, index))).toEqual([answer]);
      expect(labelRequestsTo(zip)).toHaveLength(1);
      expect(await rowsOf(itemId)).toEqual([]);
      expect(await intentOf(itemId)).toEqual(expect.objectContaining({ outcome_unknown: reason }));
    },
  );

  it('repeats a purchase USPS surely did not act on (429) and buys one label', async () => {
    mock.failNext(429);
    const [answer] = await buy(item('k6', 6));
    expect(answer).toEqual(expect.objectContaining({ item_id: 'k6', ok: true }));
    expect(labelRequestsTo('02106').map((request) => request.status)).toEqual([429, 200]);
  });

  it('labels the items of a batch USPS answered and fails the one whose answer was lost, each once', async () => {
    mock.loseAnswersAfterSale(502);
    const batch = [item('m7', 7), item('m8', 8), item('m9', 9)];
    const answers = await buy(...batch);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(2);
    expect(answers.filter((answer) => !answer.ok)).toHaveLength(1);
    expect(await buy(...batch)).toEqual(answers);
    await purchases.completeUnheld();
    for (const zip of ['02107', '02108', '02109']) expect(labelRequestsTo(zip)).toHaveLength(1);
    for (const answer of answers) expect(await rowsOf(answer.item_id)).toHaveLength(answer.ok ? 1 : 0);
  });

  it('does not ask again for an intent whose holder died while USPS was asked', async () => {
    const orphan = item('k10', 10);
    const claimed = await harness.intents.claim('USPS-1', [orphan], 'a-dead-process', {
      ...LIVE_USPS,
      mode: 'live',
    });
    const { lease } = claimed.get('k10')!;
    await harness.intents.asking(lease);
    await harness.intents.leases.releaseAll([lease]);

    await purchases.completeUnheld();
    const [answer] = await buy(orphan);
    expect(answer).toEqual({
      item_id: 'k10',
      ok: false,
      reason: expect.stringContaining('the label app stopped while the carrier was asked'),
    });
    expect(labelRequestsTo('02110')).toHaveLength(0);
  });

  it('forgets a purchase of unknown outcome after its retention, and keeps those still being bought', async () => {
    const day = 86_400_000;
    mock.loseAnswersAfterSale(500);
    await buy(item('old-unknown', 20));
    mock.loseAnswersAfterSale(500);
    await buy(item('new-unknown', 21));
    await harness.intents.claim('USPS-1', [item('old-buying', 22)], 'another-process', {
      ...LIVE_USPS,
      mode: 'live',
    });
    await harness.sql.query(
      `update label_purchase_intents set asked_at = now() - interval '31 days', created_at = now() - interval '31 days'
       where item_id in ('old-unknown', 'old-buying')`,
    );

    const job = new RetentionJob(
      harness.sql,
      { now: () => new Date() },
      [outcomeUnknownRetention(30 * day)],
      {
        batchSize: 100,
        intervalMs: day,
      },
    );

    expect(await job.pruneOnce()).toEqual({ label_purchase_intents: 1 });
    expect(await intentOf('old-unknown')).toBeUndefined();
    expect(await intentOf('new-unknown')).toEqual(
      expect.objectContaining({ outcome_unknown: expect.any(String) }),
    );
    expect(await intentOf('old-buying')).toEqual(expect.objectContaining({ outcome_unknown: null }));
  });
});
