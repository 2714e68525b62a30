import type { DistributedRuntime } from '@shipping/testing';
import {
  balancesOf,
  batchEventsOf,
  carrierSalesByItem,
  deliveriesOf,
  instantShipKeysOf,
  ledgerEventsOf,
  parkedOf,
  REBUILT_APPS,
  rebuildAndCompare,
  requestedShipmentsOf,
  streamShapesOf,
  trackingNumbersOf,
  uspsEvidenceOf,
} from './evidence';
import {
  balanceEqualsLedger,
  batchItemsOnce,
  creditAddedOncePerKey,
  deliveriesDeliveredWithOneId,
  instantShipChargedAtMostOnce,
  type InvariantResult,
  noEventLostOrDuplicated,
  nothingParked,
  oneChargePerShippedBatch,
  readModelsEqualRebuild,
  salesByItemOf,
  shipmentsNotifiedOnEveryEndpoint,
  uspsLabelsSoldOnce,
} from './invariants';
import type { LoadLog } from './load';
import type { StallingReceiver } from './stalling-receiver';

/** Reads each app's own database and checks every invariant of the campaign against it. */
export async function checkInvariants(
  runtime: DistributedRuntime,
  receiver: StallingReceiver,
  log: LoadLog,
  endpointPaths: string[],
  uspsSold: string[],
): Promise<InvariantResult[]> {
  const [batchEvents, ledgerEvents] = [await batchEventsOf(runtime), await ledgerEventsOf(runtime)];
  const comparisons = [];
  for (const name of REBUILT_APPS) comparisons.push(await rebuildAndCompare(runtime.apps[name], name));
  const keyed = await instantShipKeysOf(runtime);
  const clientKeys = new Set(log.instantShipKeys);
  const usps = await uspsEvidenceOf(runtime, uspsSold);
  const boundToClientKeys = new Map([...keyed].filter(([key]) => clientKeys.has(key)));
  return [
    batchItemsOnce(batchEvents, ledgerEvents, salesByItemOf(await carrierSalesByItem(runtime), usps)),
    uspsLabelsSoldOnce(usps),
    oneChargePerShippedBatch(batchEvents, ledgerEvents),
    instantShipChargedAtMostOnce(
      log.instantShipKeys,
      boundToClientKeys,
      await requestedShipmentsOf(runtime),
      ledgerEvents,
    ),
    creditAddedOncePerKey(log.credits, ledgerEvents),
    balanceEqualsLedger(ledgerEvents, await balancesOf(runtime)),
    readModelsEqualRebuild(comparisons),
    noEventLostOrDuplicated(await streamShapesOf(runtime)),
    shipmentsNotifiedOnEveryEndpoint(await trackingNumbersOf(runtime), endpointPaths, receiver.received),
    deliveriesDeliveredWithOneId(await deliveriesOf(runtime), receiver.received),
    nothingParked(await parkedOf(runtime), Object.keys(runtime.apps).length),
  ];
}
