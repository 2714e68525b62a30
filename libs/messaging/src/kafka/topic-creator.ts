import { Logger } from '@nestjs/common';
import type { Kafka } from 'kafkajs';

/** Room for the gateway's largest body (BODY_LIMIT, 4 MB) as JSON; Kafka's default is 1 MB. */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

const TOPIC_CONFIG = [{ name: 'max.message.bytes', value: String(MAX_MESSAGE_BYTES) }];

/**
 * Creates topics before they are used (brokers run with topic auto-creation off), once per topic
 * and process. Two apps racing to create one topic both succeed: the loser finds it there.
 */
export class TopicCreator {
  private readonly logger = new Logger(TopicCreator.name);
  private readonly created = new Map<string, Promise<void>>();

  constructor(
    private readonly kafka: () => Kafka,
    private readonly partitions: number,
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
    const admin = this.kafka().admin();
    await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const missing = topics.filter((topic) => !existing.has(topic));
      if (missing.length === 0) {
        return;
      }
      await admin
        .createTopics({
          topics: missing.map((topic) => ({
            topic,
            numPartitions: this.partitions,
            configEntries: TOPIC_CONFIG,
          })),
          waitForLeaders: true,
        })
        .catch(async (error: unknown) => {
          const now = new Set(await admin.listTopics());
          if (missing.some((topic) => !now.has(topic))) {
            throw error;
          }
        });
      this.logger.log(`Created topics ${missing.join(', ')} (${this.partitions} partitions).`);
    } finally {
      await admin.disconnect();
    }
  }
}
