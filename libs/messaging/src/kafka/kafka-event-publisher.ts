import { type IHeaders, Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import { type KafkaConnection, kafkaClientConfig } from './kafka-security';
import { TopicCreator } from './topic-creator';

export interface KafkaEventPublisherOptions extends KafkaConnection {
  clientId: string;
  /** Partitions of the topics this publisher creates. */
  partitions: number;
}

/** How long a failed producer may take to disconnect before it is left behind. */
const DISCONNECT_WAIT_MS = 5_000;

export interface PublishedMessage {
  key: string;
  value: string;
  headers?: IHeaders;
}

/**
 * Produces facts for other teams' consumers. `publish` resolves only once every in-sync replica
 * has the message (acks all), so a caller may count it as delivered. The producer is idempotent
 * with one request in flight: a send retried after a lost acknowledgement neither duplicates nor
 * reorders one key's messages. A send that fails all the same (the broker stayed away through
 * the retries) drops the producer and the next publish starts a new one: the failed event may then
 * arrive twice (consumers dedupe), but its caller sends nothing later before it is acknowledged.
 */
export class KafkaEventPublisher {
  private readonly kafka: Kafka;
  private readonly topics: TopicCreator;
  private producer: Producer | undefined;
  private connecting: Promise<Producer> | undefined;

  constructor(options: KafkaEventPublisherOptions) {
    this.kafka = new Kafka({ ...kafkaClientConfig(options.clientId, options), logLevel: logLevel.WARN });
    this.topics = new TopicCreator(() => this.kafka, options);
  }

  async publish(topic: string, messages: PublishedMessage[]): Promise<void> {
    try {
      const producer = await this.connected();
      await this.topics.ensure([topic]);
      await producer.send({ topic, acks: -1, messages });
    } catch (error) {
      await this.dropProducer();
      throw error;
    }
  }

  close(): Promise<void> {
    return this.dropProducer();
  }

  private async dropProducer(): Promise<void> {
    const dropped = this.producer;
    this.producer = undefined;
    this.connecting = undefined;
    if (!dropped) return;
    let gaveUp: NodeJS.Timeout | undefined;
    await Promise.race([
      dropped.disconnect().catch(() => undefined),
      new Promise((done) => (gaveUp = setTimeout(done, DISCONNECT_WAIT_MS))),
    ]);
    clearTimeout(gaveUp);
  }

  /** A failed connection is forgotten, so the next publish tries again. */
  private connected(): Promise<Producer> {
    this.connecting ??= this.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  private async connect(): Promise<Producer> {
    this.producer ??= this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await this.producer.connect();
    return this.producer;
  }
}
