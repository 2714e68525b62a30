import { comparePositions, type Position } from '../event-store';

/** Where a named subscription got to in $all. */
export interface CheckpointStore {
  /** The furthest position stored under `name`, or undefined when the subscription never ran. */
  load(name: string): Promise<Position | undefined>;
  /** Moves the checkpoint to `position` if that is further on; an earlier position changes nothing. */
  store(name: string, position: Position): Promise<void>;
}

/** Checkpoints kept in memory: for tests, and subscriptions that may replay from the start. */
export class InMemoryCheckpointStore implements CheckpointStore {
  private readonly positions = new Map<string, Position>();

  async load(name: string): Promise<Position | undefined> {
    return this.positions.get(name);
  }

  async store(name: string, position: Position): Promise<void> {
    const stored = this.positions.get(name);
    if (!stored || comparePositions(stored, position) < 0) this.positions.set(name, position);
  }
}
