export * from './gateway.module';
export * from './http';
export * from './gateway-config';
