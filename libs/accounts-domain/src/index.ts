export * from './accounts/account-events';
export * from './accounts/account-decider';
export * from './accounts/api-key-events';
export * from './accounts/api-key-decider';
