export * from './validate-config';
export * from './app-environment';
export * from './http-listener';
export * from './storage-config';
export * from './kafka-connection-config';
export * from './production-checks';
export * from './sandbox-defaults';
export * from './secret-strength';
