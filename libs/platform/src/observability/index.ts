export * from './observability.module';
export * from './observability-server';
export * from './readiness';
export * from './metrics';
export * from './subscription-progress';
export * from './tracing';
