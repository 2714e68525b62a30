export * from './fenced-leases';
export * from './held-lease';
export * from './lease-sweep';
export * from './leased-work';
export * from './periodic-sweep';
