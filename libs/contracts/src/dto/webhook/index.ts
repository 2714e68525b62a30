export * from './register-webhook.request';
export * from './webhook-events-field';
