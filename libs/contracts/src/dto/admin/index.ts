export * from './admin-requests';
export * from './carrier-credentials';
