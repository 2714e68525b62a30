export * from './pickups/pickup-types';
export * from './pickups/pickup-events';
export * from './pickups/pickup-upcasters';
export * from './pickups/pickup-decider';
export * from './pickups/pickup-view';
export * from './pickups/pickup-normalization';
export * from './rates/pickup-quote';
