import { startKafkaBroker } from './kafka-broker.fixture';
import { kafkaTransportSuite } from './kafka-transport.suite';
import { partitionedConsumerSuite } from './partitioned-consumer.suite';

/**
 * One plain broker for the transport's and the partitioned consumer's specs, which keep to topics
 * and groups of their own: a broker's start costs about 6 CPU seconds and 10 s.
 */
describe('on one plain broker', () => {
  let broker: Awaited<ReturnType<typeof startKafkaBroker>> | undefined;

  beforeAll(async () => {
    broker = await startKafkaBroker();
  }, 120_000);

  afterAll(() => broker?.stop(), 60_000);

  const started = () => {
    if (!broker) throw new Error('the broker did not start');
    return broker;
  };
  kafkaTransportSuite(started);
  partitionedConsumerSuite(started);
});
