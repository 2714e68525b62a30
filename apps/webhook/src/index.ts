export * from './webhook.module';
