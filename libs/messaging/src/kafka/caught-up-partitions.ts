import type { Admin } from 'kafkajs';

/** The longest pause between two reads of where the group stands while the broker cannot answer. */
const MAX_PAUSE_MS = 5_000;

/**
 * When a group member has caught up: every partition it got at its first assignment handled up to
 * the partition's end at that moment. A member that gets no partition (more instances than
 * partitions) is caught up at once; one that follows from now on (`fromNow`), once it is told
 * to start at the partitions' ends, so it gets every message sent after that.
 * A rebalance before that recomputes the partitions to wait for.
 */
export class CaughtUpPartitions {
  readonly promise: Promise<void>;
  private resolve!: () => void;
  private done = false;
  /** Partition -> the offset after which it counts as caught up (its last message then). */
  private readonly waitingFor = new Map<number, bigint>();
  /** The last offset handled here per partition: the group's commit may not have caught up with it. */
  private readonly handledUpTo = new Map<number, bigint>();
  /** Assignments so far: a read for an older one stops asking. */
  private assignments = 0;
  private stopped = false;

  constructor(
    private readonly admin: Admin,
    private readonly groupId: string,
    private readonly topic: string,
    /** Where a member that follows from now on starts: the partitions' ends when it first joins. */
    private readonly fromNow: ((partition: number, offset: string) => void) | undefined,
    private readonly firstPauseMs = 250,
  ) {
    this.promise = new Promise((resolve) => (this.resolve = resolve));
  }

  /**
   * Reads where the group stands on the partitions just assigned, asking again after a growing
   * pause while the broker cannot answer (a partition whose leader is not elected yet, just after
   * the topic was created): a read given up would leave the member never caught up, and its app
   * never ready. A newer assignment, or `stop`, ends the asking.
   */
  async assigned(partitions: number[], onFailure?: (error: unknown, pauseMs: number) => void): Promise<void> {
    const assignment = ++this.assignments;
    const superseded = () => this.stopped || assignment !== this.assignments;
    for (let pause = this.firstPauseMs; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
      try {
        return await this.readAssigned(partitions);
      } catch (error) {
        if (superseded()) return;
        onFailure?.(error, pause);
        await new Promise((done) => setTimeout(done, pause));
        if (superseded()) return;
      }
    }
  }

  stop(): void {
    this.stopped = true;
  }

  private async readAssigned(partitions: number[]): Promise<void> {
    if (this.done) return;
    if (partitions.length === 0) return this.finish();
    if (this.fromNow) {
      const ends = await this.admin.fetchTopicOffsets(this.topic);
      for (const end of ends) if (partitions.includes(end.partition)) this.fromNow(end.partition, end.high);
      return this.finish();
    }
    const [ends, [committed]] = await Promise.all([
      this.admin.fetchTopicOffsets(this.topic),
      this.admin.fetchOffsets({ groupId: this.groupId, topics: [this.topic] }),
    ]);
    this.waitingFor.clear();
    for (const partition of partitions) {
      const end = ends.find((each) => each.partition === partition);
      if (!end) continue;
      const at = BigInt(committed?.partitions.find((each) => each.partition === partition)?.offset ?? '-1');
      const here = (this.handledUpTo.get(partition) ?? -1n) + 1n;
      const next = [at < 0n ? BigInt(end.low) : at, here].reduce((a, b) => (a > b ? a : b));
      if (next < BigInt(end.high)) this.waitingFor.set(partition, BigInt(end.high) - 1n);
    }
    if (this.waitingFor.size === 0) this.finish();
  }

  handled(partition: number, offset: string): void {
    if (this.done) return;
    this.handledUpTo.set(partition, BigInt(offset));
    const last = this.waitingFor.get(partition);
    if (last === undefined || BigInt(offset) < last) return;
    this.waitingFor.delete(partition);
    if (this.waitingFor.size === 0) this.finish();
  }

  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.resolve();
  }
}
