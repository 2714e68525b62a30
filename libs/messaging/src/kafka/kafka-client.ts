import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ClientKafka, KafkaHeaders, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { type Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import { splitKey } from '../keyed-message';
import { endedWith, failed, SpanKind, context, trace, tracer } from '../observability/trace-context';
import {
  CONSUMER_SESSION,
  FETCH_WAIT_MS,
  type KafkaTransportOptions,
  type ResolvedKafkaOptions,
  resolvedOptions,
} from './kafka-options';
import { kafkaClientConfig } from './kafka-security';
import { topicName, topicOfPattern } from './kafka-topics';
import { DEADLINE_HEADER, outgoingMessage, replyDeserializer } from './kafka-wire';
import { keepConsuming } from './keep-consuming';
import { OrderedSender } from './ordered-sender';
import { TopicCreator } from './topic-creator';

/**
 * `send` and `emit` over Kafka for code that injects a ClientProxy. Requests go to their context's
 * commands topic with a deadline; replies come back on this app's replies topic, read by its own
 * consumer group (Nest's reply-partition assigner gives each running instance its own partition).
 */
export class KafkaClient extends ClientKafka implements OnApplicationShutdown {
  protected override logger = new Logger(KafkaClient.name);
  private readonly settings: ResolvedKafkaOptions;
  private readonly replyTopic: string;
  private readonly topics: TopicCreator;
  private readonly sender: OrderedSender;
  private closing = false;

  constructor(options: KafkaTransportOptions) {
    const settings = resolvedOptions(options);
    super({
      client: { ...kafkaClientConfig(`shipping.${settings.app}.client`, settings), logLevel: logLevel.WARN },
      consumer: {
        groupId: `shipping.${settings.app}.replies`,
        maxWaitTimeInMs: FETCH_WAIT_MS,
        ...CONSUMER_SESSION,
      },
      // Idempotent, one request in flight: a retried send cannot reorder one key's messages.
      producer: {
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
      },
      // Replies nobody waits for any more are read and dropped; none sent after the group joined is missed.
      subscribe: { fromBeginning: true },
      postfixId: '',
      parser: { keepBinary: true },
      deserializer: replyDeserializer,
    });
    this.settings = settings;
    this.replyTopic = topicName(settings.app, 'replies');
    this.topics = new TopicCreator(() => this.client as Kafka, settings);
    this.sender = new OrderedSender(
      () => this.producer,
      (topics) => this.topics.ensure(topics),
    );
    this.subscribeToResponseOf(this.replyTopic);
  }

  /** A failed connection is forgotten, so the next send tries again instead of failing forever. */
  override async connect(): Promise<Producer> {
    try {
      return await super.connect();
    } catch (error) {
      await this.close().catch(() => undefined);
      throw error;
    }
  }

  override async bindTopics(): Promise<void> {
    this.closing = false;
    await this.topics.ensure([this.replyTopic]);
    await super.bindTopics();
    const consumer = this.consumer;
    const run = () => consumer.run({ ...this.options.run, eachMessage: this.createResponseCallback() });
    keepConsuming(consumer, run, this.logger, () => this.closing);
  }

  /** Requests still waiting fail as a transport failure would, as on the in-process transport. */
  override async close(): Promise<void> {
    this.closing = true;
    const waiting = [...this.routingMap.values()];
    this.routingMap.clear();
    for (const callback of waiting) {
      callback({ err: new Error('The Kafka client was closed before the reply came.') });
    }
    await super.close();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  protected override getResponsePatternName(): string {
    return this.replyTopic;
  }

  protected override publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const { id } = this.assignPacketId(packet);
    const pattern = this.normalizePattern(packet.pattern);
    const span = tracer().startSpan(`${pattern} send`, {
      kind: SpanKind.CLIENT,
      attributes: { 'messaging.system': 'kafka' },
    });
    const cleanup = () => {
      span.end();
      this.routingMap.delete(id);
    };
    const replied = (reply: WritePacket) => {
      if (reply.err) failed(span, reply.err);
      if (reply.err || reply.isDisposed) span.end();
      callback(reply);
    };
    const fail = (err: unknown) => {
      cleanup();
      callback({ err });
    };
    try {
      const { key, payload, timeoutMs } = splitKey(packet.data);
      const message = outgoingMessage(pattern, key, payload, trace.setSpan(context.active(), span));
      message.headers = {
        ...message.headers,
        [KafkaHeaders.CORRELATION_ID]: id,
        [KafkaHeaders.REPLY_TOPIC]: this.replyTopic,
        [KafkaHeaders.REPLY_PARTITION]: this.getReplyTopicPartition(this.replyTopic),
        [DEADLINE_HEADER]: String(Date.now() + (timeoutMs ?? this.settings.requestTimeoutMs)),
      };
      this.routingMap.set(id, replied);
      this.sender.send(topicOfPattern(pattern, 'commands'), message).catch(fail);
    } catch (error) {
      fail(error);
    }
    return cleanup;
  }

  protected override async dispatchEvent(packet: ReadPacket): Promise<unknown> {
    const pattern = this.normalizePattern(packet.pattern);
    const { key, payload } = splitKey(packet.data);
    const span = tracer().startSpan(`${pattern} publish`, {
      kind: SpanKind.PRODUCER,
      attributes: { 'messaging.system': 'kafka' },
    });
    const message = outgoingMessage(pattern, key, payload, trace.setSpan(context.active(), span));
    return endedWith(span, this.sender.send(topicOfPattern(pattern, 'events'), message));
  }
}
