import { Logger } from '@nestjs/common';
import {
  KafkaContext,
  type MessageHandler,
  type OutgoingResponse,
  type ReadPacket,
  ServerKafka,
} from '@nestjs/microservices';
import {
  type Admin,
  type Consumer,
  type EachMessagePayload,
  type Kafka,
  logLevel,
  Partitioners,
  type RecordMetadata,
} from 'kafkajs';
import { internalErrorPayload } from '../errors/error-payloads';
import { watchConsumerLag } from '../observability/consumer-lag';
import { servedHandler } from '../served-handler';
import { endedWith, SpanKind, traceContextOfHeaders, tracer } from '../observability/trace-context';
import { stackOf } from '../errors/stack-of';
import { runEventHandler } from '../run-event-handler';
import { keepConsuming } from './keep-consuming';
import {
  CONSUMER_SESSION,
  FETCH_WAIT_MS,
  type KafkaTransportOptions,
  resolvedOptions,
} from './kafka-options';
import { kafkaClientConfig } from './kafka-security';
import { topicOfPattern } from './kafka-topics';
import {
  DEADLINE_HEADER,
  headerText,
  PATTERN_HEADER,
  replySerializer,
  requestDeserializer,
  UnserializableReply,
} from './kafka-wire';
import { TopicCreator } from './topic-creator';

/**
 * Nest's Kafka server with this service's conventions: one topic per context and kind, the
 * pattern in a header, one consumer group per app, and the in-process transport's semantics
 * where handlers can tell (JSON payloads, failing event handlers logged, not redelivered).
 */
export class KafkaServer extends ServerKafka {
  protected override logger = new Logger(KafkaServer.name);
  private readonly topics: TopicCreator;
  private readonly requestTimeoutMs: number;
  /** Requests being handled and replies being sent, which close() lets finish. */
  private readonly inHand = new Set<Promise<unknown>>();
  private closing = false;
  private adminClient: Promise<Admin> | undefined;
  private stopWatchingLag: (() => void) | undefined;

  constructor(options: KafkaTransportOptions) {
    const settings = resolvedOptions(options);
    super({
      client: { ...kafkaClientConfig(`shipping.${settings.app}.server`, settings), logLevel: logLevel.WARN },
      consumer: { groupId: `shipping.${settings.app}`, maxWaitTimeInMs: FETCH_WAIT_MS, ...CONSUMER_SESSION },
      producer: { allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner },
      postfixId: '',
      parser: { keepBinary: true },
      serializer: replySerializer,
      deserializer: requestDeserializer,
      // Partitions in parallel; within one, events one at a time (see handleMessage).
      run: { partitionsConsumedConcurrently: settings.partitions },
    });
    this.topics = new TopicCreator(() => this.client as Kafka, settings);
    this.requestTimeoutMs = settings.requestTimeoutMs;
  }

  /** Whether a broker answers (readiness): the cluster's metadata through this server's admin client. */
  async brokerAnswers(): Promise<void> {
    await (await this.connectedAdmin()).describeCluster();
  }

  private connectedAdmin(): Promise<Admin> {
    this.adminClient ??= (async () => {
      const admin = (this.client as Kafka).admin();
      await admin.connect();
      return admin;
    })().catch((error: unknown) => {
      this.adminClient = undefined;
      throw error;
    });
    return this.adminClient;
  }

  override getHandlerByPattern(pattern: string): MessageHandler | null {
    return servedHandler(this.messageHandlers, pattern, (written) => super.getHandlerByPattern(written));
  }

