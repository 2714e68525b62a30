export * from './secret-box';
export * from './secret-keys';
export * from './message-secrets';
