export * from './order.module';
