export * from './orders/order-types';
export * from './orders/order-events';
export * from './orders/order-decider';
export * from './orders/order-normalization';
export * from './open-orders/open-orders-projection';
export * from './instant-ship/instant-ship-events';
export * from './instant-ship/instant-ship-decider';
