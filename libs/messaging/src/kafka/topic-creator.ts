import { Logger } from '@nestjs/common';
import type { Admin, ITopicMetadata, Kafka } from 'kafkajs';

/** Room for the gateway's largest body (BODY_LIMIT, 4 MB) as JSON; Kafka's default is 1 MB. */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** How this process's topics are laid out: partitions, replicas, and replicas an acks=all write needs. */
export interface TopicSettings {
  partitions: number;
  replicationFactor?: number;
  minInsyncReplicas?: number;
}

const CREATE_ATTEMPTS = 5;
/**
 * How long a start keeps trying while the broker says "not yet" (a topic listed but not served,
 * no leader yet, no connection): a broker busy with a whole runtime's topics on a loaded machine
 * took longer than the five quick tries that any other error gets.
 */
export const CREATE_PATIENCE_MS = 60_000;
const RETRY_DELAY_MS = 300;
const MAX_RETRY_DELAY_MS = 2_000;

/**
 * Creates topics before they are used (brokers run with topic auto-creation off), once per topic
 * and process. Two apps racing to create one topic both succeed: the loser finds it there, or
 * tries again (an app creating a topic another app is creating can hear "unknown topic" while the
 * broker settles it).
 */
export class TopicCreator {
  private readonly logger = new Logger(TopicCreator.name);
  private readonly created = new Map<string, Promise<void>>();

  constructor(
    private readonly kafka: () => Kafka,
    private readonly settings: TopicSettings,
    private readonly patienceMs = CREATE_PATIENCE_MS,
  ) {}

  ensure(topics: Iterable<string>): Promise<void> {
    const missing = [...new Set(topics)].filter((topic) => !this.created.has(topic));
    if (missing.length > 0) {
      const creating = this.create(missing);
      for (const topic of missing) {
        this.created.set(
          topic,
          creating.catch((error: unknown) => {
            this.created.delete(topic);
            throw error;
          }),
        );
      }
    }
    return Promise.all([...new Set(topics)].map((topic) => this.created.get(topic))).then(() => undefined);
  }

  private async create(topics: string[]): Promise<void> {
    const giveUpAt = Date.now() + this.patienceMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.createOnce(topics);
      } catch (error) {
        if (attempt >= CREATE_ATTEMPTS && !(notYet(error) && Date.now() < giveUpAt)) throw error;
        const delay = Math.min(RETRY_DELAY_MS * attempt, MAX_RETRY_DELAY_MS);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async createOnce(topics: string[]): Promise<void> {
    const admin = this.kafka().admin();
    await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const missing = topics.filter((topic) => !existing.has(topic));
      if (missing.length > 0) {
        await this.createMissing(admin, missing);
      }
      this.warnOfFewerPartitions(await this.leadersElected(admin, topics));
    } finally {
      await admin.disconnect();
    }
  }

  private async createMissing(admin: Admin, missing: string[]): Promise<void> {
    const { partitions, replicationFactor = 1, minInsyncReplicas = 1 } = this.settings;
    await admin
      .createTopics({
        topics: missing.map((topic) => ({
          topic,
          numPartitions: partitions,
          replicationFactor,
          configEntries: [
            { name: 'max.message.bytes', value: String(MAX_MESSAGE_BYTES) },
            { name: 'min.insync.replicas', value: String(minInsyncReplicas) },
          ],
        })),
        waitForLeaders: true,
      })
      .catch(async (error: unknown) => {
        const now = new Set(await admin.listTopics());
        if (missing.some((topic) => !now.has(topic))) {
          throw withBrokerReasons(error);
        }
      });
    this.logger.log(
      `Created topics ${missing.join(', ')} (${partitions} partitions, ${replicationFactor} replicas, min.insync.replicas ${minInsyncReplicas}).`,
    );
  }

  /** A topic another app has just created is listed before the broker serves it; subscribing then fails. */
  private async leadersElected(admin: Admin, topics: string[]): Promise<ITopicMetadata[]> {
    const { topics: metadata } = await admin.fetchTopicMetadata({ topics });
    const leaderless = metadata.filter((topic) => topic.partitions.some((partition) => partition.leader < 0));
    if (leaderless.length > 0) {
      throw new Error(`No leader yet for ${leaderless.map((topic) => topic.name).join(', ')}.`);
    }
    return metadata;
  }

  /**
   * An existing topic keeps its partitions: adding some would send a key's next messages to
   * another partition than its earlier ones, and they could be handled out of order.
   */
  private warnOfFewerPartitions(existing: ITopicMetadata[]): void {
    for (const { name, partitions } of existing) {
      if (partitions.length < this.settings.partitions) {
        this.logger.warn(
          `Topic ${name} has ${partitions.length} partitions, fewer than the ${this.settings.partitions} configured (KAFKA_PARTITIONS). It keeps them: adding partitions would move keys and reorder their messages.`,
        );
      }
    }
  }
}

/** What a broker that is still settling answers, in kafkajs' terms or ours. */
export function notYet(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { retriable, name } = cause as Error & { retriable?: boolean };
    if (retriable === true || name === 'KafkaJSConnectionError' || cause.message.startsWith('No leader yet'))
      return true;
  }
  return false;
}

/** kafkajs says "Topic creation errors" and keeps the broker's reason per topic underneath. */
function withBrokerReasons(error: unknown): unknown {
  const reasons = (error as { errors?: { topic?: string; message?: string }[] }).errors;
  if (!Array.isArray(reasons) || reasons.length === 0) return error;
  return new Error(
    `Creating Kafka topics failed: ${reasons.map((reason) => `${reason.topic}: ${reason.message}`).join('; ')}`,
    { cause: error },
  );
}
