import type { LabelPurchaseResult } from '@shipping/contracts';
import type { Clock } from '@shipping/platform/clock';
import { type Lease } from '@shipping/platform/leases';
import { metrics } from '@shipping/platform/observability';
import { type CarrierLabel, type CarrierPort, offers } from '../carrier/carrier-port';
import { surelyUnprocessed } from '../carrier/guard/carrier-fault';
import type { LabelFileStore } from '../files/label-file-store';
import { itemLabelKey } from '../files/label-keys';
import type { BoughtPiece, LabelPurchaseIntent, LabelPurchaseIntents } from './label-purchase-intents';
import { pieceCarrierKey, pieceLabelKey, piecesOf } from './label-pieces';
import type { StoredLabel } from './label-purchase-store';
import { ANSWER_LOST_IN_A_RESTART, outcomeUnknownReason } from './outcome-unknown';

type Claimed = LabelPurchaseIntent & { lease: Lease };

/** `kept`: the intent stays, answering the failure to every repeat (its outcome is unknown). */
export type PiecesBought =
  | { ok: true; label: StoredLabel; pdf: Uint8Array }
  | { ok: false; result: LabelPurchaseResult; kept?: boolean };

type Failure = { piece: number } & ({ refused: string } | { unknown: unknown });

/**
 * A shipment of several pieces from a carrier that sells one label a piece (decision 0111): each piece
 * is bought under the item's intent with a key of its own, its label stored and recorded in the intent
 * before the next is asked, so a takeover resumes at the next piece and never asks for one bought. The
 * item's label is the pieces' labels merged in order, its tracking number the first piece's. A piece
 * refused, or whose answer was lost, fails the whole item: the pieces bought before it are voided, and
 * a lost one is never asked again (decision 0102), its reason naming what to look for.
 */
export class PiecePurchases {
  constructor(
    private readonly intents: LabelPurchaseIntents,
    private readonly files: LabelFileStore,
    private readonly clock: Clock,
  ) {}

  async buy(intent: Claimed, carrier: CarrierPort): Promise<PiecesBought> {
    const { item_id, carrier_key, service, lease } = intent;
    const unkeyed = carrier.idempotencyKeys === 'ignored';
    const pieces = piecesOf(intent.shipment);
    const bought = [...intent.pieces];
    if (unkeyed && intent.asked)
      return this.fail(intent, carrier, bought, {
        piece: bought.length + 1,
        unknown: ANSWER_LOST_IN_A_RESTART,
      });
    for (let index = bought.length; index < pieces.length; index++) {
      const piece = index + 1;
      if (unkeyed) await this.intents.asking(lease);
      let label: CarrierLabel;
      try {
        label = await carrier.purchase({
          item_id,
          idempotency_key: pieceCarrierKey(carrier_key, piece),
          service,
          shipment: pieces[index],
        });
      } catch (error) {
        if (!unkeyed) throw error;
        if (!surelyUnprocessed(error)) return this.fail(intent, carrier, bought, { piece, unknown: error });
        await this.intents.notAsked(lease);
        throw error;
      }
      if (!label.ok) return this.fail(intent, carrier, bought, { piece, refused: label.reason });
      const stored = { tracking_number: label.tracking_number, label_key: pieceLabelKey(item_id, piece) };
      await this.files.put(stored.label_key, label.label_pdf);
      await this.intents.pieceBought(lease, stored);
      bought.push(stored);
    }
    const files = await this.files.getMany(bought.map((piece) => piece.label_key));
    const sources = bought.map((piece) => files.get(piece.label_key));
    if (sources.some((source) => source === undefined))
      throw new Error(`A piece label of item ${item_id} is missing from the label store.`);
    // pdf-lib loads when an item first has pieces to merge, not at every start of the app. Required,
    // not import()ed: TypeScript checks an import() as an ES import (decision 149).
    const { mergePdfs } = require('../rendering/merge-pdfs') as typeof import('../rendering/merge-pdfs');
    const { pdf } = await mergePdfs(sources as Uint8Array[]);
    metrics.labelsBought.inc();
    return {
      ok: true,
      label: {
        item_id,
        tracking_number: bought[0].tracking_number,
        label_key: itemLabelKey(item_id),
        piece_tracking_numbers: bought.map((piece) => piece.tracking_number),
      },
      pdf,
    };
  }

  /** The item fails whole: the pieces bought are voided, and a lost answer is kept as the item's. */
  private async fail(
    intent: Claimed,
    carrier: CarrierPort,
    bought: BoughtPiece[],
    failure: Failure,
  ): Promise<PiecesBought> {
    const { item_id } = intent;
    const of = piecesOf(intent.shipment).length;
    const voided = await voidPieces(carrier, bought);
    metrics.labelsFailed.inc();
    if ('refused' in failure) {
      const reason = `${failure.refused} (piece ${failure.piece} of ${of})${voided}`;
      return { ok: false, result: { item_id, ok: false, reason } };
    }
    const day = this.clock.now().toISOString().slice(0, 10);
    const lost = outcomeUnknownReason(intent.choice.carrier, item_id, intent.shipment, failure.unknown, day, {
      number: failure.piece,
      of,
    });
    const reason = `${lost}${voided}`;
    await this.intents.outcomeUnknown(intent.lease, reason);
    return { ok: false, result: { item_id, ok: false, reason }, kept: true };
  }
}

/** Voids the pieces bought before a failure; says which were voided and which must be voided by hand. */
async function voidPieces(carrier: CarrierPort, bought: BoughtPiece[]): Promise<string> {
  if (bought.length === 0) return '';
  const numbers = bought.map((piece) => piece.tracking_number);
  if (!offers(carrier, 'cancel'))
    return ` The labels of the pieces bought before it were not voided: void ${numbers.join(', ')} in the carrier account.`;
  const left: string[] = [];
  for (const trackingNumber of numbers) {
    const answer = await carrier.cancel(trackingNumber).catch(() => ({ ok: false as const, reason: '' }));
    if (!answer.ok) left.push(trackingNumber);
  }
  const done = numbers.filter((trackingNumber) => !left.includes(trackingNumber));
  return (
    (done.length > 0 ? ` The labels of the pieces bought before it were voided: ${done.join(', ')}.` : '') +
    (left.length > 0
      ? ` These could not be voided; void them in the carrier account: ${left.join(', ')}.`
      : '')
  );
}
