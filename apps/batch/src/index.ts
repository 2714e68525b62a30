export * from './batch.module';
export * from './read-model/batch-projection';
export { BATCH_READ_MODEL_SCHEMA } from './read-model/batch.read-model.schema';
export * from './batch-environment';
