import { Controller } from '@nestjs/common';
import { AppError, type Envelope, LedgerPatterns, type ShipmentChargeRequest } from '@shipping/contracts';
import { Ledger } from './ledger';
import { CommandPattern } from '@shipping/platform';

function assertChargeRequest(payload: unknown): asserts payload is ShipmentChargeRequest {
  const request = payload as Partial<ShipmentChargeRequest> | null;
  const whole = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value);
  if (
    typeof request !== 'object' ||
    request === null ||
    !whole(request.shipment_order_id) ||
    !whole(request.amount_cents)
  ) {
    throw new AppError('bad_request', 'A shipment charge needs a shipment_order_id and whole cents.');
  }
}

/** Charges and refunds of instant shipments, asked for by the order app. */
@Controller()
export class LedgerController {
  constructor(private readonly ledger: Ledger) {}

  @CommandPattern(LedgerPatterns.chargeShipment)
  async charge({ context, payload }: Envelope<unknown>): Promise<{ charged: boolean }> {
    assertChargeRequest(payload);
    return {
      charged: await this.ledger.chargeShipment(context, payload.shipment_order_id, payload.amount_cents),
    };
  }

  @CommandPattern(LedgerPatterns.refundShipment)
  async refund({ context, payload }: Envelope<unknown>): Promise<{ refunded: boolean }> {
    assertChargeRequest(payload);
    return {
      refunded: await this.ledger.refundShipment(context, payload.shipment_order_id, payload.amount_cents),
    };
  }
}
