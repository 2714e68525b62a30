import { Logger } from '@nestjs/common';
import { type EachBatchPayload, type IHeaders, Kafka, logLevel } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { watchConsumerLag } from '../observability/consumer-lag';
import { CaughtUpPartitions } from './caught-up-partitions';
import { CONSUMER_SESSION, FETCH_WAIT_MS } from './kafka-options';
import { type KafkaConnection, kafkaClientConfig } from './kafka-security';
import { keepConsuming } from './keep-consuming';
import { TopicCreator } from './topic-creator';

export interface PartitionedMessage {
  key: string | null;
  value: Buffer;
  headers: IHeaders;
  partition: number;
  offset: string;
}

export interface PartitionedConsumerOptions extends KafkaConnection {
  clientId: string;
  /** The consumer group: its instances share the topic's partitions, one owner per partition. */
  groupId: string;
  topic: string;
  /** Partitions of the topic, should this consumer be the one to create it. */
  partitions: number;
  /**
   * Each message of a partition, one at a time, in order. A throw is retried after a growing wait,
   * for as long as the partition stays with this instance; the offset is committed only after.
   */
  handle(message: PartitionedMessage): Promise<void>;
  /** Told the partitions this instance got, each time the group's members change, before any is handled. */
  onAssigned?(partitions: number[]): void;
  logger?: Logger;
  /**
   * Every instance of the app gets every message sent from its start on, none of the history: a
   * group of its own that commits nothing, so the broker forgets it once it stops.
   */
  everyInstance?: boolean;
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

export interface RunningConsumer {
  /** Resolves once the partitions this instance first got are handled up to where they stood then. */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

/** Handled offsets are committed every this many messages or milliseconds, and when partitions move. */
const COMMIT_EVERY = { autoCommitThreshold: 100, autoCommitInterval: 250 };

/**
 * A Kafka consumer group member that handles each partition's messages in order, one partition per
 * instance at a time: how the work of an app is split among its instances. Delivery is at least
 * once: after a crash or a rebalance, messages handled since the last commit come again.
 *
 * A handler may take longer than the session timeout (a retried request, a large batch): the
 * member keeps heart-beating while it runs, and stops handling a batch whose partition moved to
 * another instance (the new owner starts from the last commit).
 */
export async function startPartitionedConsumer(
  options: PartitionedConsumerOptions,
): Promise<RunningConsumer> {
  const logger = options.logger ?? new Logger('PartitionedConsumer');
  const { topic } = options;
  const groupId = options.everyInstance ? `${options.groupId}.${randomUUID()}` : options.groupId;
  const kafka = new Kafka({ ...kafkaClientConfig(options.clientId, options), logLevel: logLevel.WARN });
  await new TopicCreator(() => kafka, options).ensure([topic]);
  const admin = kafka.admin();
  await admin.connect();
  const consumer = kafka.consumer({ groupId, ...CONSUMER_SESSION, maxWaitTimeInMs: FETCH_WAIT_MS });
  const caughtUp = new CaughtUpPartitions(
    admin,
    groupId,
    topic,
    options.everyInstance ? (partition, offset) => consumer.seek({ topic, partition, offset }) : undefined,
  );
  consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
    const partitions = payload.memberAssignment[topic] ?? [];
    options.onAssigned?.(partitions);
    void caughtUp.assigned(partitions, (error, pauseMs) =>
      logger.warn(
        `Could not read where ${groupId} stands on ${topic}, asked again in ${pauseMs} ms: ${String(error)}`,
      ),
    );
  });
  let closing = false;
  const firstDelay = options.retryDelayMs ?? 1_000;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;

  const eachBatch = async (payload: EachBatchPayload) => {
    const { batch, resolveOffset, commitOffsetsIfNecessary } = payload;
    const moved = heartbeatWhileBusy(payload);
    try {
      for (const message of batch.messages) {
        const handled = await retried(
          () =>
            options.handle({
              key: message.key?.toString() ?? null,
              value: message.value ?? Buffer.alloc(0),
              headers: message.headers ?? {},
              partition: batch.partition,
              offset: message.offset,
            }),
          () => closing || moved.happened(),
          (error, waitMs) =>
            logger.error(
              { err: error, groupId, partition: batch.partition, offset: message.offset, retryInMs: waitMs },
              `${groupId} could not handle a message of ${topic}; it is tried again`,
            ),
          firstDelay,
          maxDelay,
        );
        if (!handled) return;
        resolveOffset(message.offset);
        caughtUp.handled(batch.partition, message.offset);
        await commitOffsetsIfNecessary();
      }
    } finally {
      moved.stop();
    }
  };
  const run = () =>
    consumer.run({
      autoCommit: !options.everyInstance,
      ...COMMIT_EVERY,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: options.partitions,
      eachBatch,
    });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: !options.everyInstance });
  await run();
  keepConsuming(consumer, run, logger, () => closing);
  const stopWatchingLag = options.everyInstance
    ? () => undefined
    : watchConsumerLag(async () => admin, groupId, [topic]);
  return {
    caughtUp: caughtUp.promise,
    stop: async () => {
      closing = true;
      caughtUp.stop();
      stopWatchingLag();
      await consumer.disconnect();
      await admin.disconnect().catch(() => undefined);
    },
  };
}

/**
 * Sends heartbeats every second while a batch is handled, so a long handler keeps its membership;
 * a heartbeat refused because the group is rebalancing means the partition may be moving: the
 * batch stops at the next message, uncommitted, for its next owner.
 */
function heartbeatWhileBusy({ heartbeat, isRunning, isStale }: EachBatchPayload) {
  let rebalancing = false;
  const timer = setInterval(() => {
    heartbeat().catch(() => (rebalancing = true));
  }, CONSUMER_SESSION.heartbeatInterval);
  return {
    happened: () => rebalancing || isStale() || !isRunning(),
    stop: () => clearInterval(timer),
  };
}

/** Runs `work` until it succeeds (true) or `givenUp` says stop (false), waiting longer after each failure. */
async function retried(
  work: () => Promise<void>,
  givenUp: () => boolean,
  onFailure: (error: unknown, waitMs: number) => void,
  firstDelay: number,
  maxDelay: number,
): Promise<boolean> {
  let delay = firstDelay;
  for (;;) {
    if (givenUp()) return false;
    try {
      await work();
      return true;
    } catch (error) {
      if (givenUp()) return false;
      onFailure(error, delay);
      const until = Date.now() + delay;
      while (Date.now() < until && !givenUp()) {
        await new Promise((done) => setTimeout(done, Math.min(100, until - Date.now())));
      }
      delay = Math.min(delay * 2, maxDelay);
    }
  }
}
