export * from './connect-message-handlers';
export * from './errors/app-error-rpc-filter';
export { INTERNAL_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from './errors/error-payloads';
export * from './errors/send-request';
export * from './in-process/in-process-broker';
export * from './in-process/in-process-client';
export * from './in-process/in-process-context';
export * from './in-process/in-process-messaging-module';
export * from './in-process/in-process-server';
