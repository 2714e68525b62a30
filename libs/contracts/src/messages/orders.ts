export const OrderPatterns = {
  saveFreightOrder: 'order.freight.save',
  saveParcelOrder: 'order.parcel.save',
  listOpenOrders: 'order.open-orders.list',
} as const;

export interface SavedOrder {
  shipment_order_id: number;
  created: boolean;
}
