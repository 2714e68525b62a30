export * from './register-webhook.request';
