import { eventMetadata, requestContextOf } from './event-metadata';

describe('the metadata of the events a command appends', () => {
  const request = { accountId: 'acct_a', correlationId: 'req-1', idempotencyKey: 'key-1' };

  it('carries the request id as correlation and causation, and the account', () => {
    expect(eventMetadata(request)).toEqual({
      correlationId: 'req-1',
      causationId: 'req-1',
      accountId: 'acct_a',
    });
  });

  it('names the event a process manager reacts to as the cause', () => {
    expect(eventMetadata(request, 'event-7')).toMatchObject({
      correlationId: 'req-1',
      causationId: 'event-7',
    });
  });

  it('records the admin key behind the request, and only when there is one', () => {
    expect(eventMetadata({ ...request, actor: 'adm_1' })).toMatchObject({ actor: 'adm_1' });
    expect(eventMetadata({ ...request, actor: undefined })).not.toHaveProperty('actor');
  });
});

describe('the context of the requests a process sends on reacting to an event', () => {
  it('carries the account it names and the correlation id of the request behind the event', () => {
    const event = { id: 'event-7', metadata: { correlationId: 'req-1', accountId: 'acct_other' } };
    expect(requestContextOf(event, 'acct_a')).toEqual({ accountId: 'acct_a', correlationId: 'req-1' });
  });

  it("takes the event's own id as correlation id for an event recorded without one", () => {
    expect(requestContextOf({ id: 'event-7', metadata: {} }, 'acct_a')).toEqual({
      accountId: 'acct_a',
      correlationId: 'event-7',
    });
  });
});
