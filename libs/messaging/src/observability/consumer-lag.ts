import type { Admin } from 'kafkajs';
import { Gauge } from 'prom-client';

interface PartitionLag {
  topic: string;
  partition: number;
  lag: number;
}

type LagSource = { group: string; read: () => Promise<PartitionLag[]> };

const sources = new Set<LagSource>();
/** A scrape waits this long for the broker, then reports what it has. */
const SCRAPE_WAIT_MS = 2_000;

new Gauge({
  name: 'shipping_kafka_consumer_lag_messages',
  help: "Messages on a partition not yet committed by the app's consumer group",
  labelNames: ['group', 'topic', 'partition'],
  async collect() {
    this.reset();
    await Promise.all(
      [...sources].map(async (source) => {
        const rows = await withinWait(source.read()).catch(() => []);
        for (const row of rows) {
          this.set({ group: source.group, topic: row.topic, partition: String(row.partition) }, row.lag);
        }
      }),
    );
  },
});

/**
 * Reports the lag of `group` on `topics` at each scrape, read from the broker through `admin`
 * (committed offset against the partition's high watermark). Returns the function that stops it.
 */
export function watchConsumerLag(admin: () => Promise<Admin>, group: string, topics: string[]): () => void {
  const source: LagSource = {
    group,
    read: async () => {
      const connected = await admin();
      const committed = await connected.fetchOffsets({ groupId: group, topics });
      const rows: PartitionLag[] = [];
      for (const { topic, partitions } of committed) {
        const heads = await connected.fetchTopicOffsets(topic);
        for (const head of heads) {
          const at = Number(partitions.find((p) => p.partition === head.partition)?.offset ?? -1);
          const from = at < 0 ? Number(head.low) : at;
          rows.push({ topic, partition: head.partition, lag: Math.max(0, Number(head.high) - from) });
        }
      }
      return rows;
    },
  };
  sources.add(source);
  return () => sources.delete(source);
}

function withinWait<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the broker did not answer in time')), SCRAPE_WAIT_MS);
  });
  return Promise.race([work, gaveUp]).finally(() => clearTimeout(timer));
}
