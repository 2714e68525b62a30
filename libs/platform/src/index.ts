export * from './tokens';
export * from './config/validate-config';
export * from './config/storage-config';
export * from './storage/storage.module';
export * from './commands/handle-command';
export * from './accounts/account-directory.client';
export * from './labels/label-urls';
export * from './subscriptions/stored-subscription';
