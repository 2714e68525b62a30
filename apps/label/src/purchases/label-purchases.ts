import { Inject, Injectable } from '@nestjs/common';
import {
  type LabelPurchaseItem,
  type LabelPurchaseReply,
  type LabelPurchaseResult,
  Unavailable,
} from '@shipping/contracts';
import { CLOCK, type Clock, SystemClock } from '@shipping/platform/clock';
import { HeldLease, type Lease, LeaseLost } from '@shipping/platform/leases';
import { metrics } from '@shipping/platform/observability';
import { randomUUID } from 'node:crypto';
import { type CarrierChoice, carrierChoiceOf } from '../carrier/carrier-choice';
import type { CarrierLabel } from '../carrier/carrier-port';
import { CarrierRegistry } from '../carrier/carrier-registry';
import { surelyUnprocessed } from '../carrier/guard/carrier-fault';
import { LABEL_FILE_STORE, type LabelFile, type LabelFileStore } from '../files/label-file-store';
import { itemLabelKey } from '../files/label-keys';
import { assertPurchaseRequest } from '../label-requests';
import { type LabelPurchaseIntent, LabelPurchaseIntents } from './label-purchase-intents';
import { pieceCount } from './label-pieces';
import { ANSWER_LOST_IN_A_RESTART, outcomeUnknownReason } from './outcome-unknown';
import { PiecePurchases } from './piece-purchases';
import { LabelPurchaseStore, type StoredLabel } from './label-purchase-store';

type Answers = Map<string, LabelPurchaseResult>;
type Claimed = LabelPurchaseIntent & { lease: Lease };
/** `kept`: the intent stays, answering the failure to every repeat (its outcome is unknown). */
type Bought =
  | { ok: true; label: StoredLabel; pdf: Uint8Array }
  | { ok: false; result: LabelPurchaseResult; kept?: boolean };

/** How long a request waits for items another instance is buying before it answers unavailable. */
const WAIT_FOR_OTHER_HOLDER_MS = 10_000;
const POLL_MS = 100;

const leaseOf = (intent: Claimed) => intent.lease;

const bought = (label: StoredLabel): LabelPurchaseResult => ({
  item_id: label.item_id,
  ok: true,
  tracking_number: label.tracking_number,
  label_key: label.label_key,
  ...(label.piece_tracking_numbers ? { piece_tracking_numbers: label.piece_tracking_numbers } : {}),
});

/**
 * Buys each item's label once. Requests are redelivered and retried (at-least-once transports,
 * a batch resumed after a crash, an instant ship retried): an item with a row answers the row;
 * concurrent requests for one item in this process share one purchase. Before the carrier is
 * called the item's intent is recorded with the carrier idempotency key and claimed by this
 * process (LabelPurchaseIntents), so another instance waits for it instead of buying too, and
 * after a crash between the carrier's answer and the row the purchase is completed with the same
 * key, which the carrier answers with the label it already sold. Before calling the carrier the
 * process asks the database whether it still holds the items' leases: one that stalled past them
 * waits for the process that took them over instead. Each intent records the adapter its first
 * request chose (the shipper's carrier and integration, and the key's mode), and the item is
 * bought from that adapter whoever completes it: a retry, another instance, or the sweep.
 */
@Injectable()
export class LabelPurchases {
  private readonly inFlight = new Map<string, Promise<LabelPurchaseResult>>();
  /** This process, as the holder of the intents it claims. */
  private readonly holder = randomUUID();
  private readonly pieces: PiecePurchases;

  constructor(
    private readonly carriers: CarrierRegistry,
    private readonly store: LabelPurchaseStore,
    @Inject(LABEL_FILE_STORE) private readonly files: LabelFileStore,
    private readonly intents: LabelPurchaseIntents,
    /** The day an "outcome unknown" reason tells the merchant to look for the label. */
    @Inject(CLOCK) private readonly clock: Clock = new SystemClock(),
  ) {
    this.pieces = new PiecePurchases(intents, files, clock);
  }

