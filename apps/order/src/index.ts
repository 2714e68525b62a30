export * from './order.module';
export * from './order.migrations';
export * from './open-orders/open-orders.projection';
export * from './order-environment';
export * from './accounts/account-projection';
export * from './order-app-events';
