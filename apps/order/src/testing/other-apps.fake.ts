import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AppError,
  type AppMessage,
  type LabelFileContent,
  LabelPatterns,
  type LabelPurchaseReply,
  LedgerPatterns,
} from '@shipping/contracts';

interface ShipmentCharge {
  shipment_order_id: number;
  amount_cents: number;
}

/** What instant ship asks of the batch app's ledger and of the label app, answered in memory. */
@Controller()
export class OtherAppsFake {
  charges: ShipmentCharge[] = [];
  refunds: ShipmentCharge[] = [];
  purchases: { service: string; item_ids: string[] }[] = [];
  /** When set, every charge is refused for want of credit. */
  outOfCredit = false;
  /** When set, the carrier refuses every label with this reason. */
  carrierRefusal?: string;

  @MessagePattern(LedgerPatterns.chargeShipment)
  charge(@Payload() { payload }: AppMessage<ShipmentCharge>): { charged: true } {
    if (this.outOfCredit) throw new AppError('insufficient_credit', 'Not enough credit.');
    this.charges.push(payload);
    return { charged: true };
  }

  @MessagePattern(LedgerPatterns.refundShipment)
  refund(@Payload() { payload }: AppMessage<ShipmentCharge>): { charged: true } {
    this.refunds.push(payload);
    return { charged: true };
  }

  @MessagePattern(LabelPatterns.purchase)
  purchase(
    @Payload() { payload }: AppMessage<{ service: string; items: { item_id: string }[] }>,
  ): LabelPurchaseReply {
    this.purchases.push({ service: payload.service, item_ids: payload.items.map((item) => item.item_id) });
    return payload.items.map(({ item_id }) =>
      this.carrierRefusal === undefined
        ? { item_id, ok: true, tracking_number: `TRACK-${item_id}`, label_key: `labels/${item_id}.pdf` }
        : { item_id, ok: false, reason: this.carrierRefusal },
    );
  }

  @MessagePattern(LabelPatterns.readFile)
  readFile(@Payload() { payload }: AppMessage<{ key: string }>): LabelFileContent {
    return { content_base64: Buffer.from(`label ${payload.key}`).toString('base64') };
  }
}
