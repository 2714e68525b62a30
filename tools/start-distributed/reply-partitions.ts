import { Kafka, logLevel } from 'kafkajs';
import { APPS, type AppName } from './launcher-options';

/**
 * The apps' replies topics the broker already has with fewer partitions than processes of their
 * app, as sentences: topics made by an earlier run with a lower KAFKA_PARTITIONS are not grown.
 */
export async function replyTopicsTooSmall(
  brokerAddress: string,
  instances: Record<AppName, number>,
): Promise<string[]> {
  const kafka = new Kafka({
    clientId: 'start-distributed',
    brokers: [brokerAddress],
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const appOf = new Map(APPS.map((app) => [`shipping.${app}.replies`, app]));
    const topics = [...appOf.keys()].filter((topic) => existing.has(topic));
    if (topics.length === 0) return [];
    const { topics: metadata } = await admin.fetchTopicMetadata({ topics });
    return metadata.flatMap(({ name, partitions }) => {
      const app = appOf.get(name) as AppName;
      return partitions.length < instances[app]
        ? [`${name} has ${partitions.length} partitions for ${instances[app]} ${app} processes`]
        : [];
    });
  } finally {
    await admin.disconnect();
  }
}
