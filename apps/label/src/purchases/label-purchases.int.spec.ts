import { AppError, type LabelPurchaseItem } from '@shipping/contracts';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CarrierRegistry } from '../carrier/carrier-registry';
import { LabelPurchases } from './label-purchases';
import { sandboxTrackingNumber } from '../carrier/sandbox-tracking-number';
import { labelShipment, withReceiver } from '../testing/label-shipment.fixture';
import { type LabelHarness, startLabelHarness } from '../testing/label-harness';
import { documentTexts } from '../testing/pdf-text';
import type { Lease } from '@shipping/platform/leases';
import { claimedByADeadHolder } from '../testing/dead-holder.fixture';

const item = (item_id: string, zip = '94043'): LabelPurchaseItem => ({
  item_id,
  shipment: withReceiver(`Receiver ${item_id}`, { zip }),
});

describe('buying labels once per item', () => {
  let harness: LabelHarness;
  const rowsOf = async (itemId: string) =>
    (await harness.sql.query('select * from label_purchases where item_id = $1', [itemId])).rows;
  const intentsOf = async (itemId: string) =>
    (await harness.sql.query('select * from label_purchase_intents where item_id = $1', [itemId])).rows;

  beforeAll(async () => {
    harness = await startLabelHarness();
  }, 60_000);
  afterAll(() => harness?.close());

  it('answers one result per item, in request order, refusing ZIP 00000', async () => {
    const results = await harness.purchases.purchase({
      service: 'USPS-1',
      items: [item('a1'), item('a2', '00000'), item('a3')],
    });
    expect(results).toEqual([
      { item_id: 'a1', ok: true, tracking_number: sandboxTrackingNumber('a1'), label_key: 'items/a1.pdf' },
      { item_id: 'a2', ok: false, reason: 'Sandbox carrier: ZIP 00000 is not served.' },
      { item_id: 'a3', ok: true, tracking_number: sandboxTrackingNumber('a3'), label_key: 'items/a3.pdf' },
    ]);
  });

  it('keeps the label under items/<item_id>.pdf and a row with its tracking number', async () => {
    const [texts] = await documentTexts(await readFile(join(harness.config.labelsRoot, 'items/a1.pdf')));
    expect(texts).toEqual(expect.arrayContaining([sandboxTrackingNumber('a1'), 'Receiver a1']));
    expect(await rowsOf('a1')).toEqual([
      {
        item_id: 'a1',
        tracking_number: sandboxTrackingNumber('a1'),
        label_key: 'items/a1.pdf',
        piece_tracking_numbers: null,
        created_at: expect.any(Date),
      },
    ]);
    expect(
      (await readdir(join(harness.config.labelsRoot, 'items'))).filter((name) => !name.endsWith('.pdf')),
    ).toEqual([]);
  });

  it('does not store a refusal, and refuses again the same way', async () => {
    expect(await rowsOf('a2')).toEqual([]);
    expect(await intentsOf('a2')).toEqual([]);
    const [again] = await harness.purchases.purchase({ service: 'USPS-1', items: [item('a2', '00000')] });
    expect(again).toEqual({ item_id: 'a2', ok: false, reason: 'Sandbox carrier: ZIP 00000 is not served.' });
  });

  it('answers a repeated purchase from its row without buying or drawing again', async () => {
    const request = { service: 'USPS-1', items: [item('b1')] };
    const [first] = await harness.purchases.purchase(request);
    const file = join(harness.config.labelsRoot, 'items/b1.pdf');
    const written = (await stat(file)).mtimeMs;
    const [second] = await harness.purchases.purchase({
      service: 'USPS-2',
      items: [{ item_id: 'b1', shipment: labelShipment() }],
    });
    expect(second).toEqual(first);
    expect(harness.carrier.countFor('b1')).toBe(1);
    expect((await stat(file)).mtimeMs).toBe(written);
    expect(await rowsOf('b1')).toHaveLength(1);
  });

  it('buys once for 20 concurrent requests for one item', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        harness.purchases.purchase({ service: 'USPS-1', items: [item('c1')] }),
      ),
    );
    expect(new Set(results.map(([result]) => JSON.stringify(result))).size).toBe(1);
    expect(results[0][0]).toMatchObject({ ok: true, tracking_number: sandboxTrackingNumber('c1') });
    expect(harness.carrier.countFor('c1')).toBe(1);
    expect(await rowsOf('c1')).toHaveLength(1);
  });

  it('buys once for an item listed twice in one request', async () => {
    const results = await harness.purchases.purchase({
      service: 'USPS-1',
      items: [item('d1'), item('d2'), item('d1')],
    });
    expect(results.map((result) => result.item_id)).toEqual(['d1', 'd2', 'd1']);
    expect(results[2]).toEqual(results[0]);
    expect(harness.carrier.countFor('d1')).toBe(1);
  });

  it('keeps one row when two processes buy the same item at once: the first row is every answer', async () => {
    const other = harness.secondProcess();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? harness.purchases : other).purchase({ service: 'USPS-1', items: [item('e1')] }),
      ),
    );
    expect(await rowsOf('e1')).toHaveLength(1);
    expect(new Set(results.map(([result]) => JSON.stringify(result))).size).toBe(1);
    expect(harness.carrier.countFor('e1')).toBe(1);
    expect(await harness.carrier.soldFor('e1')).toBe(1);
  });

  it('after a failure between the label files and their rows, a retry gets the same labels under the same keys and records them', async () => {
    const record = jest.spyOn(harness.store, 'record').mockRejectedValueOnce(new Error('process died'));
    await expect(
      harness.purchases.purchase({ service: 'USPS-1', items: [item('f1'), item('f2')] }),
    ).rejects.toThrow('process died');
    record.mockRestore();
    const file = join(harness.config.labelsRoot, 'items/f1.pdf');
    const orphan = await readFile(file);
    expect(await rowsOf('f1')).toEqual([]);

    const retried = await harness.purchases.purchase({ service: 'USPS-1', items: [item('f1'), item('f2')] });
    expect(retried.map((result) => result.ok)).toEqual([true, true]);
    expect(Buffer.compare(await readFile(file), orphan)).toBe(0);
    expect(await rowsOf('f1')).toHaveLength(1);
    expect(await intentsOf('f1')).toEqual([]);
    const [first, retry] = harness.carrier.requests.filter((request) => request.item_id === 'f1');
    expect(retry.idempotency_key).toBe(first.idempotency_key);
    expect(await harness.carrier.soldFor('f1')).toBe(1);
  });

  it('stores a request’s labels in one write before their rows; when that write fails nothing is recorded and a retry sells nothing new', async () => {
    const putMany = jest.spyOn(harness.files, 'putMany').mockRejectedValueOnce(new Error('disk full'));
    await expect(
      harness.purchases.purchase({ service: 'USPS-1', items: [item('w1'), item('w2', '00000'), item('w3')] }),
    ).rejects.toThrow('disk full');
    expect(putMany).toHaveBeenCalledTimes(1);
    expect(putMany.mock.calls[0][0].map((file) => file.key)).toEqual(['items/w1.pdf', 'items/w3.pdf']);
    putMany.mockRestore();
    expect(await rowsOf('w1')).toEqual([]);
    expect(await rowsOf('w3')).toEqual([]);

    const retried = await harness.purchases.purchase({
      service: 'USPS-1',
      items: [item('w1'), item('w2', '00000'), item('w3')],
    });
    expect(retried.map((result) => result.ok)).toEqual([true, false, true]);
    expect(await rowsOf('w1')).toHaveLength(1);
    expect(await intentsOf('w3')).toEqual([]);
    const [first, retry] = harness.carrier.requests.filter((request) => request.item_id === 'w1');
    expect(retry.idempotency_key).toBe(first.idempotency_key);
    expect(await harness.carrier.soldFor('w1')).toBe(1);
    expect(await harness.carrier.soldFor('w3')).toBe(1);
  });

  it('completes an intent whose holder died after the carrier sold its label, under its key, selling nothing new', async () => {
    const shipment = item('r1').shipment;
    const keys = await claimedByADeadHolder(harness.sql, 'USPS-1', [{ item_id: 'r1', shipment }]);
    const carrierKey = keys.get('r1')?.carrier_key as string;
    const sold = await harness.carrier.purchase({
      item_id: 'r1',
      idempotency_key: carrierKey,
      service: 'USPS-1',
      shipment,
    });
    expect(sold.ok).toBe(true);

    expect(await harness.purchases.completeUnheld()).toBe(1);

    expect(await rowsOf('r1')).toHaveLength(1);
    expect(await intentsOf('r1')).toEqual([]);
    expect(await harness.carrier.soldFor('r1')).toBe(1);
    expect(
      harness.carrier.requests
        .filter((request) => request.item_id === 'r1')
        .map((request) => request.idempotency_key),
    ).toEqual([carrierKey, carrierKey]);
    expect(await harness.purchases.completeUnheld()).toBe(0);
  });

  describe('an intent completed by the sweep', () => {
    const live = { carrier: 'usps', integration: 'own' as const };
    const withOwnUsps = () => {
      const adapter = {
        idempotencyKeys: 'honoured' as const,
        purchase: jest.fn((request) => harness.carrier.inner.purchase(request)),
      };
      const registry = new CarrierRegistry(harness.carrier, [{ ...live, adapter }]);
      return {
        adapter,
        purchases: new LabelPurchases(registry, harness.store, harness.files, harness.intents),
      };
    };

    it('is bought from the adapter its live request chose, under its key, and never from the sandbox', async () => {
      const { adapter, purchases } = withOwnUsps();
      const keys = await claimedByADeadHolder(harness.sql, 'USPS-1', [item('sw1')], {
        ...live,
        mode: 'live',
      });

      expect(await purchases.completeUnheld()).toBe(1);

      expect(adapter.purchase).toHaveBeenCalledTimes(1);
      expect(adapter.purchase).toHaveBeenCalledWith(
        expect.objectContaining({ item_id: 'sw1', idempotency_key: keys.get('sw1')?.carrier_key }),
      );
      expect(harness.carrier.countFor('sw1')).toBe(0);
      expect(await rowsOf('sw1')).toHaveLength(1);
    });

    it('is bought from the adapter it was begun with when a request of another mode takes it over', async () => {
      const { adapter, purchases } = withOwnUsps();
      await claimedByADeadHolder(harness.sql, 'USPS-1', [item('sw2')], { ...live, mode: 'test' });

      const [result] = await purchases.purchase({
        service: 'USPS-1',
        items: [item('sw2')],
        shipper: live,
        mode: 'live',
      });

      expect(result).toMatchObject({ item_id: 'sw2', ok: true });
      expect(adapter.purchase).not.toHaveBeenCalled();
      expect(harness.carrier.countFor('sw2')).toBe(1);
    });

    it('reads a row recorded before intents kept their choice as a test: the sandbox completes it', async () => {
      const { adapter, purchases } = withOwnUsps();
      await harness.sql.query(
        `insert into label_purchase_intents (item_id, carrier_key, service, shipment, holder, lease_expires_at)
         values ('sw3', 'key-sw3', 'USPS-1', $1, 'an-old-process', now() - interval '1 minute')`,
        [JSON.stringify(item('sw3').shipment)],
      );

      expect(await purchases.completeUnheld()).toBe(1);

      expect(adapter.purchase).not.toHaveBeenCalled();
      expect(harness.carrier.requests.filter((request) => request.item_id === 'sw3')).toEqual([
        expect.objectContaining({ idempotency_key: 'key-sw3' }),
      ]);
    });
  });

  it('leaves an intent another live process holds to it, and answers that process’s label', async () => {
    const shipment = item('s1').shipment;
    const held = await harness.intents.claim('USPS-1', [{ item_id: 's1', shipment }], 'another-process');
    expect(await harness.purchases.completeUnheld()).toBe(0);
    const waiting = harness.purchases.purchase({ service: 'USPS-1', items: [item('s1')] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(harness.carrier.countFor('s1')).toBe(0);

    const other = harness.secondProcess();
    await harness.intents.leases.releaseAll([held.get('s1')?.lease as Lease]);
    const [theirs] = await other.purchase({ service: 'USPS-1', items: [item('s1')] });
    const [ours] = await waiting;
    expect(ours).toEqual(theirs);
    expect(await harness.carrier.soldFor('s1')).toBe(1);
    expect(harness.carrier.requests.find((request) => request.item_id === 's1')?.idempotency_key).toBe(
      held.get('s1')?.carrier_key,
    );
  });

  it('records the labels bought beside an item the carrier failed on, so a retry buys only that item', async () => {
    const purchase = harness.carrier.purchase.bind(harness.carrier);
    const carrier = jest
      .spyOn(harness.carrier, 'purchase')
      .mockImplementation((request) =>
        request.item_id === 'h2' ? Promise.reject(new Error('carrier timed out')) : purchase(request),
      );
    await expect(
      harness.purchases.purchase({ service: 'USPS-1', items: [item('h1'), item('h2')] }),
    ).rejects.toThrow('carrier timed out');
    carrier.mockRestore();
    expect(await rowsOf('h1')).toHaveLength(1);
    expect(await rowsOf('h2')).toEqual([]);

    const retried = await harness.purchases.purchase({ service: 'USPS-1', items: [item('h1'), item('h2')] });
    expect(retried.map((result) => result.ok)).toEqual([true, true]);
    expect(harness.carrier.countFor('h1')).toBe(1);
    expect(await harness.carrier.soldFor('h2')).toBe(1);
  });

  it.each([
    ['an item id that would leave the label folder', { service: 'USPS-1', items: [item('../../etc/x')] }],
    ['an item id with a slash', { service: 'USPS-1', items: [item('a/b')] }],
    ['no service', { items: [item('g1')] }],
    ['items that are not a list', { service: 'USPS-1', items: 'g1' }],
    [
      'a shipment without a receiver',
      { service: 'USPS-1', items: [{ item_id: 'g1', shipment: { package_list: [] } }] },
    ],
    [
      'a shipper of no known integration',
      { service: 'USPS-1', items: [item('g1')], shipper: { carrier: 'usps', integration: 'shared' } },
    ],
    ['a key mode other than test or live', { service: 'USPS-1', items: [item('g1')], mode: 'demo' }],
  ])('refuses %s without buying', async (_case, request) => {
    const before = harness.carrier.requests.length;
    await expect(harness.purchases.purchase(request)).rejects.toMatchObject({ code: 'bad_request' });
    await expect(harness.purchases.purchase(request)).rejects.toBeInstanceOf(AppError);
    expect(harness.carrier.requests.length).toBe(before);
  });

  it('records a label row once: recording an item again answers the first row, beside the new ones', async () => {
    const row = (item_id: string, tracking_number: string) => ({
      item_id,
      tracking_number,
      label_key: `items/${item_id}.pdf`,
    });
    await harness.store.record([row('k1', 'FIRST')]);
    const answered = await harness.store.record([row('k1', 'SECOND'), row('k2', 'NEW')]);
    expect(answered).toEqual(
      new Map([
        ['k1', row('k1', 'FIRST')],
        ['k2', row('k2', 'NEW')],
      ]),
    );
    expect(await rowsOf('k1')).toMatchObject([{ tracking_number: 'FIRST' }]);
  });

  it('buys the labels of a live key from the adapter registered for its shipper, of a test key from the sandbox', async () => {
    const live = { carrier: 'usps', integration: 'own' as const };
    const adapter = {
      idempotencyKeys: 'ignored' as const,
      purchase: jest.fn(async () => ({ ok: false as const, reason: 'Own USPS: refused.' })),
    };
    const purchases = new LabelPurchases(
      new CarrierRegistry(harness.carrier, [{ ...live, adapter }]),
      harness.store,
      harness.files,
      harness.intents,
    );
    const before = harness.carrier.requests.length;

    const [refused] = await purchases.purchase({
      service: 'USPS-1',
      items: [item('live-1')],
      shipper: live,
      mode: 'live',
    });
    const [tested] = await purchases.purchase({
      service: 'USPS-1',
      items: [item('live-2')],
      shipper: live,
      mode: 'test',
    });

    expect(refused).toEqual({ item_id: 'live-1', ok: false, reason: 'Own USPS: refused.' });
    expect(adapter.purchase).toHaveBeenCalledTimes(1);
    expect(adapter.purchase).toHaveBeenCalledWith(
      expect.objectContaining({ item_id: 'live-1', service: 'USPS-1' }),
    );
    expect(tested).toMatchObject({
      item_id: 'live-2',
      ok: true,
      tracking_number: sandboxTrackingNumber('live-2'),
    });
    expect(harness.carrier.requests.length).toBe(before + 1);
  });

  it('creates its tables idempotently', async () => {
    await harness.store.onModuleInit();
    await harness.intents.onModuleInit();
    expect(await rowsOf('a1')).toHaveLength(1);
  });
});
