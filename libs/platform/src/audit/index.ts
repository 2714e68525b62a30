export * from './audit-config';
export * from './audit-checkpoint-job';
