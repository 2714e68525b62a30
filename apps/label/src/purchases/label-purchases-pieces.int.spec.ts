import type { LabelPurchaseItem, LabelShipment } from '@shipping/contracts';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import {
  createTestDatabase,
  internationalLabelRequestFindings,
  type TestDatabase,
  UspsMockServer,
} from '@shipping/testing';
import { PDFDocument } from 'pdf-lib';
import { CarrierRegistry } from '../carrier/carrier-registry';
import { AccountGuard } from '../carrier/guard/account-guard';
import { guardSettings, INTEGRATION, MOCK_CLIENT } from '../carrier/guard/guarded-usps.fixture';
import { GuardedCarrier } from '../carrier/guard/guarded-carrier';
import { InProcessCarrierLimits } from '../carrier/guard/in-process-carrier-limits';
import { UspsCarrier } from '../carrier/usps/usps-carrier';
import { UspsSessions } from '../carrier/usps/usps-sessions';
import { code128Widths } from '../rendering/code128';
import { internationalShipment } from '../testing/international-shipment.fixture';
import { type LabelHarness, startLabelHarness } from '../testing/label-harness';
import { labelShipment } from '../testing/label-shipment.fixture';
import { barcodeModules } from '../testing/pdf-barcode';
import type { ClaimedIntent } from './label-purchase-intents';
import { pieceLabelKey } from './label-pieces';
import { LabelPurchases } from './label-purchases';

const LIVE_USPS = { carrier: 'usps', integration: 'own' as const };
const DOMESTIC = '/labels/v3/label';
const INTERNATIONAL = '/international-labels/v3/international-label';

/** Three pieces to one ZIP Code: two of the first package, then one of the second. */
const threePieces = (zip: string): LabelShipment => {
  const shipment = labelShipment();
  return { ...shipment, to_address: { ...shipment.to_address, zip } };
};

const leaseOf = (intent: ClaimedIntent | undefined) => {
  if (!intent) throw new Error('The intent was not claimed.');
  return intent.lease;
};

