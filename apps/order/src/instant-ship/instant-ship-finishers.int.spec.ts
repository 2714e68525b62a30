import type { ClientProxy } from '@nestjs/microservices';
import {
  AppError,
  type AppMessage,
  LabelPatterns,
  type LabelPurchaseReply,
  LedgerPatterns,
  type RequestContext,
} from '@shipping/contracts';
import { PostgresEventStore } from '@shipping/event-store';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import type { TimedRequest } from '@shipping/messaging';
import { shipmentStreamName } from '@shipping/order-domain';
import { SystemClock } from '@shipping/platform/clock';
import { createTestDatabase, eventually, stallable, type TestDatabase } from '@shipping/testing';
import { defer } from 'rxjs';
import { InstantShipCompletion, type RequestInstantShip } from './instant-ship-completion';
import { PendingShipments } from './pending-shipments';

type Finisher = 'A' | 'B';
/** A call to another app: who made it, for which shipment, and the ledger (key mode) its context names. */
type Call = { by: Finisher; shipment_order_id?: number; keyMode?: string };
type Hold = (by: Finisher, pattern: string) => Promise<void> | undefined;

/** The ledger and the label app as the finishers reach them: every call noted by who made it. */
class OtherApps {
  readonly charges: Call[] = [];
  readonly refunds: Call[] = [];
  readonly purchases: Call[] = [];
  /** What each label purchase asked beside its items. */
  readonly purchaseTerms: Record<string, unknown>[] = [];
  hold: Hold = () => undefined;
  refuseLabelsOf?: Finisher;

  client(by: Finisher): ClientProxy {
    return {
      send: (pattern: string, request: TimedRequest<AppMessage<{ shipment_order_id: number }>>) =>
        defer(() => this.answer(by, pattern, request.data.payload, request.data.context.keyMode)),
    } as unknown as ClientProxy;
  }

  private async answer(
    by: Finisher,
    pattern: string,
    payload: { shipment_order_id: number },
    keyMode: string | undefined,
  ) {
    const calls = {
      [LedgerPatterns.chargeShipment]: this.charges,
      [LedgerPatterns.refundShipment]: this.refunds,
      [LabelPatterns.purchase]: this.purchases,
    }[pattern];
    calls?.push({ by, shipment_order_id: payload.shipment_order_id, keyMode });
    if (pattern === LabelPatterns.purchase) {
      const { items: _items, ...terms } = payload as unknown as Record<string, unknown>;
      this.purchaseTerms.push(terms);
    }
    await this.hold(by, pattern);
    if (pattern !== LabelPatterns.purchase) return { charged: true };
    const item_id = (payload as unknown as { items: { item_id: string }[] }).items[0].item_id;
    const reply: LabelPurchaseReply =
      this.refuseLabelsOf === by
        ? [{ item_id, ok: false, reason: 'address not deliverable' }]
        : [{ item_id, ok: true, tracking_number: `TRACK-${item_id}`, label_key: `labels/${item_id}.pdf` }];
    return reply;
  }
}

const context: RequestContext = { accountId: 'acct_acme', correlationId: 'req-1' };
const address = {
  name: 'Jane',
  street_1: '1 Main St',
  city: 'Austin',
  zip: '73301',
  state: 'TX',
  country: 'US',
};
const requestOf = (shipmentOrderId: number): RequestInstantShip => ({
  type: 'RequestInstantShip',
  shipmentOrderId,
  accountId: context.accountId,
  service: 'USPS-1',
  shipperId: 1,
  shipper: { carrier: 'usps', integration: 'own' as const },
  keyMode: 'test' as const,
  priceCents: 900,
  parcel: {
    from_address: address,
    to_address: address,
    weight_unit: 'LBS',
    length_unit: 'IN',
    package_list: [{ count: 1, length: 10, width: 8, height: 4, weight: 1.5 }],
  } as unknown as RequestInstantShip['parcel'],
  now: new Date().toISOString(),
});

