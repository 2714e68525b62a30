export const PickupPatterns = {
  savePickupOrder: 'pickup.orders.save',
  quotePickup: 'pickup.rates.quote',
  listPickupOrders: 'pickup.orders.list',
} as const;

export const PICKUP_NOT_SAVED_MESSAGE = 'Pickup order could not be saved';
