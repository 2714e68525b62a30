export * from './clock';
export * from './clock.module';
