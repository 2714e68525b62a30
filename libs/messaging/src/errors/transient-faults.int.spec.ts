import {
  captureDatabaseFaults,
  createTestDatabase,
  type DatabaseFaults,
  type TestDatabase,
} from '@shipping/testing';
import { isTransientFault } from './transient-faults';

describe('isTransientFault, on the errors a real PostgreSQL server and pg raise', () => {
  let database: TestDatabase;
  let faults: DatabaseFaults;

  beforeAll(async () => {
    database = await createTestDatabase('transient_faults');
    faults = await captureDatabaseFaults(database.url);
  }, 60_000);

  afterAll(() => database?.drop());

  it('counts a backend terminated while its query runs (57P01) and the connection it leaves behind', () => {
    expect(faults.terminatedWhileRunning).toMatchObject({ code: '57P01' });
    expect(isTransientFault(faults.terminatedWhileRunning)).toBe(true);
    // Which of pg's two messages a query on the dead connection meets depends on whether pg has
    // noticed the socket closing yet: both are the same fault.
    expect([
      'Connection terminated unexpectedly',
      'Client has encountered a connection error and is not queryable',
    ]).toContain(faults.queriedAfterTermination.message);
    expect(isTransientFault(faults.queriedAfterTermination)).toBe(true);
    expect(isTransientFault(faults.queriedOnTerminatedIdleConnection)).toBe(true);
  });

  it('counts a refused connection, a serialization failure and a deadlock', () => {
    expect(faults.refusedConnection).toMatchObject({ code: 'ECONNREFUSED' });
    expect(faults.serializationFailure).toMatchObject({ code: '40001' });
    expect(faults.deadlock).toMatchObject({ code: '40P01' });
    expect(isTransientFault(faults.refusedConnection)).toBe(true);
    expect(isTransientFault(faults.serializationFailure)).toBe(true);
    expect(isTransientFault(faults.deadlock)).toBe(true);
  });

  it('counts a fault found as the cause of another error', () => {
    expect(isTransientFault(new Error('could not save', { cause: faults.terminatedWhileRunning }))).toBe(
      true,
    );
  });

  it('keeps errors of the request or the code out: a unique violation, a division by zero, a syntax error', () => {
    expect(faults.requestErrors.map((error) => (error as Error & { code?: string }).code)).toEqual([
      '23505',
      '22012',
      '42601',
    ]);
    expect(faults.requestErrors.map((error) => isTransientFault(error))).toEqual([false, false, false]);
    expect(isTransientFault(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isTransientFault('Connection terminated unexpectedly')).toBe(false);
  });
});
