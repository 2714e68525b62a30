export * from './batch.module';
export * from './read-model/batch-projection';
export * from './batch.migrations';
export * from './batch-environment';
export * from './batch-app-events';
