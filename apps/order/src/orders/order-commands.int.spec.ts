import {
  AppError,
  INVALID_DATA_MESSAGE,
  OrderPatterns,
  type RequestContext,
  type SavedOrder,
} from '@shipping/contracts';
import { orderStreamName, UNKNOWN_ORDER_MESSAGE } from '@shipping/order-domain';
import { sandboxSeed } from '@shipping/reference-data';
import { freightOrder, parcelOrder } from '@shipping/testing';
import { createOrderTestApp, type OrderTestApp, STARTUP_TIMEOUT_MS } from '../testing/order-test-app';

const saveFreight = OrderPatterns.saveFreightOrder;
const saveParcel = OrderPatterns.saveParcelOrder;
const invalid = (field: string) => `The selected ${field} is invalid.`;
const withoutItems = <T extends { items: unknown }>({ items: _items, ...order }: T) => order;

describe('order commands: saving draft freight and parcel orders', () => {
  let app: OrderTestApp;
  let requests = 0;
  const asAccount = (
    accountId: string,
    idempotencyKey?: string,
    keyMode?: 'test' | 'live',
  ): RequestContext => ({
    accountId,
    ...(keyMode === undefined ? {} : { keyMode }),
    correlationId: `req-${++requests}`,
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  });
  const acme = (idempotencyKey?: string) => asAccount('acct_acme', idempotencyKey);
  const save = (pattern: string, context: RequestContext, body: unknown) =>
    app.request<SavedOrder>(pattern, context, body);
  const refusal = (pattern: string, context: RequestContext, body: unknown) =>
    save(pattern, context, body).then(
      (reply) => {
        throw new Error(`expected a refusal, got ${JSON.stringify(reply)}`);
      },
      (error: unknown) => error as AppError,
    );
  const eventsOf = async (id: number) =>
    (await app.store.readStream(orderStreamName(id))).map(({ type, data, metadata }) => ({
      type,
      data,
      metadata,
    }));
  const allEvents = async () => (await app.store.readAll()).length;

  beforeAll(async () => {
    app = await createOrderTestApp();
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
  });

  describe('freight', () => {
    it('drafts a new order under a new id, recorded with its account and the request id', async () => {
      const context = acme();

      const saved = await save(saveFreight, context, freightOrder());

      expect(saved).toEqual({ shipment_order_id: expect.any(Number), created: true });
      const [drafted, ...more] = await eventsOf(saved.shipment_order_id);
      expect(more).toEqual([]);
      expect(drafted.type).toBe('FreightOrderDrafted');
      expect(drafted.data).toMatchObject({
        shipment_order_id: saved.shipment_order_id,
        account_id: 'acct_acme',
        key_mode: 'test',
        order: { ...withoutItems(freightOrder()), from_address_id: null },
      });
      expect(drafted.metadata).toMatchObject({
        accountId: 'acct_acme',
        correlationId: context.correlationId,
        causationId: context.correlationId,
      });
    });

    it('gives every new draft an id of its own', async () => {
      const ids = await Promise.all(
        [1, 2, 3].map(async () => (await save(saveFreight, acme(), freightOrder())).shipment_order_id),
      );

      expect(new Set(ids).size).toBe(3);
    });

    it("overwrites an item's length and width with its package type's fixed ones, not a custom pallet's", async () => {
      const [item] = freightOrder().items;
      const body = {
        ...freightOrder(),
        items: [
          { ...item, package_type: 'pallet_48x48' },
          { ...item, package_type: 'pallet_custom' },
        ],
      };

      const saved = await save(saveFreight, acme(), body);

      const [drafted] = await eventsOf(saved.shipment_order_id);
      expect(drafted.data).toMatchObject({
        order: {
          items: [
            { package_type: 'pallet_48x48', length: 48, width: 48, height: 40 },
            { package_type: 'pallet_custom', length: 30, width: 30, height: 40 },
          ],
        },
      });
    });

    it('revises its own draft under the same id', async () => {
      const { shipment_order_id: id } = await save(saveFreight, acme(), freightOrder());
      const revised = { ...freightOrder(), to_instructions: 'Leave at the dock' };

      const saved = await save(saveFreight, acme(), { ...revised, shipment_order_id: id });

      expect(saved).toEqual({ shipment_order_id: id, created: false });
      const events = await eventsOf(id);
      expect(events.map((event) => event.type)).toEqual(['FreightOrderDrafted', 'FreightOrderRevised']);
      expect(events[1].data).toMatchObject({ order: { to_instructions: 'Leave at the dock' } });
    });

    it("refuses to revise an unknown id, another account's draft, or a parcel draft, and records nothing", async () => {
      const { shipment_order_id: acmes } = await save(saveFreight, acme(), freightOrder());
      const { shipment_order_id: parcel } = await save(saveParcel, acme(), parcelOrder());
      const before = await allEvents();

      const refusals = [
        await refusal(saveFreight, acme(), { ...freightOrder(), shipment_order_id: 999_999 }),
        await refusal(saveFreight, asAccount('acct_tiny'), { ...freightOrder(), shipment_order_id: acmes }),
        await refusal(saveFreight, acme(), { ...freightOrder(), shipment_order_id: parcel }),
      ];

      for (const error of refusals) {
        expect(error).toBeInstanceOf(AppError);
        expect(error.code).toBe('validation_failed');
        expect(error.data).toEqual({ shipment_order_id: [UNKNOWN_ORDER_MESSAGE] });
      }
      expect(await allEvents()).toBe(before);
    });

    it('answers an invalid body with its field errors (422) and records nothing', async () => {
      const { to_address: _missing, ...body } = freightOrder();
      const before = await allEvents();

      const error = await refusal(saveFreight, acme(), { ...body, items: [] });

      expect(error.code).toBe('validation_failed');
      expect(error.message).toBe(INVALID_DATA_MESSAGE);
      expect(Object.keys(error.data as object)).toEqual(expect.arrayContaining(['to_address', 'items']));
      expect(await allEvents()).toBe(before);
    });
  });

  describe('parcel', () => {
    it('drafts a new order, in the units of the account unless the body gives its own', async () => {
      const metric = await app.directory.open(
        { name: 'Metric Ltd', weight_unit: 'KG', length_unit: 'CM' },
        { correlationId: 'open-metric' },
      );

      const inAccountUnits = await save(saveParcel, asAccount(metric.id), parcelOrder());
      const inOwnUnits = await save(saveParcel, asAccount(metric.id), {
        ...parcelOrder(),
        weight_unit: 'LBS',
      });

      expect(inAccountUnits.created).toBe(true);
      const [drafted] = await eventsOf(inAccountUnits.shipment_order_id);
      expect(drafted.type).toBe('ParcelOrderDrafted');
      expect(drafted.data).toMatchObject({
        account_id: metric.id,
        order: { ...parcelOrder(), from_address_id: null, weight_unit: 'KG', length_unit: 'CM' },
      });
      const [own] = await eventsOf(inOwnUnits.shipment_order_id);
      expect(own.data).toMatchObject({ order: { weight_unit: 'LBS', length_unit: 'CM' } });
    });

    it('takes the sender from a saved address given by from_address_id', async () => {
      const { from_address: _given, ...body } = parcelOrder();
      const { name, street_1, street_2, city, zip, country } = sandboxSeed.accounts[0].addresses[0];

      const reply = await save(saveParcel, acme(), { ...body, from_address_id: 1 });

      const [drafted] = await eventsOf(reply.shipment_order_id);
      expect(drafted.data).toMatchObject({
        order: {
          from_address_id: 1,
          from_address: { name, street_1, street_2, city, zip, country },
        },
      });
    });

    it("refuses another account's saved addresses with the body's own errors in one answer", async () => {
      const tinysAddress = sandboxSeed.accounts[1].addresses[0].id;
      const before = await allEvents();

      const error = await refusal(saveParcel, acme(), {
        ...parcelOrder(),
        from_address_id: tinysAddress,
        return_address_id: tinysAddress,
        package_list: [],
      });

      expect(error.code).toBe('validation_failed');
      expect(error.data).toMatchObject({
        from_address_id: [invalid('from_address_id')],
        return_address_id: [invalid('return_address_id')],
        package_list: expect.any(Array),
      });
      expect(await allEvents()).toBe(before);
    });

    it('revises its own parcel draft, and refuses a freight draft as a parcel one', async () => {
      const { shipment_order_id: id } = await save(saveParcel, acme(), parcelOrder());
      const { shipment_order_id: freight } = await save(saveFreight, acme(), freightOrder());

      const readdressed = {
        ...parcelOrder(),
        to_address: { ...parcelOrder().to_address, name: 'Jim Receiver' },
      };

      const saved = await save(saveParcel, acme(), { ...readdressed, shipment_order_id: id });
      const error = await refusal(saveParcel, acme(), { ...parcelOrder(), shipment_order_id: freight });

      expect(saved).toEqual({ shipment_order_id: id, created: false });
      const events = await eventsOf(id);
      expect(events.map((event) => event.type)).toEqual(['ParcelOrderDrafted', 'ParcelOrderRevised']);
      expect(events[1].data).toMatchObject({ order: { to_address: { name: 'Jim Receiver' } } });
      expect(error.data).toEqual({ shipment_order_id: [UNKNOWN_ORDER_MESSAGE] });
    });
  });

  describe('with an Idempotency-Key', () => {
    it('drafts one order for a repeated request, and answers the repeat with the first reply', async () => {
      const first = await save(saveParcel, acme('draft-once'), parcelOrder());
      const before = await allEvents();

      const repeats = await Promise.all(
        [1, 2].map(() => save(saveParcel, acme('draft-once'), parcelOrder())),
      );

      expect(repeats).toEqual([first, first]);
      expect(await eventsOf(first.shipment_order_id)).toHaveLength(1);
      expect(await allEvents()).toBe(before);
    });

    it('answers a repeated invalid request with the same refusal', async () => {
      const body = { ...parcelOrder(), package_list: [] };

      const first = await refusal(saveParcel, acme('refused-once'), body);
      const repeat = await refusal(saveParcel, acme('refused-once'), body);

      expect(first.code).toBe('validation_failed');
      expect(repeat).toEqual(first);
      expect(repeat.data).toEqual(first.data);
    });

    it('keeps keys apart by account: the same key from another account drafts its own order', async () => {
      const acmes = await save(saveParcel, acme('shared-key'), parcelOrder());
      const tinys = await save(saveParcel, asAccount('acct_tiny', 'shared-key'), parcelOrder());

      expect(tinys.shipment_order_id).not.toBe(acmes.shipment_order_id);
      const [drafted] = await eventsOf(tinys.shipment_order_id);
      expect(drafted.data).toMatchObject({ account_id: 'acct_tiny' });
    });
  });

  describe('of a live and a test key of one account', () => {
    const live = () => asAccount('acct_acme', undefined, 'live');
    const test = () => asAccount('acct_acme', undefined, 'test');

    it("records the drafting key's mode, and lets only a key of that mode revise the draft", async () => {
      const { shipment_order_id: lives } = await save(saveParcel, live(), parcelOrder());
      const { shipment_order_id: tests } = await save(saveFreight, test(), freightOrder());
      const before = await allEvents();

      const refusals = [
        await refusal(saveParcel, test(), { ...parcelOrder(), shipment_order_id: lives }),
        await refusal(saveFreight, live(), { ...freightOrder(), shipment_order_id: tests }),
      ];

      expect((await eventsOf(lives))[0].data).toMatchObject({ key_mode: 'live' });
      expect((await eventsOf(tests))[0].data).toMatchObject({ key_mode: 'test' });
      for (const error of refusals)
        expect(error.data).toEqual({ shipment_order_id: [UNKNOWN_ORDER_MESSAGE] });
      expect(await allEvents()).toBe(before);
      expect(await save(saveParcel, live(), { ...parcelOrder(), shipment_order_id: lives })).toEqual({
        shipment_order_id: lives,
        created: false,
      });
    });
  });
});
