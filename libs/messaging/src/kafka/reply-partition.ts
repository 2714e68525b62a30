import { randomInt } from 'node:crypto';
import { type Assigner, AssignerProtocol, type Kafka } from 'kafkajs';

/** A topic partition's next offset (the end of the partition, when read before anything is consumed). */
export interface PartitionOffset {
  partition: number;
  offset: string;
}

/**
 * The one partition of its app's replies topic that an instance has its replies sent to and reads,
 * in a consumer group of its own that commits nothing, and the offset it reads from next. Any
 * number of instances share the partitions (each picks one at random when it starts), and each
 * drops the replies of the others that picked the same one. The position is kept here rather
 * than in the group: it starts at the partition's end, read before the first request is sent, and
 * the consumer is sent back to it whenever it (re)joins its group, so that neither the first
 * reply nor one sent while the consumer rejoined after a broker restart is skipped.
 */
export class ReplyPartition {
  private chosen: number | undefined;
  private next = '0';

  /** Picks the partition (once: later starts keep it) and reads on from its current end. */
  startAt(ends: PartitionOffset[]): void {
    this.chosen ??= ends[randomInt(ends.length)].partition;
    const end = ends.find(({ partition }) => partition === this.chosen);
    if (!end) throw new Error(`The replies topic has no partition ${this.chosen}.`);
    this.next = end.offset;
  }

  get partition(): number {
    if (this.chosen === undefined) throw new Error('No reply partition before the client connected.');
    return this.chosen;
  }

  /** Where the consumer reads on from after a (re)join. */
  get position(): PartitionOffset {
    return { partition: this.partition, offset: this.next };
  }

  /** A message at `offset` was read: a rejoin reads on after it. */
  read(offset: string): void {
    this.next = (BigInt(offset) + 1n).toString();
  }

  /** kafkajs' partition assigner for the instance's own group: every member (there is one) gets the chosen partition. */
  readonly assigner = (): Assigner => ({
    name: 'ShippingOwnReplyPartition',
    version: 1,
    protocol: ({ topics }) => ({
      name: 'ShippingOwnReplyPartition',
      metadata: AssignerProtocol.MemberMetadata.encode({ version: 1, topics, userData: Buffer.alloc(0) }),
    }),
    assign: ({ members, topics }) =>
      Promise.resolve(
        members.map(({ memberId }) => ({
          memberId,
          memberAssignment: AssignerProtocol.MemberAssignment.encode({
            version: 1,
            assignment: Object.fromEntries(topics.map((topic) => [topic, [this.partition]])),
            userData: Buffer.alloc(0),
          }),
        })),
      ),
  });
}

const END_OFFSET_ATTEMPTS = 12;
const RETRY_DELAY_MS = 50;

/**
 * Each partition's end offset (where the next message will be written), read with a short-lived
 * admin client. A topic just created can answer "not the leader" for a moment after its leaders
 * are listed, which kafkajs' admin does not retry: such errors are tried again here.
 */
export async function endOffsets(kafka: Kafka, topic: string): Promise<PartitionOffset[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const offsets = await admin.fetchTopicOffsets(topic);
        return offsets.map(({ partition, offset }) => ({ partition, offset }));
      } catch (error) {
        if (!(error as { retriable?: boolean }).retriable || attempt >= END_OFFSET_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt));
      }
    }
  } finally {
    await admin.disconnect();
  }
}
