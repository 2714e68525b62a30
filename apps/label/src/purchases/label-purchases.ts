import { Inject, Injectable } from '@nestjs/common';
import type { LabelPurchaseItem, LabelPurchaseReply, LabelPurchaseResult } from '@shipping/contracts';
import { CARRIER_PORT, type CarrierPort } from '../carrier/carrier-port';
import { itemLabelKey } from '../files/label-keys';
import { LabelFiles } from '../files/label-files';
import { assertPurchaseRequest } from '../label-requests';
import { LabelPurchaseStore, type StoredLabel } from './label-purchase-store';

type Answers = Map<string, LabelPurchaseResult>;
type Bought = { ok: true; label: StoredLabel } | { ok: false; result: LabelPurchaseResult };

const bought = (label: StoredLabel): LabelPurchaseResult => ({
  item_id: label.item_id,
  ok: true,
  tracking_number: label.tracking_number,
  label_key: label.label_key,
});

/**
 * Buys each item's label once. Requests are redelivered and retried (at-least-once transports,
 * a batch resumed after a crash): an item with a row answers the row; concurrent requests for one
 * item in this process share one purchase; across processes the first row wins (insert on
 * conflict do nothing, then re-read) and the carrier's idempotency key makes the second buy a
 * repeat of the first. Rows are written after the label files, so a crash in between at worst
 * buys the same labels again.
 */
@Injectable()
export class LabelPurchases {
  private readonly inFlight = new Map<string, Promise<LabelPurchaseResult>>();

  constructor(
    @Inject(CARRIER_PORT) private readonly carrier: CarrierPort,
    private readonly store: LabelPurchaseStore,
    private readonly files: LabelFiles,
  ) {}

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
    const work = this.purchaseOwned(request.service, [...owned.values()]);
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

  /** Items no other request of this process is buying: read their rows, buy the rest, record those. */
  private async purchaseOwned(service: string, items: LabelPurchaseItem[]): Promise<Answers> {
    const answers: Answers = new Map();
    if (items.length === 0) return answers;
    const stored = await this.store.find(items.map((item) => item.item_id));
    for (const label of stored.values()) answers.set(label.item_id, bought(label));
    const attempts = await Promise.allSettled(
      items.filter((item) => !stored.has(item.item_id)).map((item) => this.buy(service, item)),
    );
    const labels: StoredLabel[] = [];
    for (const attempt of attempts) {
      if (attempt.status === 'rejected') continue;
      if (attempt.value.ok) labels.push(attempt.value.label);
      else answers.set(attempt.value.result.item_id, attempt.value.result);
    }
    // Labels bought beside a failed item are recorded too, so the retry does not buy them again.
    for (const label of (await this.store.record(labels)).values()) answers.set(label.item_id, bought(label));
    const failed = attempts.find((attempt) => attempt.status === 'rejected');
    if (failed) throw failed.reason;
    return answers;
  }

  private async buy(service: string, { item_id, shipment }: LabelPurchaseItem): Promise<Bought> {
    const label = await this.carrier.purchase({ item_id, service, shipment });
    if (!label.ok) return { ok: false, result: { item_id, ok: false, reason: label.reason } };
    const label_key = itemLabelKey(item_id);
    await this.files.write(label_key, label.label_pdf);
    return { ok: true, label: { item_id, tracking_number: label.tracking_number, label_key } };
  }
}
