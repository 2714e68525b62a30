export * from './message-handlers';
export * from './idempotent-requests.interceptor';
export * from './idempotent-requests.migrations';
export * from './idempotent-requests.retention';
export * from './claim-lease-store';
export * from './omitted-from-replay';
export * from './request-id';
export * from './claim-lease-config';
