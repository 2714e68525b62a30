/**
 * The account ledger (credit in integer cents), owned by the batch app. Charges and refunds are
 * idempotent by shipment order id, so a request repeated after a crash moves no money twice.
 */
export const LedgerPatterns = {
  chargeShipment: 'ledger.shipment.charge',
  refundShipment: 'ledger.shipment.refund',
} as const;

export interface ShipmentChargeRequest {
  shipment_order_id: number;
  amount_cents: number;
}
