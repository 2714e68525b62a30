import type { Position } from '../event-store';

/** Where a named subscription got to in $all. */
export interface CheckpointStore {
  /** The last position stored under `name`, or undefined when the subscription never ran. */
  load(name: string): Promise<Position | undefined>;
  store(name: string, position: Position): Promise<void>;
}

/** Checkpoints kept in memory: for tests, and subscriptions that may replay from the start. */
export class InMemoryCheckpointStore implements CheckpointStore {
  private readonly positions = new Map<string, Position>();

  async load(name: string): Promise<Position | undefined> {
    return this.positions.get(name);
  }

  async store(name: string, position: Position): Promise<void> {
    this.positions.set(name, position);
  }
}
