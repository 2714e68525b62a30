export * from './embedded.module';
export * from './embedded-config';