/** One label per piece, on PostgreSQL: each piece bought once, whatever is lost or restarted. */
describe('buying a shipment of several pieces from USPS, one label a piece', () => {
  let database: TestDatabase;
  let harness: LabelHarness;
  let mock: UspsMockServer;
  let usps: UspsCarrier;
  let purchases: LabelPurchases;

  const buy = (service: string, ...items: LabelPurchaseItem[]) =>
    purchases.purchase({ service, items, shipper: LIVE_USPS, mode: 'live' });
  const domesticTo = (zip: string) =>
    mock
      .requestsTo('POST', DOMESTIC)
      .filter((request) => (request.body as { toAddress: { ZIPCode: string } }).toAddress.ZIPCode === zip);
  const intentOf = async (itemId: string) =>
    (await harness.sql.query('select * from label_purchase_intents where item_id = $1', [itemId])).rows[0];
  const rowOf = async (itemId: string) =>
    (await harness.sql.query('select * from label_purchases where item_id = $1', [itemId])).rows[0];
  const pageBarcodes = async (pdf: Uint8Array) =>
    (await PDFDocument.load(pdf)).getPages().map((page) => barcodeModules(page));

  beforeAll(async () => {
    database = await createTestDatabase('label_purchases_pieces');
    harness = await startLabelHarness(2, createPgSqlClient(database.url, { max: 4 }));
    mock = await UspsMockServer.start({ clients: [MOCK_CLIENT] });
    const guard = new AccountGuard('usps', INTEGRATION.id, guardSettings(), new InProcessCarrierLimits(), {
      now: Date.now,
      sleep: async () => undefined,
    });
    usps = new UspsCarrier(INTEGRATION, {
      baseUrl: mock.url,
      sessions: new UspsSessions(),
      timeoutMs: 1_000,
    });
    const registry = new CarrierRegistry(harness.carrier, [
      { ...LIVE_USPS, adapter: new GuardedCarrier(usps, guard) },
    ]);
    purchases = new LabelPurchases(registry, harness.store, harness.files, harness.intents);
  }, 60_000);
  afterAll(async () => {
    await mock?.stop();
    await harness?.close();
    await database?.drop();
  });

  it("buys one label per piece in package_list order and merges them into the item's label", async () => {
    const [answer] = await buy('USPS-1', { item_id: 'p1', shipment: threePieces('03101') });
    const requests = domesticTo('03101');
    expect(
      requests.map(
        (request) => (request.body as { packageDescription: { weight: number } }).packageDescription.weight,
      ),
    ).toEqual([1.25, 1.25, 3]);
    if (!answer.ok) throw new Error(answer.reason);
    const { piece_tracking_numbers: pieces } = answer;
    expect(pieces).toHaveLength(3);
    expect(answer.tracking_number).toBe(pieces?.[0]);
    expect(new Set(pieces).size).toBe(3);
    const pdf = (await harness.files.get(answer.label_key)) as Uint8Array;
    expect(await pageBarcodes(pdf)).toEqual(pieces?.map((trackingNumber) => code128Widths(trackingNumber)));
    expect(await rowOf('p1')).toEqual(
      expect.objectContaining({ tracking_number: pieces?.[0], piece_tracking_numbers: pieces }),
    );
    expect(await intentOf('p1')).toBeUndefined();

    // A repeat answers the label bought, asking USPS nothing.
    expect(await buy('USPS-1', { item_id: 'p1', shipment: threePieces('03101') })).toEqual([answer]);
    expect(domesticTo('03101')).toHaveLength(3);
  });

  it('buys an international shipment of two pieces with a customs form each', async () => {
    const before = mock.requestsTo('POST', INTERNATIONAL).length;
    const [answer] = await buy('USPS-5', { item_id: 'p2', shipment: internationalShipment({ count: 2 }) });
    if (!answer.ok) throw new Error(answer.reason);
    expect(answer.piece_tracking_numbers).toEqual([
      expect.stringMatching(/^CP\d{9}US$/),
      expect.stringMatching(/^CP\d{9}US$/),
    ]);
    const requests = mock.requestsTo('POST', INTERNATIONAL).slice(before);
    expect(requests.map((request) => request.status)).toEqual([201, 201]);
    for (const request of requests) expect(internationalLabelRequestFindings(request.body)).toEqual([]);
  });

  it('fails an item whose customs form USPS refuses with its words, buying and keeping nothing', async () => {
    const [first] = internationalShipment().package_list[0].items ?? [];
    const shipment = internationalShipment({ count: 2, items: [{ ...first, description: 'Merchandise' }] });
    const sold = mock.soldTrackingNumbers().length;
    const [answer] = await buy('USPS-5', { item_id: 'c1', shipment });
    expect(answer).toEqual({
      item_id: 'c1',
      ok: false,
      reason:
        'USPS: Merchandise is not a valid itemDescription (customsForm.contents[0].itemDescription) (piece 1 of 2)',
    });
    expect(mock.soldTrackingNumbers()).toHaveLength(sold);
    expect(await intentOf('c1')).toBeUndefined();
    expect(await rowOf('c1')).toBeUndefined();
  });

  it('fails the item when piece 2 of 3 is lost: piece 3 never asked, piece 1 voided, nothing asked again', async () => {
    mock.loseAnswersAfterSale(503, 1, { after: 1 });
    const item = { item_id: 'p3', shipment: threePieces('03103') };
    const [answer] = await buy('USPS-1', item);
    expect(answer).toEqual({ item_id: 'p3', ok: false, reason: expect.any(String) });
    const { reason } = answer as { reason: string };
    const numbers = mock.soldTrackingNumbers().concat();
    expect(domesticTo('03103').map((request) => request.status)).toEqual([200, 503]);
    expect(reason).toContain('USPS may have sold this label');
    expect(reason).toContain('(item p3, piece 2 of 3)');
    expect(reason).toContain('ZIP Code 03103');
    // Piece 1 was voided; the lost piece 2 is still sold as far as USPS knows, and named for the merchant.
    const voided = /voided: (\d{22})\./.exec(reason)?.[1] as string;
    expect(mock.labelStatus(voided)).toBe('CANCELED');
    expect(numbers).not.toContain(voided);

    expect(await buy('USPS-1', item)).toEqual([answer]);
    await purchases.completeUnheld();
    expect(await buy('USPS-1', item)).toEqual([answer]);
    expect(domesticTo('03103')).toHaveLength(2);
    expect(await rowOf('p3')).toBeUndefined();
    expect(await intentOf('p3')).toEqual(expect.objectContaining({ outcome_unknown: reason }));
  });

  it('fails the item when piece 2 is refused, voiding piece 1 and keeping nothing', async () => {
    const shipment = threePieces('03104');
    const refused = {
      ...shipment,
      package_list: [
        shipment.package_list[1],
        { ...shipment.package_list[1], box_type: 'usps_small_flat_rate_box' },
      ],
    };
    const [answer] = await buy('USPS-3', { item_id: 'p4', shipment: refused });
    expect(answer).toEqual({
      item_id: 'p4',
      ok: false,
      reason: expect.stringMatching(
        /^USPS: box type usps_small_flat_rate_box is not sold with USPS_GROUND_ADVANTAGE\. \(piece 2 of 2\) The labels of the pieces bought before it were voided: \d{22}\.$/,
      ),
    });
    const [piece1] = domesticTo('03104');
    expect(piece1.status).toBe(200);
    expect(domesticTo('03104')).toHaveLength(1);
    expect(await intentOf('p4')).toBeUndefined();
  });

  it('resumes a purchase whose holder died between pieces at the next piece, buying none twice', async () => {
    const item = { item_id: 'p5', shipment: threePieces('03105') };
    const claimed = await harness.intents.claim('USPS-1', [item], 'a-dead-process', {
      ...LIVE_USPS,
      mode: 'live',
    });
    const lease = leaseOf(claimed.get('p5'));
    // The dead process bought piece 1 and recorded it before it died.
    const piece1 = await usps.purchase({
      item_id: 'p5',
      idempotency_key: 'dead/1',
      service: 'USPS-1',
      shipment: { ...item.shipment, package_list: [{ ...item.shipment.package_list[0], count: 1 }] },
    });
    if (!piece1.ok) throw new Error(piece1.reason);
    await harness.files.put(pieceLabelKey('p5', 1), piece1.label_pdf);
    await harness.intents.pieceBought(lease, {
      tracking_number: piece1.tracking_number,
      label_key: pieceLabelKey('p5', 1),
    });
    await harness.intents.leases.releaseAll([lease]);

    await purchases.completeUnheld();
    const [answer] = await buy('USPS-1', item);
    if (!answer.ok) throw new Error(answer.reason);
    expect(answer.tracking_number).toBe(piece1.tracking_number);
    expect(answer.piece_tracking_numbers).toHaveLength(3);
    expect(domesticTo('03105')).toHaveLength(3);
    const pdf = (await harness.files.get(answer.label_key)) as Uint8Array;
    expect(await pageBarcodes(pdf)).toEqual(
      answer.piece_tracking_numbers?.map((number) => code128Widths(number)),
    );
  });

  it('settles without asking a purchase whose holder died while piece 2 was asked, voiding piece 1', async () => {
    const item = { item_id: 'p6', shipment: threePieces('03106') };
    const claimed = await harness.intents.claim('USPS-1', [item], 'a-dead-process', {
      ...LIVE_USPS,
      mode: 'live',
    });
    const lease = leaseOf(claimed.get('p6'));
    const piece1 = await usps.purchase({
      item_id: 'p6',
      idempotency_key: 'dead/1',
      service: 'USPS-1',
      shipment: { ...item.shipment, package_list: [{ ...item.shipment.package_list[0], count: 1 }] },
    });
    if (!piece1.ok) throw new Error(piece1.reason);
    await harness.files.put(pieceLabelKey('p6', 1), piece1.label_pdf);
    await harness.intents.pieceBought(lease, {
      tracking_number: piece1.tracking_number,
      label_key: pieceLabelKey('p6', 1),
    });
    await harness.intents.asking(lease);
    await harness.intents.leases.releaseAll([lease]);

    await purchases.completeUnheld();
    const [answer] = await buy('USPS-1', item);
    expect(answer).toEqual({
      item_id: 'p6',
      ok: false,
      reason: expect.stringContaining('the label app stopped while the carrier was asked'),
    });
    expect((answer as { reason: string }).reason).toContain('piece 2 of 3');
    expect(mock.labelStatus(piece1.tracking_number)).toBe('CANCELED');
    expect(domesticTo('03106')).toHaveLength(1);
  });
});
