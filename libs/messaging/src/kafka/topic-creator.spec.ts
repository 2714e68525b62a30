import { KafkaJSConnectionError, KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } from 'kafkajs';
import { notYet } from './topic-creator';

/** kafkajs builds a protocol error from the broker's error code entry: its type, code and whether it is retriable. */
const protocolError = (type: string, code: number, retriable: boolean, message: string) =>
  new KafkaJSProtocolError(Object.assign(new Error(message), { type, code, retriable }));

const unknownTopic = () =>
  protocolError('UNKNOWN_TOPIC_OR_PARTITION', 3, true, 'This server does not host this topic-partition');

describe('notYet: what a settling broker answers, worth waiting for at start', () => {
  it('is a topic listed but not served yet, even after kafkajs gave up retrying it', () => {
    expect(notYet(unknownTopic())).toBe(true);
    expect(
      notYet(new KafkaJSNumberOfRetriesExceeded(unknownTopic(), { retryCount: 5, retryTime: 1000 })),
    ).toBe(true);
  });

  it('is a topic without a leader yet, and a broker not reachable yet', () => {
    expect(notYet(new Error('No leader yet for shipping.order.commands.'))).toBe(true);
    expect(notYet(new KafkaJSConnectionError('Connection error: ECONNREFUSED'))).toBe(true);
  });

  it('is not a refusal that waiting cannot change', () => {
    const invalidReplication = protocolError(
      'INVALID_REPLICATION_FACTOR',
      38,
      false,
      'Replication-factor is invalid',
    );
    expect(notYet(invalidReplication)).toBe(false);
    expect(notYet(new Error('Creating Kafka topics failed', { cause: invalidReplication }))).toBe(false);
  });
});
