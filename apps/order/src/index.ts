export * from './order.module';
export * from './open-orders/open-orders.projection';
export * from './order-environment';
export * from './accounts/account-directory.schema';
export * from './accounts/account-projection';
