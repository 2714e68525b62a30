export * from './fenced-leases';
export * from './held-lease';
export * from './periodic-sweep';
