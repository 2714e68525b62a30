export * from './orders/order-types';
export * from './orders/order-events';
export * from './orders/order-decider';
export * from './orders/order-normalization';
export * from './open-orders/open-orders-projection';
