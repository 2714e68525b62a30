export * from './order.module';
export * from './open-orders/open-orders.projection';
export * from './order-environment';
