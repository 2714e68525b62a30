import { ORDER_EVENT_TYPES, type OrderEvent } from './order-events';

/**
 * Version 2 of every order event records the drafting key's mode. A version 1 order was drafted
 * before keys had a mode reach the order app: it reads as a test order (decision 101).
 */
export function orderEventV1ToV2(data: unknown): OrderEvent['data'] {
  return { ...(data as object), key_mode: 'test' } as OrderEvent['data'];
}

export const ORDER_EVENT_UPCASTERS = ORDER_EVENT_TYPES.map((type) => ({
  type,
  fromVersion: 1,
  upcast: orderEventV1ToV2,
}));
