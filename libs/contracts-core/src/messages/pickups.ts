export const PickupPatterns = {
  savePickupOrder: 'pickup.orders.save',
  quotePickup: 'pickup.rates.quote',
  listPickupOrders: 'pickup.orders.list',
  getPickupOrder: 'pickup.orders.get',
  cancelPickupOrder: 'pickup.orders.cancel',
} as const;

export const PICKUP_NOT_SAVED_MESSAGE = 'Pickup order could not be saved';
