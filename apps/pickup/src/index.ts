export * from './pickup.module';
export * from './read-model/pickup-orders.projection';
export * from './pickup-environment';
