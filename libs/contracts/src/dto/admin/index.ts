export * from './admin-requests';
