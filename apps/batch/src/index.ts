export * from './batch.module';
