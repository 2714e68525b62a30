import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ClientKafka, KafkaHeaders, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { type Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import { eventParts, requestParts } from '../keyed-message';
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
import { DEADLINE_HEADER, headerText, outgoingMessage, replyDeserializer } from './kafka-wire';
import { keepConsuming } from './keep-consuming';
import { OrderedSender } from './ordered-sender';
import { endOffsets, ReplyPartition } from './reply-partition';
import { TopicCreator } from './topic-creator';

/**
 * `send` and `emit` over Kafka for code that injects a ClientProxy. Requests go to their context's
 * commands topic with a deadline; replies come back on one partition of this app's replies topic,
 * read by this instance alone in a consumer group of its own that commits no offsets (see
 * ReplyPartition), so that any number of instances get their replies and none leaves state behind.
 */
export class KafkaClient extends ClientKafka implements OnApplicationShutdown {
  protected override logger = new Logger(KafkaClient.name);
  private readonly settings: ResolvedKafkaOptions;
  private readonly replyTopic: string;
  private readonly topics: TopicCreator;
  private readonly sender: OrderedSender;
  private readonly replies: ReplyPartition;
  private closing = false;

  constructor(options: KafkaTransportOptions) {
    const settings = resolvedOptions(options);
    const replies = new ReplyPartition();
    super({
      client: { ...kafkaClientConfig(`shipping.${settings.app}.client`, settings), logLevel: logLevel.WARN },
      consumer: {
        groupId: `shipping.${settings.app}.replies.${randomUUID()}`,
        partitionAssigners: [replies.assigner],
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
      postfixId: '',
      parser: { keepBinary: true },
      deserializer: replyDeserializer,
    });
    this.settings = settings;
    this.replies = replies;
    this.replyTopic = topicName(settings.app, 'replies');
    this.topics = new TopicCreator(() => this.client as Kafka, settings);
    this.sender = new OrderedSender(
      () => this.producer,
      (topics) => this.topics.ensure(topics),
    );
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

  /**
   * Positions the reply consumer at the end of its partition before connect() resolves, so the
   * reply to the first request cannot land before it.
   */
  override async bindTopics(): Promise<void> {
    this.closing = false;
    const topic = this.replyTopic;
    await this.topics.ensure([topic]);
    this.replies.startAt(await endOffsets(this.client as Kafka, topic));
    const consumer = this.consumer;
    // Emitted, on every (re)join, before the consumer fetches: the seek applies to its next fetch.
    consumer.on(consumer.events.GROUP_JOIN, () => consumer.seek({ topic, ...this.replies.position }));
    await consumer.subscribe({ topics: [topic] });
    const respond = this.createResponseCallback();
    const run = () =>
      consumer.run({
        autoCommit: false,
        eachMessage: async (payload) => {
          this.replies.read(payload.message.offset);
          // Replies to the other instances sharing the partition, and late ones, are not even decoded.
          const id = headerText(payload.message.headers, KafkaHeaders.CORRELATION_ID);
          if (id !== undefined && this.routingMap.has(id)) await respond(payload);
        },
      });
    await run();
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
      const { key, payload, timeoutMs } = requestParts(packet.data);
      const message = outgoingMessage(pattern, key, payload, trace.setSpan(context.active(), span));
      message.headers = {
        ...message.headers,
        [KafkaHeaders.CORRELATION_ID]: id,
        [KafkaHeaders.REPLY_TOPIC]: this.replyTopic,
        [KafkaHeaders.REPLY_PARTITION]: String(this.replies.partition),
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
    const { key, payload } = eventParts(packet.data);
    const span = tracer().startSpan(`${pattern} publish`, {
      kind: SpanKind.PRODUCER,
      attributes: { 'messaging.system': 'kafka' },
    });
    const message = outgoingMessage(pattern, key, payload, trace.setSpan(context.active(), span));
    return endedWith(span, this.sender.send(topicOfPattern(pattern, 'events'), message));
  }
}
