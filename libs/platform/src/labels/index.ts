export * from './label-urls';