  async purchase(request: unknown): Promise<LabelPurchaseReply> {
    assertPurchaseRequest(request);
    const answers = new Map<string, Promise<LabelPurchaseResult>>();
    const owned = new Map<string, LabelPurchaseItem>();
    for (const item of request.items) {
      if (answers.has(item.item_id) || owned.has(item.item_id)) continue;
      const running = this.inFlight.get(item.item_id);
      if (running) answers.set(item.item_id, running);
      else owned.set(item.item_id, item);
    }
    const work = this.purchaseOwned(request.service, [...owned.values()], carrierChoiceOf(request));
    for (const itemId of owned.keys()) {
      const answer = work.then((results) => results.get(itemId) as LabelPurchaseResult);
      this.inFlight.set(itemId, answer);
      answers.set(itemId, answer);
    }
    const settled = await Promise.allSettled(request.items.map((item) => answers.get(item.item_id)));
    for (const itemId of owned.keys()) this.inFlight.delete(itemId);
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((result) => (result as PromiseFulfilledResult<LabelPurchaseResult>).value);
  }

  /**
   * Completes purchases whose holder died or gave up, with their own keys and from the adapters
   * they were begun with; answers how many.
   */
  async completeUnheld(limit = 100): Promise<number> {
    return this.complete(await this.intents.unheld(limit));
  }

  /** Completes the purchases of intents nobody held, as the sweep hands them over; answers how many. */
  async complete(unheld: readonly LabelPurchaseIntent[]): Promise<number> {
    const requests = new Map<
      string,
      { service: string; choice: CarrierChoice; items: LabelPurchaseItem[] }
    >();
    for (const { service, choice, item_id, shipment } of unheld) {
      const key = JSON.stringify([service, choice.carrier, choice.integration, choice.mode, choice.shipper]);
      const request = requests.get(key) ?? { service, choice, items: [] };
      request.items.push({ item_id, shipment });
      requests.set(key, request);
    }
    for (const { service, choice, items } of requests.values())
      await this.purchase({
        service,
        items,
        shipper: { carrier: choice.carrier, integration: choice.integration, ...choice.shipper },
        mode: choice.mode,
      });
    return unheld.length;
  }

