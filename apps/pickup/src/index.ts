export * from './pickup.module';
export * from './pickup.migrations';
export * from './read-model/pickup-orders.projection';
export * from './pickup-environment';
export * from './pickup-app-events';
