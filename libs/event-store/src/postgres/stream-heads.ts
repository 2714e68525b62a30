import type { ChainLink } from './append-statement';

/**
 * The last event this process appended to each stream it wrote lately, so the next append of a
 * command that just wrote there finds the hash to chain to without a read. A head may be out of
 * date (another instance appended since): the append statement checks it and the store reads it
 * again. Bounded: the oldest streams written are forgotten first.
 */
export class StreamHeads {
  private readonly heads = new Map<string, ChainLink>();

  constructor(private readonly capacity = 10_000) {}

  get(streamName: string): ChainLink | undefined {
    return this.heads.get(streamName);
  }

  set(streamName: string, head: ChainLink): void {
    this.heads.delete(streamName);
    this.heads.set(streamName, head);
    if (this.heads.size > this.capacity) this.heads.delete(this.heads.keys().next().value as string);
  }

  forget(streamName: string): void {
    this.heads.delete(streamName);
  }
}
