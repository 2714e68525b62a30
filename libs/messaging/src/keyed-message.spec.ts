import { eventParts, keyed, requestParts, TimedRequest } from './keyed-message';

const envelope = { context: { accountId: 'acct-1', correlationId: 'req-1' }, reference: 'PO-1' };

describe('the key a message is partitioned by', () => {
  it('sends a request without a key, even in an AppMessage, so requests spread over the partitions', () => {
    expect(requestParts(envelope)).toEqual({ key: null, payload: envelope });
    expect(requestParts(new TimedRequest(envelope, 5_000))).toEqual({
      key: null,
      payload: envelope,
      timeoutMs: 5_000,
    });
  });

  it('keeps the key a request was given with keyed()', () => {
    expect(requestParts(new TimedRequest(keyed('batch-7', envelope), 20_000))).toEqual({
      key: 'batch-7',
      payload: envelope,
      timeoutMs: 20_000,
    });
  });

  it("keys an event by the key it was given, else by its AppMessage's account, else not at all", () => {
    expect(eventParts(keyed('order-42', envelope))).toEqual({ key: 'order-42', payload: envelope });
    expect(eventParts(envelope)).toEqual({ key: 'acct-1', payload: envelope });
    expect(eventParts({ id: 'o-1' })).toEqual({ key: null, payload: { id: 'o-1' } });
  });
});