/**
 * Two instances of the order app finishing one instant ship, each with its own pool on one
 * PostgreSQL database: the first stalls past its lease (a gate holds it and every statement it
 * sends), the second takes the shipment over and finishes it, then the first resumes.
 */
describe('two finishers of one instant ship', () => {
  let database: TestDatabase;
  let world: OtherApps;
  let nextId = 1000;
  const opened: PostgresEventStore[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('instant_ship_finishers');
  }, 60_000);

  afterAll(async () => {
    await Promise.allSettled(opened.map((store) => store.close()));
    await database?.drop();
  });

  beforeEach(() => {
    world = new OtherApps();
  });

  async function finisher(by: Finisher, leaseMs: number) {
    const sql = stallable(createPgSqlClient(database.url, { max: 4 }));
    const store = new PostgresEventStore(sql.client);
    opened.push(store);
    await store.init();
    const pending = new PendingShipments(sql.client, leaseMs);
    await pending.onModuleInit();
    const completion = new InstantShipCompletion(store, world.client(by), pending, new SystemClock());
    return { ...sql, store, completion };
  }

  /** Holds `by`'s call to `pattern` until the answer is let go, stalling its instance meanwhile. */
  function holdCall(instance: { stall(): void; resume(): void }, by: Finisher, pattern: string) {
    let letGo = () => undefined as void;
    const answered = new Promise<void>((done) => (letGo = done));
    world.hold = (caller, called) => {
      if (caller !== by || called !== pattern) return undefined;
      instance.stall();
      return answered;
    };
    return () => {
      instance.resume();
      letGo();
    };
  }

  /** B finishes the shipment as soon as A's lease has run out by the database's clock. */
  const takenOverBy = (b: Awaited<ReturnType<typeof finisher>>, id: number) =>
    eventually(() => b.completion.settle(id, context, { waitMs: 0 }), 30_000);

  const eventTypes = async (store: PostgresEventStore, id: number) =>
    (await store.readStream(shipmentStreamName(id))).map((event) => event.type);

  it('a finisher stalled past its lease after the charge buys no label once it resumes; the one that took over ships once', async () => {
    const [a, b] = [await finisher('A', 300), await finisher('B', 300)];
    const id = ++nextId;
    const resumeA = holdCall(a, 'A', LedgerPatterns.chargeShipment);
    const first = a.completion
      .settle(id, context, { request: requestOf(id) })
      .catch((error: unknown) => error);
    await eventually(async () => (world.charges.length > 0 ? true : undefined));

    expect((await takenOverBy(b, id)).status).toBe('shipped');
    resumeA();

    const outcome = await first;
    expect(world.purchases.map((call) => call.by)).toEqual(['B']);
    expect(world.refunds).toEqual([]);
    expect(outcome).toMatchObject({ status: 'shipped' });
    expect(await eventTypes(b.store, id)).toEqual(['InstantShipRequested', 'ParcelShipped']);
  }, 60_000);

  it('the finisher that took over buys the label, and charges the ledger, of the key mode the shipment was asked with', async () => {
    const [a, b] = [await finisher('A', 300), await finisher('B', 300)];
    const id = ++nextId;
    const resumeA = holdCall(a, 'A', LedgerPatterns.chargeShipment);
    const live = { ...requestOf(id), keyMode: 'live' as const };
    const first = a.completion.settle(id, context, { request: live }).catch((error: unknown) => error);
    await eventually(async () => (world.charges.length > 0 ? true : undefined));

    // B finishes with a context that names no key mode, as the recovery does.
    expect((await takenOverBy(b, id)).status).toBe('shipped');
    resumeA();
    await first;

    expect(world.purchases.map((call) => call.by)).toEqual(['B']);
    expect(world.charges.length).toBeGreaterThan(0);
    for (const charge of world.charges) expect(charge.keyMode).toBe('live');
    expect(world.purchaseTerms).toEqual([
      {
        service: 'USPS-1',
        shipper: { carrier: 'usps', integration: 'own', account_id: context.accountId, shipper_id: 1 },
        mode: 'live',
      },
    ]);
  }, 60_000);

  it('a finisher stalled past its lease while the carrier refused its label refunds nothing once it resumes', async () => {
    const [a, b] = [await finisher('A', 300), await finisher('B', 300)];
    const id = ++nextId;
    world.refuseLabelsOf = 'A';
    const resumeA = holdCall(a, 'A', LabelPatterns.purchase);
    const first = a.completion
      .settle(id, context, { request: requestOf(id) })
      .catch((error: unknown) => error);
    await eventually(async () => (world.purchases.length > 0 ? true : undefined));

    expect((await takenOverBy(b, id)).status).toBe('shipped');
    resumeA();
    const outcome = await first;

    expect(world.refunds).toEqual([]);
    expect(outcome).toMatchObject({ status: 'shipped' });
    expect(await eventTypes(b.store, id)).toEqual(['InstantShipRequested', 'ParcelShipped']);
  }, 60_000);

  it('a finisher that stalls as it refunds a label the carrier refused leaves the shipment failed, never shipped as well', async () => {
    const [a, b] = [await finisher('A', 300), await finisher('B', 300)];
    const id = ++nextId;
    world.refuseLabelsOf = 'A';
    const resumeA = holdCall(a, 'A', LedgerPatterns.refundShipment);
    const first = a.completion
      .settle(id, context, { request: requestOf(id) })
      .catch((error: unknown) => error);
    await eventually(async () => (world.refunds.length > 0 ? true : undefined));

    const byB = await takenOverBy(b, id);
    resumeA();
    await first;

    expect(byB.status).toBe('failed');
    expect(world.purchases.map((call) => call.by)).toEqual(['A']);
    expect(await eventTypes(b.store, id)).toEqual(['InstantShipRequested', 'InstantShipFailed']);
  }, 60_000);

  it('refunds a failure recorded by a finisher whose refund did not go through, when the shipment is settled next', async () => {
    const [a, b] = [await finisher('A', 300), await finisher('B', 300)];
    const id = ++nextId;
    world.refuseLabelsOf = 'A';
    world.hold = (by, pattern) =>
      by === 'A' && pattern === LedgerPatterns.refundShipment
        ? Promise.reject(new AppError('unavailable', 'The ledger did not answer.'))
        : undefined;
    const first = await a.completion
      .settle(id, context, { request: requestOf(id) })
      .catch((error: unknown) => error);
    expect(first).toMatchObject({ code: 'unavailable' });

    expect((await b.completion.settle(id, context, { waitMs: 0 })).status).toBe('failed');
    expect(world.refunds.map((call) => call.by)).toEqual(['A', 'B']);
    expect(await eventTypes(b.store, id)).toEqual(['InstantShipRequested', 'InstantShipFailed']);
  }, 60_000);

  it('a finisher whose clock runs an hour ahead does not take a live lease', async () => {
    const [a, b] = [await finisher('A', 60_000), await finisher('B', 60_000)];
    const id = ++nextId;
    const resumeA = holdCall(a, 'A', LedgerPatterns.chargeShipment);
    const first = a.completion
      .settle(id, context, { request: requestOf(id) })
      .catch((error: unknown) => error);
    await eventually(async () => (world.charges.length > 0 ? true : undefined));
    a.resume();

    jest.useFakeTimers({
      now: Date.now() + 3_600_000,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    const ahead = await b.completion.settle(id, context, { waitMs: 0 }).catch((error: unknown) => error);
    jest.useRealTimers();

    expect(world.charges.map((call) => call.by)).toEqual(['A']);
    expect(ahead).toBeInstanceOf(AppError);
    expect(ahead).toMatchObject({ code: 'unavailable' });
    resumeA();
    expect(await first).toMatchObject({ status: 'shipped' });
    expect(world.purchases.map((call) => call.by)).toEqual(['A']);
  }, 60_000);
});
