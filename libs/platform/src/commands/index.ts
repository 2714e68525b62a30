export * from './handle-command';
export * from './event-metadata';
