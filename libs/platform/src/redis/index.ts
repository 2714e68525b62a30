export * from './redis-url';
export * from './redis-fallback';
