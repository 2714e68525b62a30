export * from './ledger/ledger-events';
export * from './ledger/ledger-decider';
export * from './ledger/ledger-errors';
export * from './ledger/evolve-ledger';
export * from './ledger/ledger-entries';
