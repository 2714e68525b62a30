export * from './account-directory.client';
