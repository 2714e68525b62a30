export const PickupPatterns = {
  savePickupOrder: 'pickup.orders.save',
  quotePickup: 'pickup.rates.quote',
  listPickupOrders: 'pickup.orders.list',
} as const;
