export * from './pickup.module';
