export * from './app-events';
export * from './published-categories';
export * from './cloud-event';
export * from './public-event-relay';
export * from './public-events.module';
