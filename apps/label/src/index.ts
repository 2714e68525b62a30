export * from './label.module';
