export * from './webhook.module';
export * from './webhook.migrations';
export * from './webhook-environment';