  /**
   * Items no other request of this process is buying: their rows, else a claim on them and a
   * purchase under their intent's key; items another instance holds are waited for.
   */
  private async purchaseOwned(
    service: string,
    items: LabelPurchaseItem[],
    choice: CarrierChoice,
  ): Promise<Answers> {
    const answers: Answers = new Map();
    const deadline = Date.now() + WAIT_FOR_OTHER_HOLDER_MS;
    let waiting = items;
    while (waiting.length > 0) {
      for (const label of (await this.store.find(waiting.map((item) => item.item_id))).values())
        answers.set(label.item_id, bought(label));
      const unrecorded = waiting.filter((item) => !answers.has(item.item_id));
      const keys = await this.intents.claim(service, unrecorded, this.holder, choice);
      const claimed = unrecorded.flatMap((item) => {
        const intent = keys.get(item.item_id);
        return intent === undefined ? [] : [{ ...item, service, ...intent }];
      });
      const lost = new Set(await this.buyClaimed(claimed, answers));
      waiting = unrecorded.filter((item) => !keys.has(item.item_id) || lost.has(item.item_id));
      if (waiting.length === 0) break;
      if (Date.now() > deadline)
        throw new Unavailable(`The label of item ${waiting[0].item_id} is being bought by another request.`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return answers;
  }

  /** Buys the claimed items; answers those whose lease was lost before the carrier was called. */
  private async buyClaimed(claims: Claimed[], answers: Answers): Promise<string[]> {
    if (claims.length === 0) return [];
    const leases = this.intents.leases;
    // A label recorded between this request's read of the rows and its claim (another process
    // finished the item and ended its intent) is answered, not bought under a new key.
    const recorded = await this.store.find(claims.map((intent) => intent.item_id));
    for (const label of recorded.values()) answers.set(label.item_id, bought(label));
    await leases.removeAll(claims.filter((intent) => recorded.has(intent.item_id)).map(leaseOf));
    const claimed = claims.filter((intent) => !recorded.has(intent.item_id));
    if (claimed.length === 0) return [];
    const itemIds = claimed.map((intent) => intent.item_id);
    const held = new HeldLease(leases, claimed.map(leaseOf));
    let unsettled = itemIds;
    try {
      try {
        await held.assertHeld();
      } catch (error) {
        if (!(error instanceof LeaseLost)) throw error;
        unsettled = [];
        return itemIds;
      }
      const attempts = await Promise.allSettled(claimed.map((intent) => this.buy(intent)));
      const labels: StoredLabel[] = [];
      const files: LabelFile[] = [];
      const refused: string[] = [];
      const kept: string[] = [];
      for (const attempt of attempts) {
        if (attempt.status === 'rejected') continue;
        if (attempt.value.ok) {
          labels.push(attempt.value.label);
          files.push({ key: attempt.value.label.label_key, content: attempt.value.pdf });
        } else {
          (attempt.value.kept ? kept : refused).push(attempt.value.result.item_id);
          answers.set(attempt.value.result.item_id, attempt.value.result);
        }
      }
      // The files are stored before their rows are recorded, so a row never names a file no
      // instance can read; the request's files go in one write. Labels bought beside a failed
      // item are recorded too, so the retry does not buy them again.
      await this.files.putMany(files);
      for (const label of (await this.store.record(labels)).values())
        answers.set(label.item_id, bought(label));
      await leases.removeAll(claimed.filter((intent) => refused.includes(intent.item_id)).map(leaseOf));
      await leases.releaseAll(claimed.filter((intent) => kept.includes(intent.item_id)).map(leaseOf));
      unsettled = itemIds.filter((itemId) => !answers.has(itemId));
      const failed = attempts.find((attempt) => attempt.status === 'rejected');
      if (failed) throw failed.reason;
      return [];
    } finally {
      await held.stop();
      // What is still held failed on its way (the carrier, the disk, the database): whoever goes
      // on, a retry or the sweep, takes it over at once and buys under the same key.
      const left = claimed.filter((intent) => unsettled.includes(intent.item_id)).map(leaseOf);
      if (left.length > 0) await leases.releaseAll(left).catch(() => undefined);
    }
  }

  /**
   * Buys from the adapter the intent records, not the one the request at hand chose. A carrier
   * without idempotency keys is asked at most once per intent: the intent records the call first,
   * and an answer lost on the way (a fault it may have acted on, or a holder that died meanwhile)
   * ends the item failed with its reason, kept for every repeat (decision 0102). A carrier that
   * sells one label a piece buys a shipment of several pieces piece by piece (PiecePurchases).
   */
  private async buy(intent: Claimed): Promise<Bought> {
    const { item_id, carrier_key, service, shipment, choice, lease } = intent;
    if (intent.outcome_unknown !== null) return failedUnknown(item_id, intent.outcome_unknown);
    const carrier = this.carriers.adapterFor(choice);
    if (carrier.labelPerPiece && pieceCount(shipment) > 1) return this.pieces.buy(intent, carrier);
    const unkeyed = carrier.idempotencyKeys === 'ignored';
    if (unkeyed && intent.asked) return this.settleUnknown(intent, ANSWER_LOST_IN_A_RESTART);
    if (unkeyed) await this.intents.asking(lease);
    let label: CarrierLabel;
    try {
      label = await carrier.purchase({ item_id, idempotency_key: carrier_key, service, shipment });
    } catch (error) {
      if (!unkeyed) throw error;
      if (!surelyUnprocessed(error)) return this.settleUnknown(intent, error);
      await this.intents.notAsked(lease);
      throw error;
    }
    if (!label.ok) {
      metrics.labelsFailed.inc();
      return { ok: false, result: { item_id, ok: false, reason: label.reason } };
    }
    metrics.labelsBought.inc();
    const label_key = itemLabelKey(item_id);
    return {
      ok: true,
      label: { item_id, tracking_number: label.tracking_number, label_key },
      pdf: label.label_pdf,
    };
  }

  private async settleUnknown(intent: Claimed, cause: unknown): Promise<Bought> {
    const day = this.clock.now().toISOString().slice(0, 10);
    const reason = outcomeUnknownReason(intent.choice.carrier, intent.item_id, intent.shipment, cause, day);
    await this.intents.outcomeUnknown(intent.lease, reason);
    metrics.labelsFailed.inc();
    return failedUnknown(intent.item_id, reason);
  }
}

function failedUnknown(item_id: string, reason: string): Bought {
  return { ok: false, result: { item_id, ok: false, reason }, kept: true };
}