  /**
   * Stops taking messages, then lets the requests in hand reply (for as long as their senders
   * wait at most), as the in-process transport does.
   */
  override async close(): Promise<void> {
    this.closing = true;
    this.stopWatchingLag?.();
    await this.consumer?.disconnect();
    const deadline = Date.now() + this.requestTimeoutMs;
    while (this.inHand.size > 0 && Date.now() < deadline) {
      await Promise.race([
        Promise.allSettled(this.inHand),
        new Promise((resolve) => setTimeout(resolve, 50)),
      ]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const admin = this.adminClient;
    this.adminClient = undefined;
    await admin?.then((connected) => connected.disconnect()).catch(() => undefined);
    await super.close();
  }

  /**
   * Subscribes to the topics of the app's patterns from the earliest offset its group has not
   * committed: events published while the app was down are handled when it comes back, and
   * requests that waited longer than their deadline are skipped (see handleMessage).
   */
  override async bindEvents(consumer: Consumer): Promise<void> {
    const topics = new Set<string>();
    for (const [pattern, handler] of this.messageHandlers) {
      topics.add(topicOfPattern(pattern, handler.isEventHandler ? 'events' : 'commands'));
    }
    await this.topics.ensure(topics);
    if (topics.size > 0) {
      await consumer.subscribe({ topics: [...topics], fromBeginning: true });
      this.stopWatchingLag = watchConsumerLag(() => this.connectedAdmin(), this.groupId, [...topics]);
    }
    const run = () => consumer.run({ ...this.options.run, eachMessage: this.getMessageHandler() });
    await run();
    keepConsuming(consumer, run, this.logger, () => this.closing);
  }

  /**
   * Apps share a context's topic, so a pattern without a handler here is another app's (or no
   * one's: its requester times out and answers "unavailable"). Events are handled one at a time
   * per partition, so one aggregate's events keep their order. Requests start in that order but
   * run side by side, as on the in-process transport: a slow request must not hold up the others,
   * and its sender, not Kafka, retries it. Nothing here fails the consumer: an unreadable message
   * is logged and skipped rather than redelivered forever.
   */
  override async handleMessage(payload: EachMessagePayload): Promise<void> {
    const { headers } = payload.message;
    const pattern = headerText(headers, PATTERN_HEADER);
    const handler = pattern === undefined ? undefined : this.getHandlerByPattern(pattern);
    if (!handler) {
      return;
    }
    if (!handler.isEventHandler && Number(headerText(headers, DEADLINE_HEADER)) < Date.now()) {
      this.logger.warn(`Skipped a request for "${pattern}" that its sender stopped waiting for.`);
      return;
    }
    const handled = this.handledInTrace(pattern as string, handler.isEventHandler === true, payload).catch(
      (error: unknown) => {
        this.logger.error(
          `A message for pattern "${pattern}" on ${payload.topic} could not be handled.`,
          stackOf(error),
        );
      },
    );
    if (handler.isEventHandler) {
      await handled;
    } else {
      this.track(handled);
    }
  }

  /** Handled in a span that continues the sender's trace from the message's `traceparent` header. */
  private handledInTrace(pattern: string, isEvent: boolean, payload: EachMessagePayload): Promise<void> {
    return tracer().startActiveSpan(
      `${pattern} ${isEvent ? 'process' : 'handle'}`,
      {
        kind: isEvent ? SpanKind.CONSUMER : SpanKind.SERVER,
        attributes: {
          'messaging.system': 'kafka',
          'messaging.destination.name': payload.topic,
          'messaging.kafka.partition': payload.partition,
        },
      },
      traceContextOfHeaders(payload.message.headers),
      (span) => endedWith(span, super.handleMessage(payload)),
    );
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inHand.add(work);
    const forget = () => this.inHand.delete(work);
    work.then(forget, forget);
    return work;
  }

  override handleEvent(pattern: string, packet: ReadPacket, context: KafkaContext): Promise<void> {
    return runEventHandler(this.getHandlerByPattern(pattern), pattern, packet.data, context, this.logger);
  }

  override async sendMessage(
    message: OutgoingResponse,
    replyTopic: string,
    replyPartition: string | undefined | null,
    correlationId: string,
    context: KafkaContext,
  ): Promise<RecordMetadata[]> {
    const what = `The reply to a request on ${context.getTopic()}`;
    try {
      return await this.track(super.sendMessage(message, replyTopic, replyPartition, correlationId, context));
    } catch (error) {
      if (error instanceof UnserializableReply) {
        this.logger.error(`${what} cannot be serialised as JSON.`, stackOf(error));
        return this.sendMessage(
          { id: correlationId, err: internalErrorPayload(), isDisposed: true },
          replyTopic,
          replyPartition,
          correlationId,
          context,
        );
      }
      // Its sender times out and answers "unavailable"; nobody else is waiting for this promise.
      this.logger.error(`${what} could not be sent.`, stackOf(error));
      return [];
    }
  }
}
