import type { ReceivedCall } from './stalling-receiver';

export interface InvariantResult {
  name: string;
  checked: number;
  /** What broke, one line each; empty when the invariant held. */
  broken: string[];
}

export interface StoredEvent {
  stream: string;
  revision: number;
  type: string;
  data: Record<string, any>;
}

const countBy = <T>(items: T[], key: (item: T) => string | undefined) => {
  const counts = new Map<string, number>();
  for (const item of items) {
    const value = key(item);
    if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
};

const shown = (broken: string[]) => broken.slice(0, 20);

/** Each item of a shipped batch labelled once (one completion, one carrier sale), or failed once with one refund. */
export function batchItemsOnce(
  batchEvents: StoredEvent[],
  ledgerEvents: StoredEvent[],
  salesByItem: Map<string, number>,
): InvariantResult {
  const completed = countBy(
    batchEvents.filter((e) => e.type === 'ItemCompleted'),
    (e) => e.data.item_id,
  );
  const failed = countBy(
    batchEvents.filter((e) => e.type === 'ItemFailed'),
    (e) => e.data.item_id,
  );
  const refunds = countBy(
    ledgerEvents.filter((e) => e.type === 'ItemRefunded'),
    (e) => e.data.item_id,
  );
  const broken: string[] = [];
  let checked = 0;
  for (const shipped of batchEvents.filter((e) => e.type === 'BatchShipped')) {
    for (const item of shipped.data.item_ids as string[]) {
      checked++;
      const seen = {
        completed: completed.get(item) ?? 0,
        failed: failed.get(item) ?? 0,
        refunds: refunds.get(item) ?? 0,
        sales: salesByItem.get(item) ?? 0,
      };
      const labelledOnce =
        seen.completed === 1 && seen.failed === 0 && seen.refunds === 0 && seen.sales === 1;
      const failedOnce = seen.completed === 0 && seen.failed === 1 && seen.refunds === 1 && seen.sales === 0;
      if (!labelledOnce && !failedOnce)
        broken.push(`item ${item} of batch ${shipped.data.batch_id}: ${JSON.stringify(seen)}`);
    }
  }
  return { name: 'batch item labelled once or failed once with one refund', checked, broken: shown(broken) };
}

export interface UspsEvidence {
  /** Tracking numbers of the labels the USPS mock sold and nobody cancelled. */
  sold: string[];
  /** The label app's recorded labels of USPS own-integration items and of those tracking numbers. */
  recorded: { item_id: string; tracking_number: string }[];
  /** Intents settled failed because USPS may have sold their label (decision 102): at most one unrecorded sale each. */
  outcomeUnknown: number;
}

/** Labels the label app recorded per item: the sandbox's sales and USPS's recorded ones together. */
export function salesByItemOf(sandboxSales: Map<string, number>, usps: UspsEvidence): Map<string, number> {
  const sales = new Map(sandboxSales);
  for (const { item_id } of usps.recorded) sales.set(item_id, (sales.get(item_id) ?? 0) + 1);
  return sales;
}

/**
 * No USPS label bought twice: each label the carrier sold recorded once, for one item, each recorded
 * one sold; a sale nobody recorded only where an answer was lost and the item failed (at most one each).
 */
export function uspsLabelsSoldOnce(usps: UspsEvidence): InvariantResult {
  const sold = new Set(usps.sold);
  const recordedTimes = countBy(usps.recorded, (row) => row.tracking_number);
  const labelsPerItem = countBy(usps.recorded, (row) => row.item_id);
  const broken: string[] = [];
  for (const [number, times] of recordedTimes) {
    if (!sold.has(number)) broken.push(`label ${number} recorded but not sold by USPS`);
    if (times > 1) broken.push(`label ${number} recorded ${times} times`);
  }
  for (const [item, count] of labelsPerItem)
    if (count > 1) broken.push(`item ${item} has ${count} USPS labels`);
  const unrecorded = usps.sold.filter((number) => !recordedTimes.has(number));
  if (unrecorded.length > usps.outcomeUnknown)
    broken.push(
      `${unrecorded.length} USPS labels sold and not recorded, ${usps.outcomeUnknown} answers lost: ${unrecorded.slice(0, 5).join(', ')}`,
    );
  return {
    name: 'USPS label sold once per recorded label',
    checked: usps.sold.length,
    broken: shown(broken),
  };
}

/** One BatchCharged per shipped batch, and no charge for a batch that never shipped. */
export function oneChargePerShippedBatch(
  batchEvents: StoredEvent[],
  ledgerEvents: StoredEvent[],
): InvariantResult {
  const shipped = new Set(
    batchEvents.filter((e) => e.type === 'BatchShipped').map((e) => e.data.batch_id as string),
  );
  const charges = countBy(
    ledgerEvents.filter((e) => e.type === 'BatchCharged'),
    (e) => e.data.batch_id,
  );
  const broken: string[] = [];
  for (const batchId of shipped)
    if ((charges.get(batchId) ?? 0) !== 1)
      broken.push(`batch ${batchId} charged ${charges.get(batchId) ?? 0} times`);
  for (const [batchId, count] of charges)
    if (!shipped.has(batchId)) broken.push(`batch ${batchId} charged ${count} times and never shipped`);
  return {
    name: 'one charge per shipped batch',
    checked: new Set([...shipped, ...charges.keys()]).size,
    broken: shown(broken),
  };
}

/**
 * Each Idempotency-Key of the clients' instant ships stands for one shipment, charged at most
 * once net of refunds; a shipment requested or charged that no key stands for is a second one.
 */
export function instantShipChargedAtMostOnce(
  keys: string[],
  boundShipments: Map<string, number>,
  requestedShipments: number[],
  ledgerEvents: StoredEvent[],
): InvariantResult {
  const net = new Map<number, number>();
  for (const e of ledgerEvents) {
    const id = Number(e.data.shipment_order_id);
    if (e.type === 'ShipmentCharged') net.set(id, (net.get(id) ?? 0) + 1);
    if (e.type === 'ShipmentRefunded') net.set(id, (net.get(id) ?? 0) - 1);
  }
  const bound = new Set(boundShipments.values());
  const broken: string[] = [];
  for (const key of keys) {
    const shipment = boundShipments.get(key);
    if (shipment !== undefined && (net.get(shipment) ?? 0) > 1)
      broken.push(`key ${key}: shipment ${shipment} charged ${net.get(shipment)} times`);
  }
  for (const id of new Set([...requestedShipments, ...net.keys()]))
    if (!bound.has(id) && (net.get(id) ?? 0) > 0)
      broken.push(`shipment ${id} charged under no key's shipment`);
  return {
    name: 'instant ship with an Idempotency-Key charged at most once',
    checked: keys.length,
    broken: shown(broken),
  };
}

/** One CreditAdded per admin credit's Idempotency-Key (its reference), exactly one when answered 201. */
export function creditAddedOncePerKey(
  credits: { key: string; status: number | string }[],
  ledgerEvents: StoredEvent[],
): InvariantResult {
  const added = countBy(
    ledgerEvents.filter((e) => e.type === 'CreditAdded'),
    (e) => e.data.reference,
  );
  const broken: string[] = [];
  for (const { key, status } of credits) {
    const count = added.get(key) ?? 0;
    if (count > 1 || (status === 201 && count !== 1))
      broken.push(`credit ${key} (answered ${status}) added ${count} times`);
  }
  return {
    name: 'admin credit added once per Idempotency-Key',
    checked: credits.length,
    broken: shown(broken),
  };
}

const SIGN: Record<string, number> = {
  CreditGranted: 1,
  CreditAdded: 1,
  ItemRefunded: 1,
  ShipmentRefunded: 1,
  BatchCharged: -1,
  ShipmentCharged: -1,
};

/** Every account's balance (ledger_heads) equals the sum of its ledger stream's events. */
export function balanceEqualsLedger(
  ledgerEvents: StoredEvent[],
  balances: Map<string, number>,
): InvariantResult {
  const sums = new Map<string, number>();
  for (const e of ledgerEvents)
    sums.set(e.stream, (sums.get(e.stream) ?? 0) + (SIGN[e.type] ?? 0) * Number(e.data.amount_cents));
  const broken: string[] = [];
  for (const stream of new Set([...sums.keys(), ...balances.keys()])) {
    const [sum, balance] = [sums.get(stream) ?? 0, balances.get(stream)];
    if (balance !== sum) broken.push(`${stream}: balance ${balance} but events sum to ${sum}`);
  }
  return {
    name: 'account balance equals the sum of its ledger events',
    checked: sums.size,
    broken: shown(broken),
  };
}

export interface StreamShape {
  app: string;
  stream: string;
  events: number;
  distinctRevisions: number;
  maxRevision: number;
  /** Events whose type and data repeat an earlier event of the stream. */
  repeats: number;
}

/** Each stream's revisions run 0..n-1 without a gap, and no event of it repeats another. */
export function noEventLostOrDuplicated(streams: StreamShape[]): InvariantResult {
  const broken = streams
    .filter((s) => s.events !== s.maxRevision + 1 || s.distinctRevisions !== s.events || s.repeats > 0)
    .map(
      (s) =>
        `${s.app} ${s.stream}: ${s.events} events, revisions up to ${s.maxRevision}, ${s.repeats} repeated`,
    );
  return {
    name: 'no event lost or duplicated in any stream',
    checked: streams.length,
    broken: shown(broken),
  };
}

export interface ReadModelComparison {
  app: string;
  tables: { table: string; equal: boolean; liveRows: number; rebuiltRows: number }[];
}

export function readModelsEqualRebuild(comparisons: ReadModelComparison[]): InvariantResult {
  const broken = comparisons.flatMap(({ app, tables }) =>
    tables
      .filter((t) => !t.equal)
      .map((t) => `${app} ${t.table}: live ${t.liveRows} rows, rebuilt ${t.rebuiltRows}, different`),
  );
  return {
    name: 'read models equal a rebuild from the events',
    checked: comparisons.reduce((sum, c) => sum + c.tables.length, 0),
    broken: shown(broken),
  };
}

export interface StoredDelivery {
  id: string;
  path: string;
  status: string;
}

/**
 * Every delivery of every endpoint delivered, and the receiver got it; each body the receiver got
 * on an endpoint came under one Webhook-Id, a delivery the webhook app recorded.
 */
export function deliveriesDeliveredWithOneId(
  deliveries: StoredDelivery[],
  received: ReceivedCall[],
): InvariantResult {
  const receivedIds = new Set(received.map((call) => call.webhookId));
  const known = new Set(deliveries.map((d) => d.id));
  const idsByBody = new Map<string, Set<string>>();
  for (const call of received) {
    const body = `${call.path} ${call.raw}`;
    idsByBody.set(body, (idsByBody.get(body) ?? new Set()).add(call.webhookId));
  }
  const broken: string[] = [];
  for (const d of deliveries) {
    if (d.status !== 'delivered') broken.push(`delivery ${d.id} to ${d.path} is ${d.status}`);
    else if (!receivedIds.has(d.id))
      broken.push(`delivery ${d.id} to ${d.path} delivered but never received`);
  }
  for (const [body, ids] of idsByBody)
    if (ids.size !== 1)
      broken.push(`one body to ${body.split(' ')[0]} under ${ids.size} Webhook-Ids: ${[...ids].join(', ')}`);
  for (const id of receivedIds)
    if (!known.has(id)) broken.push(`received Webhook-Id ${id} that no delivery has`);
  return {
    name: 'every webhook delivery delivered, each with one id',
    checked: deliveries.length,
    broken: shown(broken),
  };
}

/** Every shipment (a batch item labelled, an instant ship shipped) notified on every endpoint. */
export function shipmentsNotifiedOnEveryEndpoint(
  trackingNumbers: string[],
  endpointPaths: string[],
  received: ReceivedCall[],
): InvariantResult {
  const notified = new Set<string>();
  for (const call of received) {
    try {
      notified.add(`${call.path} ${JSON.parse(call.raw).main_tracking_number}`);
    } catch {
      // Not a shipment's body: counted by no shipment.
    }
  }
  const broken = endpointPaths.flatMap((path) =>
    trackingNumbers
      .filter((number) => !notified.has(`${path} ${number}`))
      .map((number) => `shipment ${number} never notified to ${path}`),
  );
  return {
    name: 'every shipment notified on every endpoint',
    checked: trackingNumbers.length * endpointPaths.length,
    broken: shown(broken),
  };
}

/** No poison is injected, so nothing may be parked. */
export function nothingParked(
  parked: { app: string; subscription: string; eventId: string }[],
  appsChecked: number,
): InvariantResult {
  return {
    name: 'nothing parked (no poison injected)',
    checked: appsChecked,
    broken: shown(parked.map((p) => `${p.app} ${p.subscription} parked event ${p.eventId}`)),
  };
}
