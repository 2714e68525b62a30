export * from './retention-policy';
export * from './retention-job';
export * from './retention-config';
export * from './retention.provider';
