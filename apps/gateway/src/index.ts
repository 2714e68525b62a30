export * from './gateway.module';
export * from './http';
export * from './gateway-config';
export * from './openapi/openapi-document';
