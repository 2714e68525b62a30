import { ServiceUnavailableException } from '@nestjs/common';
import { NotFound, Unavailable } from '@shipping/contracts';
import { UNAVAILABLE_MESSAGE } from '@shipping/messaging';
import {
  captureDatabaseFaults,
  createTestDatabase,
  type DatabaseFaults,
  type TestDatabase,
} from '@shipping/testing';
import { SERVER_ERROR_MESSAGE, toErrorResponse } from './error-response';

describe("toErrorResponse on the gateway's own store failures (errors a real PostgreSQL raises)", () => {
  let database: TestDatabase;
  let faults: DatabaseFaults;

  beforeAll(async () => {
    database = await createTestDatabase('gateway_error_response');
    faults = await captureDatabaseFaults(database.url);
  }, 60_000);

  afterAll(() => database?.drop());

  it('answers 503 with the retry message for a lost connection, a terminated backend, a serialization failure, a deadlock', () => {
    const transient = [
      faults.terminatedWhileRunning,
      faults.queriedAfterTermination,
      faults.queriedOnTerminatedIdleConnection,
      faults.refusedConnection,
      faults.serializationFailure,
      faults.deadlock,
    ];

    for (const error of transient) {
      const { status, body, retryAfterSeconds } = toErrorResponse(error);
      expect({ status, body, retryAfterSeconds }).toEqual({
        status: 503,
        body: { success: false, message: UNAVAILABLE_MESSAGE },
        retryAfterSeconds: 1,
      });
    }
  });

  it("says when to retry on every 503, an Unavailable's own wait first, and on nothing else", () => {
    expect(toErrorResponse(new Unavailable('Switched off.', 60)).retryAfterSeconds).toBe(60);
    expect(toErrorResponse(new ServiceUnavailableException()).retryAfterSeconds).toBe(1);
    expect(toErrorResponse(new NotFound('Batch not found.')).retryAfterSeconds).toBeUndefined();
    expect(toErrorResponse(new Error('a bug')).retryAfterSeconds).toBeUndefined();
  });

  it('still answers 500 "Server error." for an error of the code or the statement', () => {
    for (const error of faults.requestErrors) {
      expect(toErrorResponse(error)).toMatchObject({
        status: 500,
        body: { success: false, message: SERVER_ERROR_MESSAGE },
        unexpected: true,
      });
    }
  });
});
