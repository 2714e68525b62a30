export * from './embedded.module';
export * from './embedded-config';
export * from './embedded-app-events';
